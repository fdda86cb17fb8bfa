/**
 * The catalog's on-demand reads: filtered videos and clips, a knowledge topic, the schedule. Each
 * export binds a handler to its definition (src/schemas/api/catalog.ts); the route files in
 * src/pages export them, and the MCP server calls the same handlers.
 */
import { catalog } from '../catalog/data.ts';
import { knowledgeBody } from '../catalog/knowledge.ts';
import { listClips } from '../catalog/media.ts';
import { scheduleBody } from '../catalog/schedule.ts';
import { listVideos } from '../catalog/videos.ts';
import { catalogApi } from '../docs/endpoints.ts';
import { implement } from '../http/endpoint.ts';
import { freshness } from '../http/freshness.ts';
import { contentFreshness } from '../http/respond.ts';

/** /api/public/clips */
export const clips = implement(catalogApi.clips, ({ query, services }) => ({ body: listClips(catalog, query), dataFreshness: contentFreshness('live', catalog.lastModified.clips, services.clock.now()) }));

/** /api/public/knowledge */
export const knowledge = implement(catalogApi.knowledge, ({ query, services }) => ({
    body: knowledgeBody(catalog, query.topic),
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
export const videos = implement(catalogApi.videos, ({ query, services }) => ({ body: listVideos(catalog, query), dataFreshness: contentFreshness('live', catalog.lastModified.videos, services.clock.now()) }));

