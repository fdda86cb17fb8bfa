/**
 * The catalog's operations: videos, podcast, schedule, shop, clips and the knowledge base. Most
 * are pre-rendered (their default answer is a file the build writes from these same handlers);
 * a query, or an agent door, asks them on demand.
 */
import { catalog } from '../catalog/data.ts';
import { entryPermalinkBody, knowledgeBody } from '../catalog/knowledge.ts';
import { DomainError } from '../domain/errors.ts';
import { listClips, podcastBody, shopBody } from '../catalog/media.ts';
import { scheduleBody } from '../catalog/schedule.ts';
import { listVideos, videoDetail } from '../catalog/videos.ts';
import { implement } from '../http/operation.ts';
import { SCHEDULE_MAX_AGE_SECONDS } from '../domain/cache-policy.ts';
import { freshness } from '../http/freshness.ts';
import { contentFreshness } from '../http/respond.ts';
import { catalogEndpoints } from '../schemas/api/catalog.ts';
import { topics } from '../schemas/content.ts';

/** The catalog's definitions, whose video filters take this build's categories. */
const defs = catalogEndpoints(catalog.site.categories.map((c) => c.id));

/** /api/public/clips */
export const clips = implement(defs.clips, ({ query, source, now }) => ({
  body: listClips(catalog, query),
  dataFreshness: contentFreshness(source, catalog.lastModified.clips, now),
}));

/** /api/public/knowledge */
export const knowledge = implement(defs.knowledge, ({ query, source, now }) => ({
  body: knowledgeBody(catalog, query.topic, query.search),
  dataFreshness: contentFreshness(source, catalog.lastModified.knowledge, now),
}));

/** /api/public/knowledge/{topic} */
export const knowledgeTopic = implement(
  defs.knowledgeTopic,
  ({ params, source, now }) => ({ body: knowledgeBody(catalog, params.topic), dataFreshness: contentFreshness(source, catalog.lastModified.knowledge, now) }),
  { prerenderPaths: () => topics.map((topic) => ({ topic })) },
);

/** /api/public/knowledge/{topic}/{id} */
export const knowledgeEntry = implement(
  defs.knowledgeEntry,
  ({ params, source, now }) => {
    const entry = catalog.knowledge.entries.find((e) => e.topic === params.topic && e.id === params.id);
    if (!entry) throw new DomainError('not_found', `No ${params.topic} entry has id ${params.id.slice(0, 100)}.`);
    return { body: entryPermalinkBody(catalog, entry), dataFreshness: contentFreshness(source, new Date(entry.updated).toISOString(), now) };
  },
  { prerenderPaths: () => catalog.knowledge.entries.map((e) => ({ topic: e.topic, id: e.id })) },
);

/** /api/public/podcast */
export const podcast = implement(defs.podcast, ({ source, now }) => ({
  body: podcastBody(catalog),
  dataFreshness: contentFreshness(source, catalog.lastModified.podcast, now),
}));

/** /api/public/shop/products */
export const products = implement(defs.products, ({ source, now }) => ({
  body: shopBody(catalog),
  dataFreshness: contentFreshness(source, catalog.lastModified.shop, now),
}));

/** /api/public/schedule: on demand, since specials appear at their announce instant. */
export const schedule = implement(defs.schedule, ({ now }) => {
  const body = scheduleBody(catalog, now);
  const newestAnnounced = [catalog.lastModified.schedule, ...body.specials.map((s) => s.announceAt)].sort().at(-1)!;
  // Clients may keep it a minute (maxAgeSeconds), and so may the server's response cache.
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified: newestAnnounced, maxAgeSeconds: SCHEDULE_MAX_AGE_SECONDS });
  return { body, dataFreshness, until: now.getTime() + SCHEDULE_MAX_AGE_SECONDS * 1000 };
});

/** /api/public/videos/{id} */
export const video = implement(
  defs.video,
  ({ params, source, now }) => {
    const found = catalog.videos.find((v) => v.id === params.id);
    if (!found) throw new DomainError('not_found', `No video has id ${params.id.slice(0, 100)}.`);
    return { body: { video: videoDetail(catalog, found) }, dataFreshness: contentFreshness(source, found.updatedAt ?? found.publishedAt, now) };
  },
  { prerenderPaths: () => catalog.videos.map((v) => ({ id: v.id })) },
);

/** /api/public/videos */
export const videos = implement(defs.videos, ({ query, source, now }) => ({
  body: listVideos(catalog, query),
  dataFreshness: contentFreshness(source, catalog.lastModified.videos, now),
}));
