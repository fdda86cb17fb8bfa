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
  runDir: string;
  workers?: number | 'auto';
  accessLog?: string;
  stdio?: 'inherit' | 'ignore';
}

/** The template with its inputs filled in, as envsubst would (only these two variables). */
function fillEdgeTemplate(template: string, listen: string, originAddress: string): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst placeholders, meant literally
  return template.replaceAll('${EDGE_LISTEN}', listen).replaceAll('${ORIGIN_ADDRESS}', originAddress);
}

export async function startEdge(options: EdgeOptions): Promise<RunningNginx & { url: string }> {
  const template = resolve(options.distDir, 'edge', 'nginx.conf');
  if (!existsSync(template)) throw new Error(`${template} is missing: run npm run build first`);
  const runDir = resolve(options.runDir);
  mkdirSync(runDir, { recursive: true });
  const site = resolve(runDir, 'canopy-cove.conf');
  writeFileSync(site, fillEdgeTemplate(readFileSync(template, 'utf8'), `${options.host}:${options.port}`, new URL(options.originUrl).host));
  const nginx = startNginxProcess({ runDir, prefix: options.distDir, http: `  include ${site};`, workers: options.workers, accessLog: options.accessLog, stdio: options.stdio });
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${options.port}`;
  await waitForHttp(`${url}/favicon.svg`, nginx.child, nginx.errorLog);
  return { ...nginx, url };
}
