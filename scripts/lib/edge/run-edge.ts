/**
 * Starts nginx with the build's edge configuration (dist/edge/nginx.conf): its two inputs filled
 * in, serving dist/client and passing the rest to the origin. `npm run edge` and the edge tests
 * start it this way.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNginxProcess, waitForHttp, type RunningNginx } from '../nginx.ts';

export interface EdgeOptions {
  distDir: string;
  host: string;
  port: number;
  originUrl: string;
  /** Several origins (npm run cluster): requests are spread over them; `originUrl` is then ignored. */
  originUrls?: string[];
  runDir: string;
  workers?: number | 'auto';
  accessLog?: string;
  stdio?: 'inherit' | 'ignore';
}

/**
 * The template with its inputs filled in, as envsubst would (only these two variables). With
 * several origins the upstream gets a server line each: nginx spreads requests over them and
 * sends a request that could not reach one (refused, reset before an answer) to the next, except
 * a POST, which it never repeats: the client is told (502) and may retry with its Idempotency-Key.
 */
function fillEdgeTemplate(template: string, listen: string, originAddresses: string[]): string {
  const servers = originAddresses.map((address) => `server ${address} max_fails=1 fail_timeout=2s;`).join('\n  ');
  // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst placeholders, meant literally
  return template.replaceAll('${EDGE_LISTEN}', listen).replaceAll('server ${ORIGIN_ADDRESS};', servers);
}

export async function startEdge(options: EdgeOptions): Promise<RunningNginx & { url: string }> {
  const template = resolve(options.distDir, 'edge', 'nginx.conf');
  if (!existsSync(template)) throw new Error(`${template} is missing: run npm run build first`);
  const runDir = resolve(options.runDir);
  mkdirSync(runDir, { recursive: true });
  const site = resolve(runDir, 'canopy-cove.conf');
  writeFileSync(
    site,
    fillEdgeTemplate(
      readFileSync(template, 'utf8'),
      `${options.host}:${options.port}`,
      (options.originUrls ?? [options.originUrl]).map((url) => new URL(url).host),
    ),
  );
  const nginx = startNginxProcess({ runDir, prefix: options.distDir, http: `  include ${site};`, workers: options.workers, accessLog: options.accessLog, stdio: options.stdio });
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${options.port}`;
  await waitForHttp(`${url}/favicon.svg`, nginx.child, nginx.errorLog);
  return { ...nginx, url };
}
