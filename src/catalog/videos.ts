/**
 * Video queries shared by the pre-rendered `/api/public/videos` body (default query) and the
 * on-demand one (any query): the same function produces both, so they cannot disagree.
 */
import type { Video } from '../schemas/content.ts';
import type { Catalog } from './catalog-types.ts';
import { publicOrigin, absoluteUrl } from '../public-origin.ts';

export interface VideoQuery {
  category?: string;
  tag?: string;
  search?: string;
  featured?: boolean;
  limit: number;
  offset: number;
}

export function videoSummary(v: Video) {
  const base = publicOrigin();
  return {
    id: v.id,
    title: v.title,
    description: v.description,
    category: v.category,
    tags: v.tags,
    featured: v.featured,
    durationSeconds: v.durationSeconds,
    publishedAt: new Date(v.publishedAt).toISOString(),
    updatedAt: new Date(v.updatedAt ?? v.publishedAt).toISOString(),
    thumbnailUrl: absoluteUrl(v.thumbnail),
    pageUrl: `${base}/videos/${v.id}`,
    apiUrl: `${base}/api/public/videos/${v.id}`,
  };
}

export function videoDetail(catalog: Catalog, v: Video) {
  const clips = catalog.clips.filter((c) => c.videoId === v.id).map((c) => c.id);
  return { ...videoSummary(v), playbackUrl: absoluteUrl(v.playbackUrl), clipIds: clips };
}

/** Lower-cased words of the query; a video matches when every word appears in its text. */
function searchTerms(search: string): string[] {
  return search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
}

const haystacks = new WeakMap<Video, string>();
function haystack(v: Video): string {
  let text = haystacks.get(v);
  if (text === undefined) {
    text = [v.title, v.description, v.category, ...v.tags].join(' ').toLocaleLowerCase('en');
    haystacks.set(v, text);
  }
  return text;
}

/**
 * Filter results by query, newest first. The catalog never changes while the process runs, so a
 * filter's matches can be kept: paging through a search, or many agents asking the same one,
 * scans the catalog once (at 10,000 videos a search scan costs about 1.5 ms).
 */
const MATCH_CACHE_SIZE = 500;
const matchCache = new WeakMap<Catalog, Map<string, Video[]>>();

function matching(catalog: Catalog, query: VideoQuery): Video[] {
  const terms = query.search ? searchTerms(query.search) : [];
  const key = JSON.stringify([query.category, query.tag, query.featured, terms]);
  let cache = matchCache.get(catalog);
  if (!cache) matchCache.set(catalog, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const matches = catalog.videos.filter(
    (v) =>
      (query.category === undefined || v.category === query.category) &&
      (query.tag === undefined || v.tags.includes(query.tag)) &&
      (query.featured === undefined || v.featured === query.featured) &&
      terms.every((t) => haystack(v).includes(t)),
  );
  if (cache.size >= MATCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, matches);
  return matches;
}

export function listVideos(catalog: Catalog, query: VideoQuery) {
  const matches = matching(catalog, query);
  const page = matches.slice(query.offset, query.offset + query.limit);
  const next = query.offset + page.length;
  return {
    items: page.map((v) => videoSummary(v)),
    total: matches.length,
    limit: query.limit,
    offset: query.offset,
    nextOffset: next < matches.length ? next : null,
    filters: {
      category: query.category ?? null,
      tag: query.tag ?? null,
      search: query.search ?? null,
      featured: query.featured ?? null,
    },
    categories: catalog.site.categories.map((c) => c.id),
  };
}
