/**
 * The static-file ceiling: Debian's nginx, one worker process with its access log on, serving the
 * pre-rendered file of a path from dist/client with the same header lines the service sends
 * (captured from one real answer). What it reaches is what a well-tuned static server gives on
 * this machine for the same bytes.
 */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { startNginxProcess, waitForHttp } from '../../scripts/lib/nginx.ts';

export { nginxAvailable, nginxWorkerPid } from '../../scripts/lib/nginx.ts';

export interface NginxCeiling {
  child: ChildProcess;
  origin: string;
}

/** Headers nginx writes itself for a file; the rest of the service's are added as they were captured. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'etag', 'last-modified', 'date', 'connection', 'keep-alive', 'accept-ranges', 'vary', 'server']);

const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

export async function startNginx(options: { dir: string; root: string; port: number; path: string; file: string; headers: Array<[string, string]> }): Promise<NginxCeiling> {
  const dir = resolve(options.dir);
  const added = options.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())).map(([name, value]) => `      add_header ${name} ${quote(value)} always;`);
  const http = `  server_tokens off;
  server {
    listen 127.0.0.1:${options.port};
    root ${resolve(options.root)};
    location = ${options.path} {
      default_type "application/json; charset=utf-8";
      try_files ${options.file} =404;
${added.join('\n')}
    }
  }`;
  const nginx = startNginxProcess({ runDir: dir, prefix: dir, http, accessLog: `${dir}/access.log` });
  const origin = `http://127.0.0.1:${options.port}`;
  await waitForHttp(origin + options.path, nginx.child, nginx.errorLog);
  return { child: nginx.child, origin };
}
