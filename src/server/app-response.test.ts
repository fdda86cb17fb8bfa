import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBaseHeader, AppResponse } from './app-response.ts';

/** Each path answers one way a handler may write a response; every one adds the same base headers. */
const handlers: Record<string, (res: AppResponse) => void> = {
  '/list': (res) => {
    res.writeHead(200, ['Content-Type', 'text/plain', 'Content-Length', '2']);
    res.end('ok');
  },
  '/list-after-set': (res) => {
    res.setHeader('Connection', 'close');
    res.writeHead(201, ['Content-Type', 'text/plain', 'Content-Length', '2']);
    res.end('ok');
  },
  '/object': (res) => {
    res.writeHead(404, 'Gone Fishing', { 'Content-Type': 'text/plain' });
    res.end('no');
  },
  '/implicit': (res) => {
    res.statusCode = 202;
    res.setHeader('X-Request-Id', 'chosen-by-handler');
    res.end('implicit');
  },
};

let server: Server;
let origin: string;
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer({ ServerResponse: AppResponse }, (req, res) => {
    res.addBaseHeader('X-Request-Id', 'base-id');
    addBaseHeader(res, 'Access-Control-Allow-Origin', '*');
    handlers[req.url!](res);
    res.once('finish', () => seen.push(res.listedContentLength));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

function fetchRaw(path: string): Promise<{ status: number; message: string; headers: string[][]; body: string }> {
  return new Promise((ok, fail) => {
    get(origin + path, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const headers: string[][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        ok({ status: res.statusCode!, message: res.statusMessage!, headers, body });
      });
    }).on('error', fail);
  });
}

const named = (headers: string[][], name: string) => headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

describe('AppResponse', () => {
  it('writes the base headers ahead of a header list, once each', async () => {
    const res = await fetchRaw('/list');
    expect(res.status).toBe(200);
    expect(res.body).toBe('ok');
    expect(res.headers.slice(0, 4)).toEqual([
      ['X-Request-Id', 'base-id'],
      ['Access-Control-Allow-Origin', '*'],
      ['Content-Type', 'text/plain'],
      ['Content-Length', '2'],
    ]);
    expect(named(res.headers, 'x-request-id')).toEqual(['base-id']);
  });

  it('merges a header list with headers set before it', async () => {
    const res = await fetchRaw('/list-after-set');
    expect(res.status).toBe(201);
    expect(named(res.headers, 'connection')).toEqual(['close']);
    expect(named(res.headers, 'x-request-id')).toEqual(['base-id']);
    expect(named(res.headers, 'access-control-allow-origin')).toEqual(['*']);
    expect(named(res.headers, 'content-length')).toEqual(['2']);
  });

  it('adds the base headers to a header object and keeps a status message', async () => {
    const res = await fetchRaw('/object');
    expect([res.status, res.message, res.body]).toEqual([404, 'Gone Fishing', 'no']);
    expect(named(res.headers, 'x-request-id')).toEqual(['base-id']);
    expect(named(res.headers, 'content-type')).toEqual(['text/plain']);
  });

  it('adds the base headers when the handler only ends, without replacing a header it set', async () => {
    const res = await fetchRaw('/implicit');
    expect([res.status, res.body]).toEqual([202, 'implicit']);
    expect(named(res.headers, 'x-request-id')).toEqual(['chosen-by-handler']);
    expect(named(res.headers, 'access-control-allow-origin')).toEqual(['*']);
  });

  it('remembers the Content-Length of a header list, which getHeader cannot see', async () => {
    seen.length = 0;
    await fetchRaw('/list');
    await fetchRaw('/object');
    expect(seen).toEqual(['2', undefined]);
  });

  it('sets a base header at once on a plain ServerResponse', () => {
    const set: Record<string, string> = {};
    addBaseHeader({ setHeader: (name: string, value: string) => void (set[name] = value) } as unknown as ServerResponse, 'X-A', 'b');
    expect(set).toEqual({ 'X-A': 'b' });
  });
});
