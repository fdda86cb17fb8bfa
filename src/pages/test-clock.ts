/**
 * POST /test-clock { now }: moves the pinned clock, for tests. Exists only when the server was
 * started with CLOCK_START; otherwise it answers 404 like any unknown path.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { methodNotAllowed } from '../http/agent-request.ts';
import { parseBody } from '../http/parse-request.ts';
import { contentFreshness, json, problemResponse } from '../http/respond.ts';
import { catalog } from '../catalog/data.ts';
import { DomainError } from '../domain/errors.ts';

export const prerender = false;

const bodySchema = z.object({ now: z.iso.datetime({ offset: true }) });

const absent = (locals: App.Locals) => problemResponse({ code: 'not_found', detail: 'Nothing at /test-clock. The discovery index at /api/public lists every endpoint.' }, locals);

export const POST: APIRoute = async ({ request, locals }) => {
  const clock = locals.services.pinnedClock;
  if (!clock) return absent(locals);
  try {
    const { now } = await parseBody(request, bodySchema, locals.body);
    clock.set(new Date(now));
  } catch (error) {
    if (error instanceof DomainError) return problemResponse({ code: error.code, detail: error.message, extra: error.extra }, locals);
    throw error;
  }
  return json({ now: locals.services.clock.now().toISOString() }, contentFreshness('live', catalog.builtAt, locals.services.clock.now()));
};

export const ALL: APIRoute = ({ request, locals }) => (locals.services.pinnedClock ? methodNotAllowed(request.method, ['POST'], locals) : absent(locals));
