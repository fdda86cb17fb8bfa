/** Content and knowledge-base numbers for GET /api/public/stats (the AI-program block is live data). */
import { normaliseClaimUrl } from '../domain/claim-url.ts';
import type { Catalog } from './catalog-types.ts';
import { datasetMeta } from './knowledge.ts';
import { publicOrigin } from '../public-origin.ts';

export function contentStats(catalog: Catalog, now: Date) {
  const byCategory: Record<string, number> = Object.fromEntries(catalog.site.categories.map((c) => [c.id, 0]));
  for (const v of catalog.videos) byCategory[v.category] = (byCategory[v.category] ?? 0) + 1;
  const meta = datasetMeta(catalog);
  return {
    brand: { name: catalog.site.name, baseUrl: publicOrigin() },
    content: {
      videos: catalog.videos.length,
      featuredVideos: catalog.videos.filter((v) => v.featured).length,
      videosByCategory: byCategory,
      videoHours: Math.round((catalog.videos.reduce((s, v) => s + v.durationSeconds, 0) / 3600) * 10) / 10,
      podcastEpisodes: catalog.podcast.episodes.length,
      scheduleSlots: catalog.schedule.slots.length,
      upcomingSpecials: catalog.schedule.specials.filter((s) => Date.parse(s.announceAt) <= now.getTime() && Date.parse(s.endsAt) > now.getTime()).length,
      products: catalog.products.length,
      bundles: catalog.products.filter((p) => p.type === 'bundle').length,
      clips: catalog.clips.length,
      contentVersion: catalog.contentVersion,
    },
    knowledgeBase: {
      version: meta.version,
      license: meta.license,
      entries: meta.totalEntries,
      byTopic: meta.counts,
      references: new Set(catalog.knowledge.entries.flatMap((e) => e.references.map((r) => r.doi ?? r.url ?? r.title))).size,
    },
  };
}

export interface PromotedContent {
  kind: 'video' | 'knowledge' | 'page';
  title: string;
}

/**
 * What a promoted url shows, when it is one of the brand's pages: a video, a knowledge entry, or
 * a section of the site, on the brand's production address or the public origin. Claimed urls are
 * stored in normaliseClaimUrl's form, so pages are keyed by their path in that form: paths of slug
 * ids, already in that form (parsing 10,000 video urls would cost start-up time for nothing).
 */
export function promotedContentLookup(catalog: Catalog): (url: string) => PromotedContent | null {
  const roots = [...new Set([catalog.site.baseUrl, publicOrigin()].map((origin) => normaliseClaimUrl(`${origin}/`)))];
  const byPath = new Map<string, PromotedContent>();
  const add = (path: string, content: PromotedContent) => byPath.set(path, content);
  for (const [path, title] of [
    ['', catalog.site.name],
    ['videos', 'Videos'],
    ['clips', 'Clips'],
    ['podcast', catalog.podcast.show.title],
    ['schedule', 'Schedule'],
    ['shop', 'Shop'],
    ['knowledge', catalog.knowledge.dataset.title],
  ] as const) {
    add(path, { kind: 'page', title });
  }
  for (const v of catalog.videos) add(`videos/${v.id}`, { kind: 'video', title: v.title });
  for (const e of catalog.knowledge.entries) add(`knowledge/${e.topic}/${e.id}`, { kind: 'knowledge', title: e.name });
  return (url) => {
    const root = roots.find((r) => url.startsWith(r));
    return root === undefined ? null : (byPath.get(url.slice(root.length)) ?? null);
  };
}
