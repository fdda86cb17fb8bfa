/**
 * The program reads whose body depends only on their URL and the program's data: an agent's
 * profile, the leaderboard and reputation. Each is one function from the services and the URL to
 * a body and its freshness, used in two places:
 *
 * - the Astro endpoints (src/pages/api/public/ai/...), which answer them under `astro dev` and
 *   whenever our server declines (below);
 * - our Node server (src/server/create-server.ts), which answers a credential-free GET or HEAD of
 *   these paths itself, without the Astro hand-off.
 *
 * Why the second way in: Astro's handling of an on-demand request costs about 0.5 ms of CPU on
 * Node 20 (a web Request with an AbortSignal, the render context, AsyncLocalStorage, reading the
 * Response back through a web stream), half of a cold profile; a remembered answer
 * (src/server/live-responses.ts) helps only a repeat of the same URL with no commit in between.
 * The server answers only the plain case, a body (200). A problem (an unknown agent, a bad query)
 * is thrown as a ProblemError and the server hands the request to Astro, so every error response
 * still comes from one place. Both ways serialise with `jsonHead` and `withFreshness`, and
 * test/shared-reads.test.ts compares them (DIRECT_ROUTES=off turns the server's way off).
 *
 * Nothing here imports the catalog: our server's bundle stays free of it (Astro's has it).
 */
import { reputationModel } from '../domain/reputation.ts';
import { leaderboardQuerySchema, reputationQuerySchema } from '../schemas/api/rewards.ts';
import type { RankRow } from '../rewards/rank-index.ts';
import { CONTENT_ONLY } from '../rewards/program-changes.ts';
import type { AgentScope } from '../rewards/rewards-service.ts';
import type { StoredResponse } from '../server/live-responses.ts';
import type { Services } from '../server/services.ts';
import { freshness, type DataFreshness } from './freshness.ts';
import { parseQuery } from './parse-request.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A shared read's answer: the body and its freshness. */
export interface SharedBody {
  body: object;
  dataFreshness: DataFreshness;
  /** When time alone would change the body (ms; reputation decays), if the read knows it. */
  stableUntil?: number;
  /**
   * What the body depends on besides time, so it is kept across commits that did not change that
   * (RewardsService.isCurrent): one agent's rows, or the build's content alone.
   */
  scope?: AgentScope | typeof CONTENT_ONLY;
  /** A profile of a listed agent: its `rank` moves with others' earns, so a remembered body looks it up per answer. */
  rankOf?: RankRow;
}

export type SharedRead = (services: Services, url: URL) => Promise<SharedBody>;

/** Live program data: lastModified = the newest write. */
export function programFreshness(services: Services): DataFreshness {
  return freshness({ source: 'live', generatedAt: services.clock.now(), contentVersion: services.contentVersion, lastModified: services.rewards.lastModified(), maxAgeSeconds: 0 });
}

export async function profileRead(services: Services, name: string): Promise<SharedBody> {
  const { value, stableUntil, scope, listed } = await services.rewards.profile(name);
  return { body: value, dataFreshness: programFreshness(services), stableUntil, scope, rankOf: listed };
}

export async function leaderboardRead(services: Services, url: URL): Promise<SharedBody> {
  const { sort, limit, offset } = parseQuery(url, leaderboardQuerySchema);
  const { value, stableUntil } = await services.rewards.leaderboard(sort, limit, offset);
  return { body: value, dataFreshness: programFreshness(services), stableUntil };
}

export async function reputationRead(services: Services, url: URL): Promise<SharedBody> {
  const { name } = parseQuery(url, reputationQuerySchema);
  if (name === undefined) return { body: { model: reputationModel() }, dataFreshness: programFreshness(services) };
  const { value, stableUntil, scope } = await services.rewards.reputation(name);
  return { body: value, dataFreshness: programFreshness(services), stableUntil, scope };
}

/**
 * A body's JSON without its closing brace, so a dataFreshness of the moment can be added to a
 * remembered body (`withFreshness`): the same bytes as JSON.stringify({ ...body, dataFreshness }).
 */
export function jsonHead(body: object): Buffer {
  return Buffer.from(JSON.stringify(body).slice(0, -1));
}

