/** Content and knowledge-base numbers for GET /api/public/stats (the AI-program block is live data). */
import { normaliseClaimUrl } from '../domain/claim-url.ts';
import type { Catalog } from './catalog-types.ts';
import { datasetMeta } from './knowledge.ts';
import { absoluteUrl } from './urls.ts';

export function contentStats(catalog: Catalog, now: Date) {
  const byCategory: Record<string, number> = Object.fromEntries(catalog.site.categories.map((c) => [c.id, 0]));
  for (const v of catalog.videos) byCategory[v.category] = (byCategory[v.category] ?? 0) + 1;
  const meta = datasetMeta(catalog);
  return {
    brand: { name: catalog.site.name, baseUrl: catalog.site.baseUrl },
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
 * a section of the site. Claimed urls are stored in normaliseClaimUrl's form, so the brand's
 * urls are keyed in that form too: the site's root once, and paths of slug ids appended to it
 * (already in that form; parsing 10,000 video urls would cost start-up time for nothing).
 */
export function promotedContentLookup(catalog: Catalog): (url: string) => PromotedContent | null {
  const root = normaliseClaimUrl(absoluteUrl(catalog.site.baseUrl, '/'));
  const byUrl = new Map<string, PromotedContent>();
  const add = (path: string, content: PromotedContent) => byUrl.set(root + path, content);
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
  for (const e of catalog.knowledge.entries) byUrl.set(normaliseClaimUrl(e.pageUrl), { kind: 'knowledge', title: e.name });
  return (url) => byUrl.get(url) ?? null;
}
