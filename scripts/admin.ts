/** `npm run admin -- <command>`: operator CLI for the rewards program (see scripts/lib/admin-commands.ts). */
import { clockFrom } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { migrateOrThrow } from '../src/store/migrate.ts';
import { runAdminCommand } from './lib/admin-commands.ts';

const config = loadConfig();
const { clock } = clockFrom(config.clockStart);
const store = openStore(config);
try {
  await migrateOrThrow(store);
  const result = await runAdminCommand(store, process.argv.slice(2), () => clock.now());
  (result.exitCode ? console.error : console.log)(result.lines.join('\n'));
  process.exitCode = result.exitCode;
} finally {
  await store.close();
}
