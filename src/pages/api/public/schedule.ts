/**
 * GET /api/public/schedule: the weekly grid, public specials and what is on now and next.
 * On demand because the body depends on the time (specials appear at their announce instant).
 */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { scheduleBody } from '../../../catalog/schedule.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, json } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(({ locals }) => {
  const now = locals.services.clock.now();
  const body = scheduleBody(catalog, now);
  const newestAnnounced = [catalog.lastModified.schedule, ...body.specials.map((s) => s.announceAt)].sort().at(-1)!;
  // Clients may keep it a minute (maxAgeSeconds), and so may the server's response cache.
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified: newestAnnounced, maxAgeSeconds: 60 });
  return json(body, dataFreshness, { cache: { scope: 'content', until: now.getTime() + 60_000 } });
});

export const ALL = methodNotAllowed('GET');
