/**
 * Starts nginx with the build's edge configuration (dist/edge/nginx.conf): its two inputs filled
 * in, serving dist/client and passing the rest to the origin. `npm run edge` and the edge tests
 * start it this way.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNginxProcess, waitForHttp, workerUser, type RunningNginx } from '../nginx.ts';

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
  /** See NginxOptions.ownProcessGroup. */
  ownProcessGroup?: boolean;
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

/**
 * nginx starts whether or not its workers can read the build, then answers every file with 403.
 * A file every build has is asked for once, and an edge that cannot serve it is stopped with the
 * reason, rather than left answering 403s.
 */
async function refuseUnreadableBuild(probe: string, nginx: RunningNginx, distDir: string): Promise<void> {
  const { status } = await fetch(probe);
  if (status === 200) return;
  await nginx.stop();
  const worker = workerUser(resolve(distDir));
  const who = worker ? `${worker.user}, the owner of ${resolve(distDir)}` : 'this user';
  throw new Error(
    `nginx answered ${status} for ${new URL(probe).pathname}: its workers (running as ${who}) cannot read ${resolve(distDir, 'client')}. Every folder above it must be searchable (x) by that user, and the files readable; see ${nginx.errorLog}.`,
  );
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
  const nginx = startNginxProcess({
    runDir,
    prefix: options.distDir,
    http: `  include ${site};`,
    workers: options.workers,
    accessLog: options.accessLog,
    stdio: options.stdio,
    ownProcessGroup: options.ownProcessGroup,
  });
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${options.port}`;
  await waitForHttp(`${url}/favicon.svg`, nginx.child, nginx.errorLog);
  await refuseUnreadableBuild(`${url}/favicon.svg`, nginx, options.distDir);
  return { ...nginx, url };
}
