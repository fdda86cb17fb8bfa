/**
 * `npm run preview`: builds and serves the whole site (pages and API, as `npm start` does) at
 * http://localhost:4321, rebuilds on every save under content/, public/ or src/, and reloads open
 * pages when the new build is up. PORT and HOST work as for `npm start`. See scripts/lib/preview.ts.
 */
import { resolve } from 'node:path';
import { startPreview } from './lib/preview.ts';
import { serveArgs } from './lib/serve-command.ts';

const preview = await startPreview({
  root: resolve('.'),
  port: Number(process.env.PORT ?? 4321),
  host: process.env.HOST ?? '127.0.0.1',
  serveArgs: serveArgs(),
}).catch((error: Error) => {
  console.error(`[preview] ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await preview.close();
    process.exit(0);
  });
}
