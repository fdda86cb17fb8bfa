/**
 * HTTP with node:http instead of fetch, for tests that need the request to go out exactly as
 * built (unnormalised paths, hand-set Content-Length or Transfer-Encoding) or many at once over a
 * bounded pool of kept-alive sockets; and requests pipelined on one socket, to arrive together.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { JsonResponse } from './service.ts';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header lines as sent: names and values in turn, repeated names not joined. */
  rawHeaders: string[];
  text: string;
}

export function rawClient(baseUrl: string, maxSockets = 8) {
  const { port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  return { send, close: () => agent.destroy() };
}

export interface PipelinedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends `requests` pipelined on one new connection, in a single write, so the server reads them
 * together, and resolves with their answers in order (each must carry Content-Length, as every
 * answer of ours does). The way to make requests arrive at the same instant.
 */
export function pipelined(baseUrl: string, requests: PipelinedRequest[]): Promise<JsonResponse[]> {
  const { port } = new URL(baseUrl);
  const wire = requests
    .map(({ method, path, headers = {}, body }) => {
      const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
    })
    .join('');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(wire));
    let received = Buffer.alloc(0);
    const answers: JsonResponse[] = [];
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine, ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n');
        const headers = new Headers(headerLines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string]));
        const length = Number(headers.get('content-length') ?? 0);
        if (received.length < end + 4 + length) return;
        const text = received.subarray(end + 4, end + 4 + length).toString('utf8');
        received = received.subarray(end + 4 + length);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        answers.push({ status: Number(statusLine.split(' ')[1]), headers, body, text });
        if (answers.length === requests.length) {
          socket.destroy();
          return resolve(answers);
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed after ${answers.length} of ${requests.length} answers`)));
  });
}

/**
 * Writes `wire` as it is on a new connection (a request no HTTP client would send: CONNECT, one
 * without Host) and resolves with the first answer, read until its Content-Length or the close.
 */
export function exchange(baseUrl: string, wire: string): Promise<RawResponse> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(wire));
    let received = Buffer.alloc(0);
    const answer = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers: RawResponse['headers'] = {};
      const rawHeaders: string[] = [];
      for (const line of headerLines) {
        const [name, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()];
        headers[name.toLowerCase()] = value;
        rawHeaders.push(name, value);
      }
      const length = Number(headers['content-length'] ?? Number.NaN);
      const body = received.subarray(end + 4);
      if (Number.isFinite(length) && body.length < length) return undefined;
      return { status: Number(statusLine.split(' ')[1]), headers, rawHeaders, text: body.subarray(0, Number.isFinite(length) ? length : undefined).toString('utf8') };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const done = answer();
      if (done) {
        socket.destroy();
        resolve(done);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const done = answer();
      if (done) resolve(done);
      else reject(new Error(`connection closed without an answer: ${received.toString('latin1').slice(0, 200)}`));
    });
  });
}
