/**
 * Graceful stop (SIGTERM): stop accepting, let every request already received finish and be
 * answered, and end every kept-alive connection without cutting a request on it.
 *
 * From the signal on, every response says `Connection: close` as its headers are written, those
 * of requests already in flight included, and Node closes the connection after it, so no client
 * sends another request on it. A connection idle at the signal may carry a request the server
 * has not read yet; closing it at once would reset that request, so it is closed only once it
 * has stayed idle for QUIET_MS (the bet Node's keep-alive timeout makes). Whatever is still open
 * after the grace period is cut, so the process exits in bounded time.
 */
import { type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

const QUIET_MS = 500;

export interface Drain {
  /** The responses of a server that can drain (createServer's `ServerResponse` option). */
  ServerResponse: typeof ServerResponse;
  /** Resolves once every connection has ended: at most `graceMs` after the call, and a moment. */
  drain(server: Server, graceMs: number): Promise<void>;
}

export function gracefulStop(): Drain {
  let draining = false;
  class DrainingResponse extends ServerResponse {
    override writeHead(status: number, message?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
      if (draining) this.setHeader('Connection', 'close');
      return super.writeHead(status, message as string, headers);
    }
  }
  return {
    ServerResponse: DrainingResponse as typeof ServerResponse,
    drain: (server, graceMs) =>
      new Promise((resolve) => {
        draining = true;
        const quiet = setTimeout(() => server.closeIdleConnections(), QUIET_MS);
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        // http.Server#close would also close the idle connections now; only the listener stops here.
        // It stops before any answer says Connection: close, so a client that reconnects at once is
        // refused (ECONNREFUSED, safe to retry elsewhere) rather than queued and then reset.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(quiet);
          clearTimeout(cut);
          resolve();
        });
      }),
  };
}
