/**
 * Answers the requests Node's HTTP parser rejects before any handler sees them (server
 * `clientError`): headers over Node's 16 KiB limit are 431, a request that did not arrive within
 * the header or request timeout is 408, anything the parser cannot read is 400. Node's own
 * answers to these are bare status lines without CORS or a body; these are problem+json like
 * every other error (src/server/raw-problem.ts). So is the answer to CONNECT, which Node hands to
 * a listener of its own rather than to the request handler.
 */
import type { Server } from 'node:http';
import type { ServerLimits } from '../config.ts';
import type { Duplex } from 'node:stream';
import { rawProblemResponse, sendRawProblem, type RawProblem, type RawProblemContext } from './raw-problem.ts';

/** The parser's verdict as a problem; undefined when nothing should be written (a reset socket). */
function parserProblem(error: NodeJS.ErrnoException, limits: Pick<ServerLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>): RawProblem | undefined {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined;
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'request_header_fields_too_large', detail: 'The request line and headers together are limited to 16 KiB.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'payload_too_large', detail: 'Chunk extensions are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        code: 'request_timeout',
        detail: `The request did not arrive in time: its headers are allowed ${limits.headersTimeoutMs / 1000} s and the whole request ${limits.requestTimeoutMs / 1000} s.`,
      };
    default:
      return { code: 'bad_request', detail: 'The request is not valid HTTP/1.1.' };
  }
}

export function answerParserErrors(server: Server, ctx: RawProblemContext, limits: ServerLimits): void {
  // Without a listener Node drops a CONNECT's socket without a word: this is an origin, not a proxy.
  server.on('connect', (_req, socket: Duplex) =>
    sendRawProblem(
      socket,
      rawProblemResponse(ctx, { code: 'method_not_allowed', detail: 'CONNECT is not supported: this server is an origin, not a proxy.', headers: { Allow: 'GET, HEAD, POST, OPTIONS' } }),
    ),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const problem = parserProblem(error, limits);
    // A response already begun on this connection cannot be followed by another one.
    const current = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (!problem || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    sendRawProblem(socket, rawProblemResponse(ctx, problem));
  });
}
