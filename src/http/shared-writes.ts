/**
 * The earn writes (`POST /api/public/ai/earn` and `/share`) as functions of the services, the
 * request's headers and its body text, used in two places:
 *
 * - the Astro endpoints (src/pages/api/public/ai/earn.ts, share.ts), which answer them under
 *   `astro dev` and when DIRECT_ROUTES=off;
 * - our Node server (src/server/create-server.ts), which answers them itself, problems included.
 *
 * Why the second way in: earns are the program's busiest writes (an agent reports every share),
 * and Astro's handling of an on-demand request (a web Request, the render context, a web-stream
 * Response) was about half of an earn's CPU. Unlike a shared read (src/http/shared-reads.ts), the
 * server cannot hand a failed write on to Astro: it would be tried a second time. So every problem
 * is a ProblemError from here, thrown before anything is written or after the write was rolled
 * back, and the server answers it the way the endpoint's `handle` does. test/shared-writes.test.ts
 * sends the same requests both ways and compares the answers.
 *
 * Nothing here imports the catalog, so the server's bundle stays free of it.
 */
import { earnBodySchema, shareBodySchema } from '../schemas/api/rewards.ts';
import type { WriteAuth, WriteResult } from '../rewards/rewards-service.ts';
import type { Services } from '../server/services.ts';
import { cacheControlFor, type DataFreshness } from './freshness.ts';
import { invalid, parseJsonText } from './parse-request.ts';
import { JSON_TYPE, programFreshness } from './shared-reads.ts';

/** A request header by its lower-case name: `request.headers.get` in Astro, `req.headers` in Node. */
export type HeaderOf = (name: string) => string | null | undefined;

/** Header first (Authorization: Bearer, then X-API-Key), then the body or query value. */
export function apiKeyOf(header: HeaderOf, fallback?: string): string | undefined {
  const bearer = header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  const key = header('x-api-key')?.trim();
  if (key) return key;
  return fallback || undefined;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKeyOf(header: HeaderOf): string | undefined {
  const key = header('idempotency-key');
  if (key === null || key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid([{ path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' }]);
  return key;
}

export function writeAuthOf(header: HeaderOf, bodyApiKey: string | undefined): WriteAuth {
  return { apiKey: apiKeyOf(header, bodyApiKey), idempotencyKey: idempotencyKeyOf(header) };
}

/** A write's body and freshness, and the headers it answers with. */
export interface WriteAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function writeAnswer(result: WriteResult, dataFreshness: DataFreshness): WriteAnswer {
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControlFor(dataFreshness) };
  if (result.replayed) headers['Idempotent-Replayed'] = 'true';
  return { status: result.status, headers, body: JSON.stringify({ ...result.body, dataFreshness }) };
}

export type SharedWrite = (services: Services, header: HeaderOf, text: string) => Promise<WriteAnswer>;

/** POST /api/public/ai/earn: report an action, earn its points (dedupe, daily caps, Idempotency-Key). */
export const earnWrite: SharedWrite = async (services, header, text) => {
  const { apiKey, ...input } = parseJsonText(text, earnBodySchema);
  return writeAnswer(await services.rewards.earn(writeAuthOf(header, apiKey), input), programFreshness(services));
};

/** POST /api/public/ai/share: earn with actionType share (+10) for a required url. */
export const shareWrite: SharedWrite = async (services, header, text) => {
  const { apiKey, url } = parseJsonText(text, shareBodySchema);
  return writeAnswer(await services.rewards.earn(writeAuthOf(header, apiKey), { actionType: 'share', url }), programFreshness(services));
};

const byPath = new Map<string, SharedWrite>([
  ['/api/public/ai/earn', earnWrite],
  ['/api/public/ai/share', shareWrite],
]);

/** The shared write for a POST to exactly this path (as Astro's router would match it), or undefined. */
export function sharedWriteFor(pathname: string): SharedWrite | undefined {
  return byPath.get(pathname);
}
