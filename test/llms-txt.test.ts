/**
 * /llms.txt and /llms-full.txt over HTTP, against the built server: the llmstxt.org structure,
 * every site link answering 200 on this very server, and the full file holding every endpoint of
 * the discovery index and every knowledge-base entry with its references and citeAs line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLlmsTxt } from './support/llms-txt-structure.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
let baseUrl: string;
let siteName: string;
let endpoints: Array<{ method: string; path: string }>;
let knowledge: { topics: Record<string, Array<{ id: string; name: string; citeAs: string; permalink: string; body: string; references: Array<{ title: string }> }>> };

beforeAll(async () => {
  service = await startService();
  const index = await request(service.url, '/api/public');
  expect(index.status).toBe(200);
  baseUrl = index.body.baseUrl;
  siteName = (await request(service.url, '/api/public/stats')).body.brand.name;
  endpoints = index.body.endpoints;
  knowledge = (await request(service.url, '/api/public/knowledge')).body;
});
afterAll(async () => {
  await service?.stop();
});

/** A link to this site, as a path on the test server; undefined for other sites. */
function sitePath(url: string): string | undefined {
  if (url.startsWith('/')) return url;
  if (url === baseUrl || url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`)) return url.slice(baseUrl.length) || '/';
  return undefined;
}

describe('GET /llms.txt', () => {
  let text: string;
  beforeAll(async () => {
    const res = await fetch(`${service.url}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    text = await res.text();
  });

  it('follows the llmstxt.org structure', () => {
    const doc = parseLlmsTxt(text);
    expect(doc.problems).toEqual([]);
    expect(text.split('\n')[0]).toBe(`# ${siteName}`);
    expect(doc.summary.length).toBeGreaterThan(20);
    expect(doc.sections.map((s) => s.name)).toEqual(expect.arrayContaining(['API', 'Feeds', 'Knowledge base']));
    expect(doc.sections.at(-1)!.name).toBe('Optional');
  });

  it('names every endpoint of the discovery index', () => {
    for (const ep of endpoints) {
      if (ep.path.startsWith('/feeds/') || ep.path.startsWith('/llms')) continue;
      expect(text, `${ep.method} ${ep.path}`).toContain(`- [${ep.method} ${ep.path}](`);
    }
  });

  it('links only absolute http(s) or site-relative URLs, and every site link answers 200 here (the MCP server answers a GET with 405)', async () => {
    const links = parseLlmsTxt(text).sections.flatMap((s) => s.links);
    expect(links.length).toBeGreaterThan(20);
    const paths = new Set<string>();
    for (const { url } of links) {
      expect(url, url).toMatch(/^(https?:\/\/[^\s]+|\/[^\s]*)$/);
      const path = sitePath(url);
      if (path) paths.add(path);
    }
    expect(paths.size).toBeGreaterThan(20);
    for (const path of paths) {
      const res = await fetch(service.url + path);
      await res.arrayBuffer();
      // The MCP server takes only POST (Streamable HTTP without a server stream): a GET is 405.
      if (path === '/mcp') expect([res.status, res.headers.get('allow')], path).toEqual([405, 'POST, OPTIONS']);
      else expect(res.status, path).toBe(200);
    }
  });
});

describe('GET /llms-full.txt', () => {
  let text: string;
  beforeAll(async () => {
    const res = await fetch(`${service.url}/llms-full.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    text = await res.text();
  });

  it('starts with an H1 and a blockquote summary', () => {
    const [h1, blank, quote] = text.split('\n');
    expect(h1).toMatch(new RegExp(`^# ${siteName}`));
    expect(blank).toBe('');
    expect(quote).toMatch(/^> \S/);
  });

  it('documents every endpoint of the discovery index and the feeds', () => {
    for (const ep of endpoints) expect(text).toContain(`\n### ${ep.method} ${ep.path}\n`);
    for (const path of ['/feeds/videos.xml', '/feeds/podcast.xml', '/feeds/videos.json', '/llms.txt', '/llms-full.txt']) expect(text).toContain(`\n### GET ${path}\n`);
  });

  it('holds every knowledge-base entry in full, with its references and citeAs', () => {
    const entries = Object.values(knowledge.topics).flat();
    expect(entries.length).toBe(33);
    for (const e of entries) {
      expect(text, e.id).toContain(`\n#### ${e.name}\n`);
      expect(text, e.id).toContain(e.body);
      expect(text, e.id).toContain(`Cite as: ${e.citeAs}`);
      expect(text, e.id).toContain(`- permalink: ${e.permalink}`);
      for (const r of e.references) expect(text, `${e.id}: ${r.title}`).toContain(r.title);
    }
  });
});
