/**
 * What rewards endpoints read from a request besides its body: the apiKey (a header is
 * preferred; the body field on writes and the query on gated reads also work) and the
 * Idempotency-Key, and how their live program bodies are answered.
 */
import type { WriteAuth, WriteResult } from '../rewards/rewards-service.ts';
import type { Services } from '../server/services.ts';
import { ProblemError } from './problem.ts';
import { handle, problem } from './respond.ts';
import { jsonBodyText } from './parse-request.ts';
import { programFreshness } from './shared-reads.ts';
import { apiKeyOf, writeAuthOf, writeAnswer, type SharedWrite, type WriteAnswer } from './shared-writes.ts';

export { programFreshness };

/** Header first (Authorization: Bearer, then X-API-Key), then the body or query value. */
export function apiKeyFrom(request: Request, fallback?: string): string | undefined {
  return apiKeyOf((name) => request.headers.get(name), fallback);
}

export function writeAuth(request: Request, bodyApiKey: string | undefined): WriteAuth {
  return writeAuthOf((name) => request.headers.get(name), bodyApiKey);
}

export function respondWrite(services: Services, result: WriteResult): Response {
  return answered(writeAnswer(result, programFreshness(services)));
}

/** An endpoint for a shared write (src/http/shared-writes.ts), the way our server answers it. */
export function sharedWriteEndpoint(write: SharedWrite) {
  return handle(async ({ request, locals: { services, body: preRead } }) => {
    return answered(await write(services, (name) => request.headers.get(name), await jsonBodyText(request, preRead)));
  });
}

function answered(answer: WriteAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** A path segment that must be a positive integer id; anything else names no task. */
export function taskIdFrom(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) throw new ProblemError('not_found', `No task has id ${String(raw).slice(0, 32)}.`);
  return Number(raw);
}

/** For `export const ALL`: a method the route does not answer is 405 with an Allow header. */
export function methodNotAllowed(...allow: ('GET' | 'POST')[]) {
  const methods = [...allow, ...(allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return ({ request, locals }: { request: Request; locals: App.Locals }) =>
    problem('method_not_allowed', `${request.method.slice(0, 20)} is not supported here; use ${allow.join(' or ')}.`, {}, { Allow: methods }, locals.services?.clock.now());
}
