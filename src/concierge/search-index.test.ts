import { describe, expect, it } from 'vitest';
import { absoluteUrl, publicOrigin } from '../public-origin.ts';
import { contentCatalog, conciergeModel } from '../../test/support/concierge-model.ts';
import { operations } from '../api/registry.ts';
import { buildCorpus, INDEX_LIMITS } from './corpus.ts';

const { index } = conciergeModel;
const top = (query: string, kinds?: Parameters<typeof index.search>[1]) => index.search(query, kinds)[0];

describe('the corpus', () => {
  it('holds every kind of document the service publishes, each with a title and an absolute URL', () => {
    const kinds = new Set(index.docs.map((d) => d.kind));
    for (const kind of ['video', 'clip', 'episode', 'product', 'category', 'slot', 'special', 'knowledge', 'passage', 'topic', 'tier', 'program', 'reference'] as const) {
      expect(kinds, kind).toContain(kind);
    }
    for (const d of index.docs) {
      expect(d.title, d.ref).not.toBe('');
      expect(d.url.startsWith(`${publicOrigin()}/`), d.ref).toBe(true);
    }
  });

  it('indexes only published videos: a draft and a rejected one are not there', () => {
    const videos = index.docs.filter((d) => d.kind === 'video').map((d) => d.ref);
    expect(videos).toHaveLength(contentCatalog.videos.length);
    expect(videos).not.toContain('cc-010');
    expect(videos).not.toContain('cc-019');
  });

  it('takes the agent protocols from llms.txt and the rules from the discovery index, once each', () => {
    const titles = index.docs.filter((d) => d.kind === 'reference').map((d) => d.title);
    expect(titles).toEqual(expect.arrayContaining(['MCP server', 'MCP server card', 'A2A agent card', 'Authentication', 'Errors', 'Daily caps']));
    expect(index.docs.find((d) => d.title === 'MCP server')?.url).toBe(absoluteUrl('/mcp'));
    expect(titles.filter((t) => t === 'POST /api/public/ai/register')).toEqual([]);
  });

  it('is bounded: past the limits, the newest videos and clips are indexed and long texts are cut', () => {
    const docs = buildCorpus(
      contentCatalog,
      publicOrigin(),
      operations.map((o) => o.definition),
      { ...INDEX_LIMITS, videos: 3, clips: 2, textChars: 40 },
    );
    expect(docs.filter((d) => d.kind === 'video').map((d) => d.ref)).toEqual(contentCatalog.videos.slice(0, 3).map((v) => v.id));
    expect(docs.filter((d) => d.kind === 'clip')).toHaveLength(2);
    expect(Math.max(...docs.filter((d) => d.kind === 'passage').map((d) => d.text.length))).toBeLessThanOrEqual(40);
  });
});

describe('retrieval', () => {
  it('stems words through the tokenizer: "germinating" finds the germination video', () => {
    expect(top('germinating seeds', { kinds: ['video'] })?.doc.ref).toBe('cc-001');
  });

  it('searches a compound word no document has by its parts, and keeps one a document has whole', () => {
    expect(index.strangers('hops-named terpene')).toEqual([]);
    expect(top('hops-named terpene', { kinds: ['knowledge'] })?.doc.ref).toBe('terpenes/humulene');
    expect(index.terms('tier-gated')).toHaveLength(1);
  });

  it('matches prefixes of longer words and corrects long typos with fuzzy matching', () => {
    expect(top('sculpt', { kinds: ['product'] })?.doc.ref).toBe('grinder-art-brass');
    expect(top('decarboxilation', { kinds: ['knowledge'] })?.doc.ref).toBe('glossary/decarboxylation');
  });

  it('weighs names above text, and a name the question uses whole above a partial one', () => {
    expect(top('myrcene')?.doc.ref).toBe('terpenes/myrcene');
    const hits = index.search('cbd vs thc', { kinds: ['knowledge'] });
    expect(
      hits
        .slice(0, 2)
        .map((h) => h.doc.ref)
        .sort(),
    ).toEqual(['cannabinoids/cannabidiol', 'cannabinoids/thc']);
    expect(hits[0].fullyNamed).toBe(true);
  });

  it('finds the endpoints and facts of the discovery index', () => {
    expect(index.search('mcp server').map((h) => h.doc.url)).toContain(absoluteUrl('/mcp'));
    expect(top('rotate key')?.doc.title).toBe('POST /api/public/ai/key/rotate');
  });

  it('says how much of a question a document accounts for, and which words nothing published has', () => {
    expect(top('what is the capital of france')?.confidence ?? 0).toBeLessThan(0.5);
    expect(index.strangers('capital of france bitcoin')).toEqual(expect.arrayContaining(['franc', 'bitcoin']));
    expect(top('reputation score')?.confidence).toBeGreaterThan(0.7);
    expect(index.strangers('reputation score')).toEqual([]);
  });

  it('tells the words that only frame a question from its subject', () => {
    // "quick" and "question" are in a few documents' text, none of which is about mocktails: they frame the question.
    expect(index.frames('quick question mocktails')).toEqual(['quick', 'question']);
    // A word only documents of the kind asked for have is their subject: "trailer" is only in an episode.
    expect(index.frames('quick trailer', ['episode'])).toEqual(['quick']);
    expect(index.frames('quick question curing', ['video', 'clip', 'category'])).toContain('question');
    // A word in a document's names is a subject; a question of one known word has no frame.
    expect(index.frames('reputation score')).toEqual([]);
    expect(index.frames('quick')).toEqual([]);
  });
});
