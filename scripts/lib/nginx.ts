/**
 * Runs Debian's nginx unprivileged, in the foreground, with everything it writes (pid, logs,
 * temporary files) under one folder of ours: `npm run edge` (scripts/edge.ts), the edge tests and
 * the benchmark's static-file ceiling (bench/lib/nginx.ts) start it this way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Whether nginx is installed (`apt-get install nginx`). */
export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface NginxOptions {
  /** Where the main configuration, pid, logs and temporary files go. */
  runDir: string;
  /** nginx's prefix (-p): relative paths in the configuration resolve against it. */
  prefix: string;
  /** The http block's own directives (servers, maps...). */
  http: string;
  workers?: number | 'auto';
  /** An access log file, or off. */
  accessLog?: string;
  stdio?: 'inherit' | 'ignore';
}

export interface RunningNginx {
  child: ChildProcess;
  errorLog: string;
  stop(): Promise<void>;
}

export function startNginxProcess(options: NginxOptions): RunningNginx {
  const dir = resolve(options.runDir);
  mkdirSync(dir, { recursive: true });
  const errorLog = resolve(dir, 'error.log');
  const conf = `worker_processes ${options.workers ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log ${options.accessLog ?? 'off'};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
${options.http}
}
`;
  const confFile = resolve(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = spawn('nginx', ['-p', `${resolve(options.prefix)}/`, '-c', confFile], { stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'] });
  return {
    child,
    errorLog,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((ok) => child.once('exit', ok));
      // SIGQUIT: graceful shutdown, the master waits for its workers.
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Resolves once `url` answers at all (any status), or throws after about 5 s. */
export async function waitForHttp(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url);
      return;
    } catch {
      // Not listening yet.
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start (see ${errorLog})`);
}

/** The nginx worker's pid (what answers requests), for CPU sampling. */
export function nginxWorkerPid(master: ChildProcess): number {
  const out = spawnSync('pgrep', ['-P', String(master.pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[0];
  return Number(out) || master.pid!;
}
