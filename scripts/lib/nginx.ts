/**
 * Runs Debian's nginx in the foreground, with everything it writes (pid, logs, temporary files)
 * under one folder of ours: `npm run edge` (scripts/edge.ts), `npm run cluster`, the edge tests
 * and the benchmark's static-file ceiling (bench/lib/nginx.ts) start it this way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Whether nginx is installed (`apt-get install nginx`). */
export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface NginxOptions {
  /** Where the main configuration, pid, logs and temporary files go. */
  runDir: string;
  /**
   * nginx's prefix (-p): relative paths in the configuration resolve against it. Started as root,
   * nginx runs its workers as this folder's owner (see workerUser).
   */
  prefix: string;
  /** The http block's own directives (servers, maps...). */
  http: string;
  workers?: number | 'auto';
  /** An access log file, or off. */
  accessLog?: string;
  stdio?: 'inherit' | 'ignore';
  /**
   * Run nginx in a process group of its own, so a signal sent to the caller's group (Ctrl-C)
   * reaches only the caller, which stops nginx itself (scripts/lib/stop-on-signals.ts).
   */
  ownProcessGroup?: boolean;
}

export interface RunningNginx {
  child: ChildProcess;
  errorLog: string;
  stop(): Promise<void>;
}

/** The name the user database gives a uid or gid (`getent passwd|group`), if it has one. */
function nameOf(database: 'passwd' | 'group', id: number): string | undefined {
  const entry = spawnSync('getent', [database, String(id)], { encoding: 'utf8' });
  const name = entry.status === 0 ? entry.stdout.split(':')[0] : '';
  return name || undefined;
}

/**
 * Who nginx's workers run as when the master is started as root, or undefined when it is not.
 * Without a `user` directive a root master runs its workers as `nobody`, who cannot read a build
 * under a private folder (a home, or a `mktemp -d` folder of mode 700) and answers 403 for every
 * file. The workers run as the owner of the folder nginx serves instead: whoever can read the
 * build. (Started unprivileged, nginx runs its workers as itself and ignores the directive.)
 */
export function workerUser(servedDir: string): { user: string; group: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const { uid, gid } = statSync(servedDir);
  const user = nameOf('passwd', uid);
  const group = nameOf('group', gid);
  if (!user || !group) {
    throw new Error(
      `nginx is started as root, so its workers must run as the user who owns ${servedDir}, but its owner (uid ${uid}, gid ${gid}) has no name in the user database (getent passwd/group); nginx's "user" takes names only. Give the build an owner with a name (chown -R), or run as that user.`,
    );
  }
  return { user, group };
}

export function startNginxProcess(options: NginxOptions): RunningNginx {
  const dir = resolve(options.runDir);
  mkdirSync(dir, { recursive: true });
  const errorLog = resolve(dir, 'error.log');
  const worker = workerUser(resolve(options.prefix));
  const conf = `${worker ? `user ${worker.user} ${worker.group};\n` : ''}worker_processes ${options.workers ?? 1};
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
  const child = spawn('nginx', ['-p', `${resolve(options.prefix)}/`, '-c', confFile], {
    stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'],
    detached: options.ownProcessGroup ?? false,
  });
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
