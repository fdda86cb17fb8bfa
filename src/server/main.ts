/**
 * `npm run serve`: starts the built service (run `npm run build` first; `npm start` does both).
 * The one place that knows both the server and the routes: it hands the server the route table
 * made from the registry of operations and the agent doors.
 */
import { a2aDoor } from '../a2a/door.ts';
import { findOperation, operations } from '../api/registry.ts';
import { loadConfig } from '../config.ts';
import { routeTable } from '../http/route-table.ts';
import { mcpDoor } from '../mcp/door.ts';
import { startService } from './start.ts';

const config = loadConfig();
const service = await startService(routeTable(operations, findOperation, [mcpDoor, a2aDoor]), config).catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${config.port} on ${config.host} is already in use; set PORT to another port.`);
  else if (error.code === 'ENOENT') console.error(`No build found (${error.path ?? 'dist/'}); run npm run build first, or npm start.`);
  else console.error(error);
  process.exit(1);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    // The drain cuts connections after the grace period; this bounds the rest (database, logs).
    setTimeout(() => process.exit(1), config.server.shutdownGraceMs + 5_000).unref();
    await service.close();
    process.exit(0);
  });
}
