/**
 * The HTTP ceiling: a bare node:http server, in its own process, that answers GETs with the bytes
 * the service sends for a pre-rendered read, read once into memory, and POSTs by reading the JSON
 * body and answering a small JSON object, the least any write endpoint must do. No routing, no
 * logic, no per-request work. What it reaches on this machine with the same load generator is the
 * most our server could reach on the same path.
 *
 *   node --import tsx bench/bare-server.ts <body-file> [<headers-file>]   (prints {"port": N} once listening)
 *
 * "The same bytes" is the whole response, headers included: `<headers-file>` is a JSON list of
 * [name, value] pairs the bench captured from one real answer of the service (bench/run.ts), so a
 * GET is answered with the same header lines the contract makes the service send (CORS, request
 * id, ETag, ...; 13 lines against 4), each written from memory. A GET to a path under /minimal
 * answers the body with Content-Type and Content-Length only, the ceiling the bench used before
 * (BENCHMARKS.md, fix 27): the load generator parses every header line, on the same two cores.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const captured: Array<[string, string]> = process.argv[3] ? JSON.parse(readFileSync(process.argv[3], 'utf8')) : [];
const written = Buffer.from(JSON.stringify({ ok: true, points: 5, tier: 'Bronze', createdAt: new Date(0).toISOString() }));

// Flat [name, value, name, value...] lists, which writeHead takes as they are (no header object).
const minimalHeaders = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)];
const sameHeaders = captured.length ? [...captured.flat(), 'Content-Length', String(body.length)] : minimalHeaders;
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
  res.writeHead(200, req.url!.startsWith('/minimal') ? minimalHeaders : sameHeaders);
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
