/**
 * Graceful stop (SIGTERM): stop accepting, let every request already received finish and be
 * answered, close kept-alive connections as soon as they fall idle instead of serving them on,
 * and cut whatever is still open after the grace period, so the process exits in bounded time.
 *
 * Node's `server.close()` closes the connections idle at that instant, but a kept-alive
 * connection busy then stays open after its response and keeps taking requests until something
 * cuts it, possibly mid-request. So while draining every answer says `Connection: close`, and
 * connections that fall idle are closed within `SWEEP_MS`. A request that reaches a connection
 * in the moment it is closed was never answered; clients retry those on a new connection.
 */
import type { Server } from 'node:http';

const SWEEP_MS = 50;

/** Resolves once every connection has ended: at most `graceMs` after the call, and a moment. */
export function drain(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