/**
 * What the server's LiveResponses keeps of a shared read's answer (`head`: its jsonHead). A read of
 * one agent states the program's newest write again on every answer, and a profile's rank is cut
 * out of the bytes to be looked up again each time (`rankOf`, `afterRank`).
 */
export function storedAnswer(read: SharedBody, head: Buffer): StoredResponse {
  // A read of one agent states the program's newest write; a read of content keeps its own lastModified.
  const oneAgent = read.scope !== undefined && read.scope !== CONTENT_ONLY;
  const stored: StoredResponse = { status: 200, contentType: JSON_TYPE, head, dataFreshness: read.dataFreshness, restateLastModified: oneAgent };
  if (!read.rankOf) return stored;
  // The first `"rank":` is the agent's: a string in the body cannot hold an unescaped quote.
  const start = head.indexOf(RANK_KEY);
  if (start < 0) return stored;
  let end = start + RANK_KEY.length;
  while (end < head.length && head[end] >= 0x30 && head[end] <= 0x39) end++;
  if (end === start + RANK_KEY.length) return stored; // not a number: keep the body whole
  // The whole head holds the rank it was computed with: answered as it is while that rank stays.
  const rank = Number(head.toString('latin1', start + RANK_KEY.length, end));
  return { ...stored, head: head.subarray(0, start + RANK_KEY.length), rankOf: read.rankOf, afterRank: head.subarray(end), ranked: { rank, head } };
}

const RANK_KEY = '"rank":';

/** The rest of the body after `head`: its dataFreshness and the closing brace. */
export function freshnessTail(head: Buffer, dataFreshness: DataFreshness): Buffer {
  return Buffer.from(`${head.length > 1 ? ',' : ''}"dataFreshness":${JSON.stringify(dataFreshness)}}`);
}

export function withFreshness(head: Buffer, dataFreshness: DataFreshness): Buffer {
  return Buffer.concat([head, freshnessTail(head, dataFreshness)]);
}

/**
 * The tail of a remembered body answered at `at` (ms): its dataFreshness as stated when it was
 * computed, generated at this instant, and with `lastModified` when given (a read of one agent
 * kept across other agents' commits states the program's newest write of now, like a body
 * computed now). Nothing else in it can differ. Answers in the same millisecond with the same
 * freshness (every program read of one data version) share one tail: under load the server
 * answers many remembered bodies a millisecond.
 */
export function restatedTail(head: Buffer, stated: DataFreshness, at: number, lastModified = stated.lastModified): Buffer {
  const comma = head.length > 1;
  const last = lastRestated;
  if (
    last &&
    last.at === at &&
    last.comma === comma &&
    last.lastModified === lastModified &&
    last.contentVersion === stated.contentVersion &&
    last.source === stated.source &&
    last.maxAgeSeconds === stated.maxAgeSeconds
  ) {
    return last.tail;
  }
  const tail = freshnessTail(head, { ...stated, lastModified, generatedAt: new Date(at).toISOString() });
  lastRestated = { at, comma, lastModified, contentVersion: stated.contentVersion, source: stated.source, maxAgeSeconds: stated.maxAgeSeconds, tail };
  return tail;
}

let lastRestated: (Omit<DataFreshness, 'generatedAt'> & { at: number; comma: boolean; tail: Buffer }) | undefined;

const AGENT_PREFIX = '/api/public/ai/agent/';
/** A path segment that is a possible agent name as written, with nothing to decode. */
const PLAIN_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const byPath = new Map<string, SharedRead>([
  ['/api/public/ai/leaderboard', leaderboardRead],
  ['/api/public/ai/reputation', reputationRead],
]);

/**
 * The shared read for a request path exactly as Astro's router would match it, or undefined.
 * Only paths with nothing to normalise are matched (no trailing slash, no percent-escape in a
 * name): anything else goes to Astro, which decides what it means.
 */
export function sharedReadFor(pathname: string): SharedRead | undefined {
  const read = byPath.get(pathname);
  if (read) return read;
  if (!pathname.startsWith(AGENT_PREFIX)) return undefined;
  const name = pathname.slice(AGENT_PREFIX.length);
  return PLAIN_NAME.test(name) ? (services) => profileRead(services, name) : undefined;
}
