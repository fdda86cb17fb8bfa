/**
 * Problems written straight to a socket, for the answers that have no ServerResponse: a request
 * Node's HTTP parser rejected (server `clientError`), CONNECT (which Node hands to a listener of
 * its own rather than to the request handler), and a connection refused by the caps before any
 * request was read (src/server/connection-guard.ts). Node's own answers to these are bare status
 * lines; these keep the contract of every other response (docs/api.md, "Conventions"): CORS, the
 * security headers, a request id, and an RFC 9457 body with `dataFreshness`. The connection is
 * closed after it, as Node itself does after a parser error.
 */
import { randomUUID } from 'node:crypto';
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerLimits } from '../config.ts';
import type { DataFreshness } from '../http/freshness.ts';
import { type Problem, renderProblem } from '../http/problem.ts';
import { CORS_HEADERS } from '../schemas/api/cors.ts';
import { EVERY_RESPONSE_HEADERS } from './security-headers.ts';

/** How long a refused socket may keep sending before it is cut: enough for the client to read the answer. */
const LINGER_MS = 2_000;

/**
 * Writes the problem and half-closes. What the client still sends is read and dropped for a
 * moment rather than left unread, since closing a socket with unread data resets it and the
 * client could lose the answer before reading it.
 */
export function sendRawProblem(socket: Duplex, problem: Problem, freshness: () => DataFreshness): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const { status, headers, body } = renderProblem({ ...problem, extra: { ...problem.extra, requestId } }, freshness());
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, `Date: ${new Date().toUTCString()}`, 'Connection: close', `X-Request-Id: ${requestId}`];
  for (const [name, value] of [...Object.entries(headers), ['Content-Length', String(Buffer.byteLength(body))], ...EVERY_RESPONSE_HEADERS, ...CORS_HEADERS]) lines.push(`${name}: ${value}`);
  socket.on('error', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** The parser's verdict as a problem; undefined when nothing should be written (a reset socket). */
function parserProblem(error: NodeJS.ErrnoException, limits: ServerLimits): Problem | undefined {
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

/** Headers over Node's 16 KiB limit are 431, a request not in within its timeouts 408, anything else unreadable 400. */
export function answerParserErrors(server: Server, freshness: () => DataFreshness, limits: ServerLimits): void {
  // Without a listener Node drops a CONNECT's socket without a word: this is an origin, not a proxy.
  const connect: Problem = { code: 'method_not_allowed', detail: 'CONNECT is not supported: this server is an origin, not a proxy.', headers: { Allow: 'GET, HEAD, POST, OPTIONS' } };
  server.on('connect', (_req, socket: Duplex) => sendRawProblem(socket, connect, freshness));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const problem = parserProblem(error, limits);
    // A response already begun on this connection cannot be followed by another one.
    const current = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (problem && socket.writable && !current?.headersSent) sendRawProblem(socket, problem, freshness);
    else socket.destroy();
  });
}
