import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entryLinks } from '../catalog/knowledge.ts';
import { fixtureCatalog, fixtureEntry } from '../../test/support/catalog-fixture.ts';
import { parseLlmsTxt } from '../../test/support/llms-txt-structure.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import { llmsFullTxtEndpoint, llmsTxtEndpoint, podcastRssEndpoint, videosJsonFeedEndpoint, videosRssEndpoint } from '../schemas/api/feeds.ts';
import { buildLlmsFullTxt, buildLlmsTxt } from './llms-txt.ts';
import { setPublicOrigin } from '../public-origin.ts';

// The fixture catalog is served at this origin.
setPublicOrigin('https://demo.example');

const endpoints: EndpointDoc[] = [
  {
    operationId: 'thing_1',
    method: 'GET',
    path: '/api/public/things',
    summary: 'List things.',
    tag: 'Things',
    auth: 'none',
    query: z.object({ kind: z.enum(['a', 'b']).optional().meta({ description: 'Only things of this kind.' }) }),
    status: 200,
    response: z.object({ items: z.array(z.string()), total: z.int() }),
    errors: ['invalid_request'],
    prerendered: true,
  },
  {
    operationId: 'thing_2',
    method: 'GET',
    path: '/api/public/things/{id}',
    summary: 'One [special] thing.',
    tag: 'Things',
    auth: 'none',
    pathParams: z.object({ id: z.string().meta({ description: 'Thing id.' }) }),
    status: 200,
    response: z.object({ thing: z.object({ id: z.string() }) }),
    errors: ['not_found'],
  },
  {
    operationId: 'thing_3',
    method: 'POST',
    path: '/api/public/things',
    summary: 'Create a thing.',
    tag: 'Things',
    auth: 'apiKey',
    body: z.object({ name: z.string().meta({ description: 'Display name.' }), note: z.string().optional() }),
    status: 201,
    response: z.object({ id: z.string() }),
    errors: ['invalid_request', 'invalid_api_key'],
    idempotent: true,
  },
  {
    operationId: 'vault',
    method: 'GET',
    path: '/api/public/vault',
    summary: 'Gated things.',
    tag: 'Things',
    auth: 'apiKey',
    minTier: 'Platinum',
    status: 200,
    response: z.object({}),
    errors: ['tier_required'],
  },
  videosRssEndpoint,
  podcastRssEndpoint,
  videosJsonFeedEndpoint,
  llmsTxtEndpoint,
  llmsFullTxtEndpoint,
];

