/**
 * The rate limiter: the gate every request passes before any work is done for it. It enforces
 * the policy of src/domain/rate-limit-policy.ts per identity (the agent of a valid apiKey, else
 * the client address), gives the rate-limit headers of every response it admits or refuses, and
 * refuses with 429 `rate_limited` past a limit or past the identity's requests in flight. The
 * counts and the one decision on them live in a count store (src/server/rate-counts.ts): this
 * process's memory, or Redis shared by every instance (src/server/shared-limits.ts). One store
 * serves every tier: the tier's limits are given with each request, so an agent that climbs a
 * tier keeps its counts.
 *
 * The concurrency caps are per process: in-flight requests are a property of the instance
 * serving them. If the store fails, the request is let through without headers rather than
 * failing the service.
 */
import { addressKey } from '../domain/client-address.ts';
import { tierPolicy, type ClassPolicy, type PolicyOptions, type RequestClass, type TierPolicy, type Window } from '../domain/rate-limit-policy.ts';
import { tiers, type TierName } from '../domain/tiers.ts';
import type { Problem } from '../http/problem.ts';
import type { RateClass } from '../schemas/api/endpoint-doc.ts';
import { type CountStore, fits, MemoryCounts, type Snapshot, type Taken, used } from './rate-counts.ts';

/** What the limiter needs to know about the agent behind an apiKey (services.identify). */
export interface AgentIdentity {
  agentId: string | number;
  name: string;
  tier: TierName;
  suspended: boolean;
}

export type Identify = (apiKey: string) => AgentIdentity | undefined | Promise<AgentIdentity | undefined>;

export interface RateLimiterOptions {
  policy: PolicyOptions;
  /** Resolves an apiKey to its agent; without it every request is limited by client IP. */
  identify?: Identify;
  /** Where the counts live; this process's memory unless Redis shares them (src/server/shared-limits.ts). */
  counts?: CountStore;
  /** The clock windows count by; the real one unless a unit test moves it. */
  now?: () => number;
}

/** What the gate knows of a request. */
export interface GateContext {
  ip: string;
  /** Which limits the request counts against: its operation's class (src/http/route-table.ts). */
  rateClass: RateClass;
  /** From a header, the query or a JSON body's `apiKey`; never logged. */
  apiKey: string | undefined;
}

/** Admitted: `release` once the response has finished. Refused: the problem the server sends. */
export interface Admission {
  admitted: boolean;
  /** Gives back the request's place in flight; a second call does nothing. */
  release(): void;
  /** The response's rate-limit header lines, names and values in turn (none when the limiter is off or its store failed). */
  headers: readonly string[];
  refusal?: Problem;
}

/**
 * The gate's answer to one request, holding its place in flight under its identity's key until
 * released. A class, so `release` is one method of every answer rather than a new closure each.
 */
class GateAnswer implements Admission {
  private held = true;

  constructor(
    private readonly inFlight: Map<string, number>,
    private readonly key: string,
    readonly admitted: boolean,
    readonly headers: readonly string[],
    readonly refusal?: Problem,
  ) {}

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.inFlight.set(this.key, Math.max(0, (this.inFlight.get(this.key) ?? 1) - 1));
  }
}

interface Identity {
  /** Store key: never the apiKey itself. */
  key: string;
  kind: 'agent' | 'ip';
  tier: TierName;
}

/**
 * A window after this request: `remaining` requests still allowed; `resetMs` until it resets (a
 * sliding one: until its count is back to zero) or, exceeded, until the next request fits.
 */
interface WindowState {
  window: Window;
  remaining: number;
  resetMs: number;
  exceeded: boolean;
}

/** `violated`: the policies this request broke (empty when admitted); `atMs`: when it was taken. */
interface Decision {
  states: WindowState[];
  policyField: string;
  violated: string[];
  retryAfterSeconds: number;
  atMs: number;
}

/** The in-flight map is swept of idle identities once it holds this many (or twice what the last sweep left). */
const SWEEP_AT_LEAST = 1_000;

/** Keys longer than this are not looked up: no real key is that long. */
const MAX_API_KEY_LENGTH = 256;

