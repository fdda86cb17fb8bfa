/**
 * HTTP with node:http instead of fetch, for tests that need the request to go out exactly as
 * built (unnormalised paths, hand-set Content-Length or Transfer-Encoding) or many at once over a
 * bounded pool of kept-alive sockets.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  return { send, close: () => agent.destroy() };
}
