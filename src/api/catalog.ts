/**
 * The catalog's on-demand reads: filtered videos and clips, a knowledge topic, the schedule. Each
 * export binds a handler to its definition (src/schemas/api/catalog.ts); the route files in
 * src/pages export them, and the MCP server calls the same handlers.
 */
import { catalog } from '../catalog/data.ts';
import { entryPermalinkBody, knowledgeBody } from '../catalog/knowledge.ts';
import { DomainError } from '../domain/errors.ts';
import { listClips, podcastBody, shopBody } from '../catalog/media.ts';
import { scheduleBody } from '../catalog/schedule.ts';
import { listVideos, videoDetail } from '../catalog/videos.ts';
import { catalogApi } from '../docs/endpoints.ts';
import { implement } from '../http/endpoint.ts';
import { freshness } from '../http/freshness.ts';
import { contentFreshness } from '../http/respond.ts';

/** /api/public/clips */
export const clips = implement(catalogApi.clips, ({ query, services }) => ({
  body: listClips(catalog, query),
  dataFreshness: contentFreshness('live', catalog.lastModified.clips, services.clock.now()),
}));

/** /api/public/knowledge */
export const knowledge = implement(catalogApi.knowledge, ({ query, services }) => ({
  body: knowledgeBody(catalog, query.topic, query.search),
  dataFreshness: contentFreshness('live', catalog.lastModified.knowledge, services.clock.now()),
}));

/** /api/public/schedule */
export const schedule = implement(catalogApi.schedule, ({ services }) => {
  const now = services.clock.now();
  const body = scheduleBody(catalog, now);
  const newestAnnounced = [catalog.lastModified.schedule, ...body.specials.map((s) => s.announceAt)].sort().at(-1)!;
  // Clients may keep it a minute (maxAgeSeconds), and so may the server's response cache.
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified: newestAnnounced, maxAgeSeconds: 60 });
  return { body, dataFreshness, until: now.getTime() + 60_000 };
});

/** /api/public/videos */
export const videos = implement(catalogApi.videos, ({ query, services }) => ({
  body: listVideos(catalog, query),
  dataFreshness: contentFreshness('live', catalog.lastModified.videos, services.clock.now()),
}));

// The pre-rendered files answer these paths over HTTP (src/pages/api/public/*.json.ts builds them
// from the same functions); the handlers serve the agent protocols, which have no files.

/** /api/public/videos/{id} */
export const video = implement(catalogApi.video, ({ params, services }) => {
  const found = catalog.videos.find((v) => v.id === params.id);
  if (!found) throw new DomainError('not_found', `No video has id ${params.id.slice(0, 100)}.`);
  return { body: { video: videoDetail(catalog, found) }, dataFreshness: contentFreshness('live', found.updatedAt ?? found.publishedAt, services.clock.now()) };
});

/** /api/public/podcast */
export const podcast = implement(catalogApi.podcast, ({ services }) => ({
  body: podcastBody(catalog),
  dataFreshness: contentFreshness('live', catalog.lastModified.podcast, services.clock.now()),
}));

/** /api/public/shop/products */
export const products = implement(catalogApi.products, ({ services }) => ({
  body: shopBody(catalog),
  dataFreshness: contentFreshness('live', catalog.lastModified.shop, services.clock.now()),
}));

/** /api/public/knowledge/{topic}/{id} */
export const knowledgeEntry = implement(catalogApi.knowledgeEntry, ({ params, services }) => {
  const entry = catalog.knowledge.entries.find((e) => e.topic === params.topic && e.id === params.id);
  if (!entry) throw new DomainError('not_found', `No ${params.topic} entry has id ${params.id.slice(0, 100)}.`);
  return { body: entryPermalinkBody(catalog, entry), dataFreshness: contentFreshness('live', new Date(entry.updated).toISOString(), services.clock.now()) };
});
