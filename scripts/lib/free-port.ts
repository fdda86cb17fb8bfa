/** TCP ports on 127.0.0.1 that were free a moment ago: for processes we start. */
import { createServer } from 'node:net';

/** Resolves with `port` if it can be listened on now (the OS picks one for 0), else undefined. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be listened on now. */
export async function portFree(port: number): Promise<boolean> {
  return (await tryPort(port)) === port;
}

export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}

/** The first of `count` consecutive free ports (a range such as CLUSTER_BASE_PORT's). */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = await freePort();
    if (base + count - 1 > 65_535) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => tryPort(base + i + 1)));
    if (rest.every((port) => port !== undefined)) return base;
  }
  throw new Error(`no ${count} consecutive free TCP ports on 127.0.0.1`);
}
