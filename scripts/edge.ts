/**
 * `npm run edge`: Debian's nginx as the CDN edge in front of the service. It serves the
 * pre-rendered build (dist/client) as the origin would, and passes every other request to
 * ORIGIN_URL (start that with `npm run serve`, TRUST_PROXY=1). Settings: EDGE_HOST, EDGE_PORT,
 * ORIGIN_URL, DIST_DIR (src/config.ts).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, loadEdgeConfig } from '../src/config.ts';
import { nginxAvailable } from './lib/nginx.ts';
import { startEdge } from './lib/edge/run-edge.ts';

if (!nginxAvailable()) {
  console.error('nginx is not installed: apt-get install nginx');
  process.exit(1);
}
const edge = loadEdgeConfig();
const { distDir } = loadConfig();
const running = await startEdge({ distDir, ...edge, runDir: join(tmpdir(), `canopy-cove-edge-${edge.port}`), workers: 'auto', accessLog: '/dev/stdout', stdio: 'inherit' });
console.log(`edge: ${running.url} serves ${distDir}/client and passes the rest to ${edge.originUrl} (nginx log: ${running.errorLog})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.stop().then(() => process.exit(0)));
running.child.once('exit', (code) => process.exit(code ?? 1));
