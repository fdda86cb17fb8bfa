/** `npm run serve`: starts the built service (run `npm run build` first; `npm start` does both). */
import { startService } from '../src/server/start.ts';

const service = await startService();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await service.close();
    process.exit(0);
  });
}
