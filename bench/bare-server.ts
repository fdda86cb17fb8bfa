/**
 * The HTTP ceiling: a bare node:http server, in its own process, that answers every GET with the
 * same bytes the service pre-rendered (read once into memory) and every POST by reading the JSON
 * body and answering a small JSON object, the least any write endpoint must do. No routing, no
 * headers beyond Content-Type and Content-Length. What it reaches on this machine with the same
 * load generator is the most our server could reach on the same path.
 *
 *   node --import tsx bench/bare-server.ts <body-file>   (prints {"port": N} once listening)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const written = Buffer.from(JSON.stringify({ ok: true, points: 5, tier: 'Bronze', createdAt: new Date(0).toISOString() }));

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': written.length });
      res.end(written);
    });
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