describe('buildLlmsTxt', () => {
  const catalog = fixtureCatalog();
  const text = buildLlmsTxt(catalog, endpoints);
  const doc = parseLlmsTxt(text);

  it('follows the llmstxt.org structure: H1, blockquote, details, H2 link lists, Optional last', () => {
    expect(doc.problems).toEqual([]);
    expect(text.split('\n')[0]).toBe('# Demo TV');
    expect(doc.summary).toContain('A demo channel');
    expect(doc.details.length).toBeGreaterThan(0);
    expect(doc.sections.map((s) => s.name)).toEqual(['API', 'Agent protocols', 'Feeds', 'Knowledge base', 'Videos by category', 'Optional']);
  });

  it('links plain GET endpoints to themselves and the rest to their entry in llms-full.txt', () => {
    const api = doc.sections.find((s) => s.name === 'API')!.links;
    const url = (name: string) => api.find((l) => l.name.replace(/\\/g, '') === name)?.url;
    expect(url('GET /api/public/things')).toBe('https://demo.example/api/public/things');
    expect(url('GET /api/public/things/{id}')).toBe('https://demo.example/llms-full.txt');
    expect(url('POST /api/public/things')).toBe('https://demo.example/llms-full.txt');
    expect(url('GET /api/public/vault')).toBe('https://demo.example/llms-full.txt');
    expect(api.find((l) => l.name.includes('vault'))!.notes).toContain('Platinum');
  });

  it('lists feeds in their own section, not in the API section', () => {
    const api = doc.sections.find((s) => s.name === 'API')!.links;
    expect(api.some((l) => l.name.includes('/feeds/') || l.name.includes('llms'))).toBe(false);
    expect(doc.sections.find((s) => s.name === 'Feeds')!.links.map((l) => l.url)).toEqual([
      'https://demo.example/feeds/videos.xml',
      'https://demo.example/feeds/podcast.xml',
      'https://demo.example/feeds/videos.json',
    ]);
  });

  it('escapes brackets in link text and keeps notes on one line', () => {
    expect(text).toContain('- [GET /api/public/things/{id}](https://demo.example/llms-full.txt): One [special] thing.');
    const c = fixtureCatalog({ entries: [fixtureEntry('glossary', 'odd', { name: 'Odd [name]', summary: 'Line one.\nLine two.' })] });
    const t = buildLlmsTxt(c, endpoints);
    expect(t).toContain('- [Odd \\[name\\] (glossary)](https://demo.example/api/public/knowledge/glossary/odd): Line one. Line two.');
    expect(parseLlmsTxt(t).problems).toEqual([]);
  });

  it('links every knowledge topic and entry permalink', () => {
    const kb = doc.sections.find((s) => s.name === 'Knowledge base')!.links.map((l) => l.url);
    expect(kb).toContain('https://demo.example/api/public/knowledge');
    expect(kb).toContain('https://demo.example/api/public/knowledge/cannabinoids');
    const optional = doc.sections.at(-1)!.links.map((l) => l.url);
    expect(optional[0]).toBe('https://demo.example/llms-full.txt');
    expect(optional).toContain('https://demo.example/api/public/knowledge/cannabinoids/cbd');
    expect(optional).toContain('https://demo.example/api/public/knowledge/glossary/terpene');
  });
});

describe('buildLlmsFullTxt', () => {
  const catalog = fixtureCatalog();
  const text = buildLlmsFullTxt(catalog, endpoints);

  it('documents every endpoint with its parameters, body fields, auth and errors', () => {
    for (const ep of endpoints) expect(text).toContain(`### ${ep.method} ${ep.path}\n`);
    expect(text).toContain('  - `kind` (one of "a", "b", optional): Only things of this kind.');
    expect(text).toContain('  - `id` (string, required): Thing id.');
    expect(text).toContain('  - `name` (string, required): Display name.');
    expect(text).toContain('  - `note` (string, optional)');
    expect(text).toContain('- Authentication: API key required (Platinum tier or above)');
    expect(text).toContain('- Errors: 404 `not_found`, 429 `rate_limited`, 500 `internal_error`');
    expect(text).toContain('- Success: 200, application/json; top-level fields `items`, `total`');
    expect(text).toContain('- Success: 200, application/rss+xml');
    expect(text).toContain('Idempotency-Key');
    expect(text).toContain('curl -s https://demo.example/api/public/things\n');
    expect(text).not.toContain('curl -s https://demo.example/api/public/vault');
  });

  it('holds the full text of every knowledge entry with its references and citeAs', () => {
    for (const e of catalog.knowledge.entries) {
      expect(text).toContain(`#### ${e.name}\n`);
      expect(text).toContain(e.summary);
      expect(text).toContain(e.body);
      const { citeAs, permalink } = entryLinks(catalog, e);
      expect(text).toContain(`Cite as: ${citeAs}`);
      expect(citeAs).toContain(e.name);
      expect(text).toContain(`- permalink: ${permalink}`);
      for (const r of e.references) expect(text).toContain(`${r.authors} (${r.year}). ${r.title}.`);
    }
    expect(text).toContain('Educational only; not medical advice.');
    expect(text).toContain('Licence CC-BY-4.0');
  });

  it('starts with an H1 and a blockquote and has no runs of blank lines', () => {
    expect(text.startsWith('# Demo TV: full API reference and knowledge base\n\n> ')).toBe(true);
    expect(text).not.toMatch(/\n{3,}/);
  });
});
