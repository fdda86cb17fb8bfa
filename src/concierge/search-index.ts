/**
 * Full-text retrieval over everything the concierge may cite: knowledge entries, endpoint
 * documentation, videos, podcast episodes and shop products. Built once per catalog (MiniSearch,
 * in memory, no network) and queried per question; every hit carries the URL it is cited by.
 */
import MiniSearch from 'minisearch';
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';
import type { EndpointSummary } from './known-endpoints.ts';

export type DocKind = 'knowledge' | 'endpoint' | 'video' | 'episode' | 'product';

export interface IndexedDoc {
  /** Unique across kinds: `knowledge:cannabinoids/cannabidiol`, `endpoint:GET /api/public`, `video:cc-001`. */
  id: string;
  kind: DocKind;
  title: string;
  summary: string;
  url: string;
  /** Knowledge topic, for filtering health questions to medical entries. */
  topic?: string;
  text: string;
  aliases: string;
}

export interface SearchHit extends IndexedDoc {
  score: number;
}

export interface ConciergeIndex {
  search(query: string, options?: { kinds?: DocKind[]; topics?: string[]; limit?: number }): SearchHit[];
  byId(id: string): IndexedDoc | undefined;
  docs: readonly IndexedDoc[];
}

/** Words that carry no meaning for retrieval; without this, "what is the..." matches everything. */
const STOP_WORDS = new Set(
  'a an and are as at be by can could do does for from how i if in is it me my of on or please should tell than that the their them there these this to was what when where which who why will with would you your about any some much many know explain define meaning mean'.split(' '),
);

export function knowledgeDocId(entry: Pick<KnowledgeEntry, 'topic' | 'id'>): string {
  return `knowledge:${entry.topic}/${entry.id}`;
}

export function buildDocs(catalog: Catalog, endpoints: readonly EndpointSummary[]): IndexedDoc[] {
  const base = catalog.site.baseUrl;
  const docs: IndexedDoc[] = [];
  for (const e of catalog.knowledge.entries) {
    docs.push({
      id: knowledgeDocId(e),
      kind: 'knowledge',
      title: e.name,
      summary: e.summary,
      url: e.permalink,
      topic: e.topic,
      text: `${e.summary} ${e.body} ${e.facts.map((f) => `${f.label} ${f.value}`).join(' ')}`,
      aliases: [e.id.replaceAll('-', ' '), ...e.aliases].join(' '),
    });
  }
  for (const ep of endpoints) {
    docs.push({
      id: `endpoint:${ep.method} ${ep.path}`,
      kind: 'endpoint',
      title: `${ep.method} ${ep.path}`,
      summary: ep.summary,
      url: `${base}${ep.path.replace(/\{[^}]+\}/g, '')}`.replace(/\/$/, ''),
      text: ep.summary,
      aliases: ep.path.split(/[/{}.-]+/).join(' '),
    });
  }
  for (const v of catalog.videos) {
    docs.push({ id: `video:${v.id}`, kind: 'video', title: v.title, summary: v.description, url: `${base}/api/public/videos/${v.id}`, text: `${v.description} ${v.category}`, aliases: v.tags.join(' ') });
  }
  for (const ep of catalog.podcast.episodes) {
    docs.push({ id: `episode:${ep.id}`, kind: 'episode', title: ep.title, summary: ep.description, url: `${base}/api/public/podcast`, text: ep.description, aliases: '' });
  }
  for (const p of catalog.products) {
    docs.push({ id: `product:${p.id}`, kind: 'product', title: p.name, summary: p.description, url: `${base}/api/public/shop/products`, text: p.description, aliases: p.tags.join(' ') });
  }
  return docs;
}

/** The meaningful words of a question: lower-case, no stop words, no punctuation. */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

export function buildIndex(catalog: Catalog, endpoints: readonly EndpointSummary[]): ConciergeIndex {
  const docs = buildDocs(catalog, endpoints);
  const mini = new MiniSearch<IndexedDoc>({
    fields: ['title', 'aliases', 'summary', 'text'],
    storeFields: ['id'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return t.length > 1 && !STOP_WORDS.has(t) ? t : null;
    },
    searchOptions: {
      boost: { title: 3, aliases: 3, summary: 1.5, text: 1 },
      // Typos in longer words only: short words fuzzed match nearly anything.
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      prefix: (term) => term.length >= 4,
    },
  });
  mini.addAll(docs);
  const byId = new Map(docs.map((d) => [d.id, d]));
  return {
    docs,
    byId: (id) => byId.get(id),
    search(query, options = {}) {
      const hits = mini.search(query, {
        filter: (r) => {
          const doc = byId.get(r.id as string)!;
          return (!options.kinds || options.kinds.includes(doc.kind)) && (!options.topics || options.topics.includes(doc.topic ?? ''));
        },
      });
      return hits.slice(0, options.limit ?? 5).map((h) => ({ ...byId.get(h.id as string)!, score: h.score }));
    },
  };
}