export class RateLimiter {
  private readonly policies: Record<TierName, TierPolicy>;
  private readonly policyFields = new Map<ClassPolicy, string>();
  /** Requests in flight per identity. An identity back at zero keeps its entry until the map outgrows `sweepAt`: deleting and adding it again on every request makes the map shrink and grow each time. */
  private readonly inFlight = new Map<string, number>();
  private sweepAt = SWEEP_AT_LEAST;
  private readonly counts: CountStore;
  private readonly identify: Identify | undefined;
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    this.identify = options.identify;
    this.now = options.now ?? Date.now;
    this.counts = options.counts ?? new MemoryCounts();
    this.policies = Object.fromEntries(tiers.map((t) => [t.name, tierPolicy(t.name, options.policy)])) as Record<TierName, TierPolicy>;
    for (const p of Object.values(this.policies)) for (const c of [p.reads, p.writes]) this.policyFields.set(c, policyField(c.windows));
  }

  /** The identity a request counts under: its agent when the apiKey is one, else its address. */
  identityOf(ctx: Pick<GateContext, 'apiKey' | 'ip'>): Identity | Promise<Identity> {
    const key = ctx.apiKey;
    if (!key || key.length > MAX_API_KEY_LENGTH || !this.identify) return addressIdentity(ctx.ip);
    return Promise.resolve(this.identify(key)).then((agent) => (agent ? { key: `agent:${agent.agentId}`, kind: 'agent', tier: agent.suspended ? 'Bronze' : agent.tier } : addressIdentity(ctx.ip)));
  }

  /**
   * Admits or refuses a request; synchronous when the identity needs no lookup and the counts are
   * in memory, as for most reads.
   */
  admit(ctx: GateContext): Admission | Promise<Admission> {
    if (!this.options.policy.enabled) return ADMITTED;
    const cls: RequestClass = ctx.rateClass === 'read' ? 'reads' : 'writes';
    const identity = this.identityOf(ctx);
    return identity instanceof Promise ? identity.then((id) => this.admitAs(id, cls)) : this.admitAs(identity, cls);
  }

  private admitAs(identity: Identity, cls: RequestClass): Admission | Promise<Admission> {
    // The place in flight is taken in the same step as it is looked at, before the counts: admissions
    // of simultaneous requests interleave at every await, and a cap read in one step and taken in a
    // later one would let them all through.
    const inFlightBefore = this.inFlight.get(identity.key) ?? 0;
    if (inFlightBefore === 0 && this.inFlight.size >= this.sweepAt) this.sweep();
    this.inFlight.set(identity.key, inFlightBefore + 1);
    const atMs = this.now();
    const policy = this.policies[identity.tier];
    const busy = inFlightBefore >= policy.concurrency;
    // If the store fails, the request goes through without headers rather than failing the service.
    try {
      const taken = this.counts.take(`${identity.key}|${cls}`, policy[cls].windows, atMs, !busy);
      if (!(taken instanceof Promise)) return this.admission(identity, cls, policy, taken, busy, atMs);
      return taken.then(
        (counted) => this.admission(identity, cls, policy, counted, busy, atMs),
        () => this.unlimited(identity),
      );
    } catch {
      return this.unlimited(identity);
    }
  }

  /** Admitted without counting or headers: the count store failed. */
  private unlimited(identity: Identity): Admission {
    return new GateAnswer(this.inFlight, identity.key, true, []);
  }

  /** The gate's answer from what the counts say: admitted with its headers, or refused (its place in flight given back). */
  private admission(identity: Identity, cls: RequestClass, policy: TierPolicy, taken: Taken, busy: boolean, atMs: number): Admission {
    const decision = this.decision(cls, policy, taken, busy, atMs);
    const headers = rateLimitHeaders(decision);
    if (!decision.violated.length) return new GateAnswer(this.inFlight, identity.key, true, headers);
    const { violated, retryAfterSeconds } = decision;
    const refused = new GateAnswer(this.inFlight, identity.key, false, headers, {
      code: 'rate_limited',
      detail: `Rate limit reached for ${cls} (${violated.join(', ')}). Retry after ${retryAfterSeconds} s; /api/public/rate-limits publishes the policy.`,
      extra: { violatedPolicies: violated, retryAfterSeconds, identity: identity.kind, tier: identity.tier },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
    refused.release();
    return refused;
  }

  /** Drops the identities with nothing in flight; the next sweep waits until the map has doubled, so sweeping costs O(1) a request. */
  private sweep(): void {
    for (const [key, n] of this.inFlight) if (n === 0) this.inFlight.delete(key);
    this.sweepAt = Math.max(SWEEP_AT_LEAST, 2 * this.inFlight.size);
  }

  /** What the counts say of this request: each window's state, and what it broke. */
  private decision(cls: RequestClass, policy: TierPolicy, taken: Taken, busy: boolean, atMs: number): Decision {
    const { windows } = policy[cls];
    const states: WindowState[] = new Array(windows.length);
    const violated: string[] = [];
    let retryAfterSeconds = 0;
    for (let i = 0; i < windows.length; i++) {
      const s = (states[i] = stateOf(windows[i], taken.snapshots[i], taken.counted, atMs));
      if (!s.exceeded) continue;
      violated.push(s.window.name);
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(s.resetMs / 1000));
    }
    if (busy) violated.push('concurrency');
    if (violated.length) retryAfterSeconds = Math.max(1, retryAfterSeconds);
    return { states, policyField: this.policyFields.get(policy[cls])!, violated, retryAfterSeconds, atMs };
  }
}

