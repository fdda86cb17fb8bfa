/**
 * The HTTP ceiling: a bare node:http server, in its own process, that answers each GET with the
 * bytes the service sends for the same path, read once into memory, and POSTs by reading the JSON
 * body and answering a small JSON object, the least any write endpoint must do. No logic and no
 * per-request work beyond finding the answer by its URL. What it reaches on this machine with the
 * same load generator is the most our server could reach on the same path.
 *
 *   node --import tsx bench/bare-server.ts <answers-file>   (prints {"port": N} once listening)
 *
 * "The same bytes" is the whole response, headers included. `<answers-file>` is a JSON list of
 * `{ url, prefix?, bodyFile, headers }` the bench captured from one real answer of the service
 * per path (bench/run.ts): `headers` are its [name, value] pairs, so each GET is answered with the
 * header lines the contract makes the service send (CORS, request id, ETag, ...), written from
 * memory. A GET is matched by its whole URL, else by the first `prefix` entry its URL starts with
 * (one captured profile answers the walk over every agent). Any other GET is a 404.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CapturedAnswer {
  url: string;
  /** Answer every URL that starts with `url` (checked after the exact URLs). */
  prefix?: boolean;
  bodyFile: string;
  headers: Array<[string, string]>;
}

interface Answer {
  body: Buffer;
  /** A flat [name, value, name, value...] list, which writeHead takes as it is. */
  sameHeaders: string[];
}

const captured: CapturedAnswer[] = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const exact = new Map<string, Answer>();
const prefixes: Array<[string, Answer]> = [];
for (const c of captured) {
  const body = readFileSync(c.bodyFile);
  const answer = { body, sameHeaders: [...c.headers.flat(), 'Content-Length', String(body.length)] };
  if (c.prefix) prefixes.push([c.url, answer]);
  else exact.set(c.url, answer);
}
const find = (url: string) => exact.get(url) ?? prefixes.find(([prefix]) => url.startsWith(prefix))?.[1];

const written = Buffer.from(JSON.stringify({ ok: true, points: 5, tier: 'Bronze', createdAt: new Date(0).toISOString() }));
const writtenHeaders = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(written.length)];

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, writtenHeaders);
      res.end(written);
    });
    return;
  }
  const answer = find(req.url!);
  if (!answer) {
    res.writeHead(404, ['Content-Length', '0']);
    res.end();
    return;
  }
  res.writeHead(200, answer.sameHeaders);
  res.end(answer.body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
