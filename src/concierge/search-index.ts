/**
 * Full-text retrieval over everything the concierge may cite: knowledge entries, endpoint
 * documentation, videos, clips, podcast episodes, shop products, schedule slots and specials.
 * Built once per catalog (MiniSearch, in memory, no network) over stemmed words, so "germinating"
 * finds "germination"; typos are corrected before a query gets here (query-understanding.ts).
 * Every hit carries the URL it is cited by and how much of the question it covers, which is what
 * lets knowledge entries and catalog items compete with the intents on one scale.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';
import { entryLinks } from '../catalog/knowledge.ts';
import { durationText } from './answer-format.ts';
import type { EndpointSummary } from './known-endpoints.ts';
import { STOP_WORDS, stem, words } from './vocabulary.ts';
import { publicOrigin } from '../public-origin.ts';

export type DocKind = 'knowledge' | 'endpoint' | 'video' | 'clip' | 'episode' | 'product' | 'slot' | 'special';

export interface IndexedDoc {
  /** Unique across kinds: `knowledge:cannabinoids/cannabidiol`, `endpoint:GET /api/public`, `video:cc-001`. */
  id: string;
  kind: DocKind;
  title: string;
  summary: string;
  url: string;
  /** Knowledge topic, for filtering health questions to medical entries. */
  topic?: string;
  aliases: string;
  tags: string;
  text: string;
}

export interface SearchHit extends IndexedDoc {
  score: number;
  /** Share (0-1) of the query's terms this document contains. */
  coverage: number;
  /** The same, counting only its title, aliases and tags: what it is named for, not what it mentions. */
  nameCoverage: number;
}

export interface ConciergeIndex {
  /** `terms` are stems (query-understanding.ts); the best hits first. */
  search(terms: readonly string[], options?: { kinds?: DocKind[]; topics?: string[]; limit?: number }): SearchHit[];
  /** One search over every kind, the best `perKind` hits of each: what ranking a question needs. */
  searchByKind(terms: readonly string[], perKind: number): Partial<Record<DocKind, SearchHit[]>>;
  byId(id: string): IndexedDoc | undefined;
  docs: readonly IndexedDoc[];
}

export function knowledgeDocId(entry: Pick<KnowledgeEntry, 'topic' | 'id'>): string {
  return `knowledge:${entry.topic}/${entry.id}`;
}

export function buildDocs(catalog: Catalog, endpoints: readonly EndpointSummary[]): IndexedDoc[] {
  const base = publicOrigin();
  const categories = new Map(catalog.site.categories.map((c) => [c.id, `${c.name} ${c.description}`]));
  const docs: IndexedDoc[] = [];
  for (const e of catalog.knowledge.entries) {
    docs.push({
      id: knowledgeDocId(e),
      kind: 'knowledge',
      title: e.name,
      summary: e.summary,
      url: entryLinks(catalog, e).permalink,
      topic: e.topic,
      aliases: [e.id.replaceAll('-', ' '), ...e.aliases].join(' '),
      tags: e.topic,
      text: `${e.summary} ${e.facts.map((f) => `${f.label} ${f.value}`).join(' ')}`,
    });
  }
  for (const ep of endpoints) {
    docs.push({
      id: `endpoint:${ep.method} ${ep.path}`,
      kind: 'endpoint',
      title: `${ep.method} ${ep.path}`,
      summary: ep.summary,
      url: `${base}${ep.path.replace(/\{[^}]+\}/g, '')}`.replace(/\/$/, ''),
      aliases: ep.path.split(/[/{}.-]+/).join(' '),
      tags: '',
      text: ep.summary,
    });
  }
  for (const v of catalog.videos) {
    docs.push({
      id: `video:${v.id}`,
      kind: 'video',
      title: v.title,
      summary: `${v.description} (${durationText(v.durationSeconds)})`,
      url: `${base}/api/public/videos/${v.id}`,
      aliases: '',
      tags: v.tags.join(' '),
      text: `${v.description} ${categories.get(v.category) ?? v.category}`,
    });
  }
  for (const c of catalog.clips) {
    const video = catalog.videos.find((v) => v.id === c.videoId);
    docs.push({
      id: `clip:${c.id}`,
      kind: 'clip',
      title: c.title,
      summary: `A clip from "${video?.title ?? c.videoId}".`,
      url: `${base}/api/public/clips?videoId=${c.videoId}`,
      aliases: '',
      tags: video?.tags.join(' ') ?? '',
      text: video?.title ?? '',
    });
  }
  for (const ep of catalog.podcast.episodes) {
    const number = ep.season && ep.episode ? `season ${ep.season} episode ${ep.episode}` : '';
    docs.push({ id: `episode:${ep.id}`, kind: 'episode', title: ep.title, summary: ep.description, url: `${base}/api/public/podcast`, aliases: number, tags: '', text: ep.description });
  }
  for (const p of catalog.products) {
    docs.push({
      id: `product:${p.id}`,
      kind: 'product',
      title: p.name,
      summary: p.description,
      url: `${base}/api/public/shop/products`,
      aliases: p.id.replaceAll('-', ' '),
      tags: p.tags.join(' '),
      text: p.description,
    });
  }
  const slotTitles = new Map<string, (typeof catalog.schedule.slots)[number]>();
  for (const s of catalog.schedule.slots) if (!slotTitles.has(s.title)) slotTitles.set(s.title, s);
  for (const [title, s] of slotTitles) {
    docs.push({ id: `slot:${title}`, kind: 'slot', title, summary: s.description ?? '', url: `${base}/api/public/schedule`, aliases: '', tags: '', text: s.description ?? '' });
  }
  for (const s of catalog.schedule.specials) {
    docs.push({
      id: `special:${s.id}`,
      kind: 'special',
      title: s.title,
      summary: s.description,
      url: `${base}/api/public/schedule`,
      aliases: s.id.replaceAll('-', ' '),
      tags: 'special live',
      text: s.description,
    });
  }
  return docs;
}

