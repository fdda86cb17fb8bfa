/**
 * GET /api/public/schedule: the weekly grid, public specials and what is on now and next.
 * On demand because the body depends on the time (specials appear at their announce instant).
 */
import { catalog } from '../../../catalog/data.ts';
import { scheduleBody } from '../../../catalog/schedule.ts';
import { catalogApi } from '../../../docs/endpoints.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { freshness } from '../../../http/freshness.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(catalogApi.schedule, ({ services }) => {
    const now = services.clock.now();
    const body = scheduleBody(catalog, now);
    const newestAnnounced = [catalog.lastModified.schedule, ...body.specials.map((s) => s.announceAt)].sort().at(-1)!;
    // Clients may keep it a minute (maxAgeSeconds), and so may the server's response cache.
    const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified: newestAnnounced, maxAgeSeconds: 60 });
    return { body, dataFreshness, until: now.getTime() + 60_000 };
  }),
);
