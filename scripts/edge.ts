/**
 * `npm run edge`: Debian's nginx as the CDN edge in front of the service. It serves the
 * pre-rendered build (dist/client) as the origin would, and passes every other request to
 * ORIGIN_URL (start that with `npm run serve`, TRUST_PROXY=1). Settings: EDGE_HOST, EDGE_PORT,
 * ORIGIN_URL, DIST_DIR (src/config.ts). SIGTERM or SIGINT stops nginx, then this process
 * (docs/operators.md).
 */
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, loadEdgeConfig } from '../src/config.ts';
import { nginxAvailable } from './lib/nginx.ts';
import { startEdge } from './lib/edge/run-edge.ts';
import { stopOnSignals } from './lib/stop-on-signals.ts';

if (!nginxAvailable()) {
  console.error('nginx is not installed: apt-get install nginx');
  process.exit(1);
}
/**
 * nginx opens its access log by path. /dev/stdout cannot be opened when stdout is a socket (the
 * systemd journal, a pipe from a Node parent), so the log then goes to a file, named at start.
 */
function accessLogPath(runDir: string): string {
  try {
    closeSync(openSync('/dev/stdout', 'a'));
    return '/dev/stdout';
  } catch {
    return join(runDir, 'access.log');
  }
}

const edge = loadEdgeConfig();
const { distDir } = loadConfig();
const runDir = join(tmpdir(), `canopy-cove-edge-${edge.port}`);
const accessLog = accessLogPath(runDir);
const starting = startEdge({
  distDir,
  ...edge,
  runDir,
  workers: 'auto',
  accessLog,
  stdio: 'inherit',
  ownProcessGroup: true,
});
let running: Awaited<typeof starting> | undefined;
// Installed before nginx is up: a signal while it starts waits for it, then stops it.
const stopper = stopOnSignals({
  stop: async () => {
    await (await starting.catch(() => undefined))?.stop();
  },
  kill: () => running?.child.kill('SIGTERM'),
});
running = await starting.catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { child, url, errorLog } = running;
console.log(`edge: ${url} serves ${distDir}/client and passes the rest to ${edge.originUrl} (nginx log: ${errorLog}; access log: ${accessLog})`);
child.once('exit', (code, signal) => {
  if (stopper.stopping) return;
  console.error(`nginx exited by itself (${signal ?? code}); see ${errorLog}`);
  stopper.stop(1);
});
