/**
 * A problem+json response written straight to a socket, for the answers that have no
 * ServerResponse: a request Node's parser rejected (400, 431, 408; server `clientError`) and a
 * connection refused by the caps before any request was read (src/server/connection-guard.ts).
 * They keep the contract of every other response (docs/api.md, "Conventions"): CORS, the security
 * headers, a request id, and an RFC 9457 body with `dataFreshness`. The connection is closed after
 * it, as Node itself does after a parser error.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DataFreshness } from '../http/freshness.ts';
import { type Problem, renderProblem } from '../http/problem.ts';
import { CORS_HEADERS } from './cors.ts';
import { EVERY_RESPONSE_HEADERS } from './security-headers.ts';

export type RawProblem = Problem;

/** What a raw problem needs from the service: the freshness of "now". */
export interface RawProblemContext {
  freshness: () => DataFreshness;
}

export function rawProblemResponse(ctx: RawProblemContext, problem: RawProblem, requestId: string = randomUUID()): string {
  const { status, headers: own, body } = renderProblem({ ...problem, extra: { ...problem.extra, requestId } }, ctx.freshness());
  const headers: Record<string, string> = {
    ...own,
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    'X-Request-Id': requestId,
    ...Object.fromEntries([...EVERY_RESPONSE_HEADERS, ...CORS_HEADERS]),
  };
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, `Date: ${new Date().toUTCString()}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** How long a refused socket may keep sending before it is cut: enough for the client to read the answer. */
const LINGER_MS = 2_000;

/**
 * Writes the response and half-closes. What the client still sends is read and dropped for a
 * moment rather than left unread, since closing a socket with unread data resets it and the
 * client could lose the answer before reading it.
 */
export function sendRawProblem(socket: Duplex, response: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.on('error', () => socket.destroy());
  socket.end(response);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
