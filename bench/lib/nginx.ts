/**
 * The static-file ceiling: Debian's nginx, one worker process with its access log on, serving the
 * pre-rendered file of a path from dist/client with the same header lines the service sends
 * (captured from one real answer). What it reaches is what a well-tuned static server gives on
 * this machine for the same bytes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Whether nginx is installed (`apt-get install nginx`); the bench skips this ceiling without it. */
export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface NginxCeiling {
  child: ChildProcess;
  origin: string;
}

/** Headers nginx writes itself for a file; the rest of the service's are added as they were captured. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'etag', 'last-modified', 'date', 'connection', 'keep-alive', 'accept-ranges', 'vary', 'server']);

const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

export async function startNginx(options: { dir: string; root: string; port: number; path: string; file: string; headers: Array<[string, string]> }): Promise<NginxCeiling> {
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const added = options.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())).map(([name, value]) => `      add_header ${name} ${quote(value)} always;`);
  const conf = `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  server_tokens off;
  server {
    listen 127.0.0.1:${options.port};
    root ${resolve(options.root)};
    location = ${options.path} {
      default_type "application/json; charset=utf-8";
      try_files ${options.file} =404;
${added.join('\n')}
    }
  }
}
`;
  const confFile = resolve(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = spawn('nginx', ['-c', confFile, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${options.port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(origin + options.path)).ok) return { child, origin };
    } catch {
      // Not listening yet.
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start (see ${dir}/error.log)`);
}

/** The nginx worker's pid (what answers requests), for CPU sampling. */
export function nginxWorkerPid(master: ChildProcess): number {
  const out = spawnSync('pgrep', ['-P', String(master.pid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  return Number(out) || master.pid!;
}
