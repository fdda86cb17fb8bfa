/**
 * POST /test-clock { now }: moves the pinned clock, for tests. Exists only when the server was
 * started with CLOCK_START; otherwise it answers 404 like any unknown path.
 */
import { z } from 'zod';
import { methodNotAllowed } from '../http/agent-request.ts';
import { DomainError } from '../domain/errors.ts';
import { contentFreshness, handle, json, parseBody } from '../http/respond.ts';
import { catalog } from '../catalog/data.ts';

export const prerender = false;

const bodySchema = z.object({ now: z.iso.datetime({ offset: true }) });

const absent = () => new DomainError('not_found', 'Nothing at /test-clock. The discovery index at /api/public lists every endpoint.');

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const clock = services.pinnedClock;
  if (!clock) throw absent();
  const { now } = await parseBody(request, bodySchema, preRead);
  clock.set(new Date(now));
  return json({ now: services.clock.now().toISOString() }, contentFreshness('live', catalog.builtAt, services.clock.now()));
});

const wrongMethod = methodNotAllowed('POST');
export const ALL = handle((ctx) => {
  if (!ctx.locals.services.pinnedClock) throw absent();
  return wrongMethod(ctx);
});