/** Stems of a text's meaningful words, as the index stores them. */
export function stemsOf(text: string): string[] {
  return words(text)
    .flatMap((w) => [w, ...(/[_.-]/.test(w) ? w.split(/[_.-]/) : [])])
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map(stem);
}

export function buildIndex(catalog: Catalog, endpoints: readonly EndpointSummary[]): ConciergeIndex {
  const docs = buildDocs(catalog, endpoints);
  const mini = new MiniSearch<IndexedDoc>({
    fields: ['title', 'aliases', 'tags', 'text'],
    storeFields: ['id'],
    tokenize: (text) => stemsOf(text),
    processTerm: (term) => term,
    searchOptions: { boost: { title: 3, aliases: 3, tags: 2, text: 1 } },
  });
  mini.addAll(docs);
  const byId = new Map(docs.map((d) => [d.id, d]));
  // MiniSearch's results, best first; a common word matches thousands of documents in a large
  // catalog, so only the results a caller keeps are turned into hits.
  const run = (terms: readonly string[], filter?: (doc: IndexedDoc) => boolean) => {
    const unique = [...new Set(terms)];
    const results = unique.length ? mini.search(unique.join(' '), { tokenize: (text) => text.split(' '), ...(filter ? { filter: (r) => filter(byId.get(r.id as string)!) } : {}) }) : [];
    return { unique, results };
  };
  const hitOf = (h: SearchResult, unique: readonly string[]): SearchHit => {
    const named = Object.entries(h.match).filter(([, fields]) => fields.some((f) => f !== 'text')).length;
    return { ...byId.get(h.id as string)!, score: h.score, coverage: new Set(h.queryTerms).size / unique.length, nameCoverage: named / unique.length };
  };
  return {
    docs,
    byId: (id) => byId.get(id),
    search(terms, options = {}) {
      const { unique, results } = run(terms, (doc) => (!options.kinds || options.kinds.includes(doc.kind)) && (!options.topics || options.topics.includes(doc.topic ?? '')));
      return results.slice(0, options.limit ?? 5).map((h) => hitOf(h, unique));
    },
    searchByKind(terms, perKind) {
      const { unique, results } = run(terms);
      const grouped: Partial<Record<DocKind, SearchHit[]>> = {};
      for (const result of results) {
        const list = (grouped[byId.get(result.id as string)!.kind] ??= []);
        if (list.length < perKind) list.push(hitOf(result, unique));
      }
      return grouped;
    },
  };
}