const ADMITTED: Admission = { admitted: true, release: () => {}, headers: [] };

function addressIdentity(ip: string): Identity {
  return { key: `ip:${addressKey(ip)}`, kind: 'ip', tier: 'Bronze' };
}

/**
 * A window as the headers describe it, from what it held before the request (`counted`: the
 * request is in it now). A sliding window resets when its newest counted second leaves it; full,
 * it takes a request again once enough of its oldest seconds have left.
 */
function stateOf(window: Window, snapshot: Snapshot, counted: boolean, atMs: number): WindowState {
  const exceeded = !fits(window, snapshot);
  const held = used(snapshot) + (counted ? 1 : 0);
  const remaining = Math.max(0, window.limit - held);
  if (snapshot.kind === 'fixed') {
    const resetMs = window.windowSeconds * 1000 - (snapshot.ageMs ?? 0);
    return { window, remaining, resetMs: Math.max(0, resetMs), exceeded };
  }
  // Seconds are oldest first, this one last (counted now when `counted`): the second at `i` leaves the window at this instant.
  const { perSecond } = snapshot;
  const last = perSecond.length - 1;
  const inSecond = (i: number) => perSecond[i] + (counted && i === last ? 1 : 0);
  const second = Math.floor(atMs / 1000);
  const leaves = (i: number) => (second + i + 1) * 1000 - atMs;
  if (!exceeded) {
    let newest = last;
    while (newest >= 0 && inSecond(newest) === 0) newest--;
    return { window, remaining, resetMs: newest < 0 ? 0 : leaves(newest), exceeded };
  }
  let rest = held;
  for (let i = 0; i <= last; i++) {
    rest -= inSecond(i);
    if (rest < window.limit) return { window, remaining, resetMs: leaves(i), exceeded };
  }
  return { window, remaining, resetMs: leaves(last), exceeded };
}

/**
 * X-RateLimit-* describe the class's headline window, the per-minute one the policy names first
 * (reads 300/min, writes 60/min), so the numbers agents read match the published limits; on a
 * refusal they describe the window that refused, so Remaining is 0 and Reset says when to retry.
 * RateLimit-Policy and RateLimit carry every window of the class (burst, hour and day included)
 * in draft-ietf-httpapi-ratelimit-headers-10 syntax, for clients that pace on all of them.
 */
export function policyField(windows: Window[]): string {
  return windows.map((w) => `"${w.name}";q=${w.limit};w=${w.windowSeconds}`).join(', ');
}

function rateLimitHeaders(decision: Decision): string[] {
  const { states, retryAfterSeconds, atMs } = decision;
  // On a refusal: the window that makes the client wait longest, and Reset is when Retry-After ends.
  let binding = states[0];
  for (const s of states) if (s.exceeded && (!binding.exceeded || s.resetMs > binding.resetMs)) binding = s;
  const refused = retryAfterSeconds > 0;
  const reset = refused ? Math.ceil(atMs / 1000) + retryAfterSeconds : Math.ceil((atMs + binding.resetMs) / 1000);
  let field = '';
  for (const s of states) field += `${field ? ', ' : ''}"${s.window.name}";r=${s.remaining};t=${Math.ceil(s.resetMs / 1000)}`;
  return [
    'X-RateLimit-Limit',
    String(binding.window.limit),
    'X-RateLimit-Remaining',
    String(refused ? 0 : binding.remaining),
    'X-RateLimit-Reset',
    String(reset),
    'RateLimit-Policy',
    decision.policyField,
    'RateLimit',
    field,
  ];
}
