/**
 * The rate limiter: a `RequestGate` that enforces the policy of src/domain/rate-limit-policy.ts
 * per identity, puts the rate-limit headers on every response it admits or refuses, and refuses
 * with 429 `rate_limited` past a limit.
 *
 * rate-limiter-flexible keeps the counts: one limiter per window name ("reads-min", ...), used as a
 * counter with expiry (its own `points` is set out of reach), while the tier's limit is applied
 * here. That way one store serves every tier, an agent that climbs a tier keeps its counts, and
 * the store can be swapped for `RateLimiterRedis` (shared by several instances) by passing a
 * different `counterFor`. The concurrency caps are per process: in-flight requests are a property
 * of the instance serving them.
 *
 * A fixed window lets a client spend one window's quota at its end and the next one's at the
 * start of the next, twice the limit in a moment. The burst must hold over any span, so the
 * sliding window (`reads-burst`) is counted per second, one counter record per identity and
 * second in the same kind of store, and a request is admitted when the last `windowSeconds + 1`
 * seconds hold fewer than the limit. Those seconds cover every span of `windowSeconds` that ends
 * now, so no such span ever holds more than the limit; the price is that a client may wait up to
 * one second longer than an exact log of request times would make it.
 *
 * A refused request is refunded in every window ("softly enforced": nothing is remembered beyond
 * the counts of requests that were served). If the store fails, the request is let through
 * without headers rather than failing the service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tierPolicy, type ClassPolicy, type PolicyOptions, type RequestClass, type TierPolicy, type Window } from '../domain/rate-limit-policy.ts';
import { tiers, type TierName } from '../domain/tiers.ts';
import type { Admission, GateContext, RequestGate } from './request-gate.ts';

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
  /**
   * The counting store for one window; defaults to in-process memory. A sliding window's store
   * keeps one record per identity and second, for `windowSeconds` (which is then the window's
   * length plus one).
   */
  counterFor?: (window: Pick<Window, 'name' | 'windowSeconds'>) => RateLimiterAbstract;
  /** The clock the sliding windows count seconds by; the real one unless a unit test moves it. */
  now?: () => number;
}

export interface Identity {
  /** Store key: never the apiKey itself. */
  key: string;
  kind: 'agent' | 'ip';
  tier: TierName;
}

export interface WindowState {
  window: Window;
  /** Requests still allowed in this window after this one. */
  remaining: number;
  /**
   * Until the window resets (a sliding one: until its count is back to zero); when it is
   * exceeded, until the next request fits.
   */
  resetMs: number;
  exceeded: boolean;
}

/** One window's count for one identity, this request included. */
interface Count {
  consumed: number;
  resetMs: number;
  /** Until a request fits again, once this one is refunded. */
  waitMs(limit: number): number;
}

export interface Decision {
  identity: Identity;
  requestClass: RequestClass;
  states: WindowState[];
  /** The RateLimit-Policy field of this tier and class, built once. */
  policyField: string;
  /** Names of the policies this request broke; empty when it is admitted. */
  violated: string[];
  retryAfterSeconds: number;
  /** When the decision was taken (ms): the headers' Reset counts from it. */
  atMs: number;
}

/** Sliding windows count requests per second of this clock. */
const SLIDE_STEP_MS = 1000;

/** Keys longer than this are not looked up: no real key is that long. */
const MAX_API_KEY_LENGTH = 256;

/** The store's own ceiling, never reached: the tier limit is applied by `decide`. */
const OUT_OF_REACH = Number.MAX_SAFE_INTEGER;

export const memoryCounter = (window: Pick<Window, 'name' | 'windowSeconds'>): RateLimiterAbstract =>
  new RateLimiterMemory({ keyPrefix: window.name, points: OUT_OF_REACH, duration: window.windowSeconds });

export class RateLimiter implements RequestGate {
  private readonly policies: Record<TierName, TierPolicy>;
  private readonly policyFields = new Map<ClassPolicy, string>();
  private readonly counters = new Map<string, RateLimiterAbstract>();
  private readonly inFlight = new Map<string, number>();
  private readonly identify: Identify | undefined;
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    this.identify = options.identify;
    this.now = options.now ?? Date.now;
    this.policies = Object.fromEntries(tiers.map((t) => [t.name, tierPolicy(t.name, options.policy)])) as Record<TierName, TierPolicy>;
    for (const p of Object.values(this.policies)) for (const c of [p.reads, p.writes]) this.policyFields.set(c, policyField(c.windows));
    const counterFor = options.counterFor ?? memoryCounter;
    // Windows have the same names and lengths in every tier; only their limits differ.
    for (const cls of ['reads', 'writes'] as const) {
      for (const w of this.policies.Bronze[cls].windows) this.counters.set(w.name, counterFor({ name: w.name, windowSeconds: w.sliding ? w.windowSeconds + 1 : w.windowSeconds }));
    }
  }

  get enabled(): boolean {
    return this.options.policy.enabled;
  }

  async identityOf(ctx: Pick<GateContext, 'apiKey' | 'ip'>): Promise<Identity> {
    const key = ctx.apiKey;
    const agent = key && key.length <= MAX_API_KEY_LENGTH && this.identify ? await this.identify(key) : undefined;
    if (agent) return { key: `agent:${agent.agentId}`, kind: 'agent', tier: agent.suspended ? 'Bronze' : agent.tier };
    return { key: `ip:${ipKey(ctx.ip)}`, kind: 'ip', tier: 'Bronze' };
  }

  /**
   * Counts one request of `cls` for `identity` in every window; refunds it if it is refused.
   * `inFlightBefore`: the identity's requests in flight when this one took its place.
   */
  async decide(identity: Identity, cls: RequestClass, inFlightBefore: number): Promise<Decision> {
    const atMs = this.now();
    const policy = this.policies[identity.tier];
    const windows = policy[cls].windows;
    const counts = await Promise.all(windows.map((w) => (w.sliding ? this.slide(w, identity.key, atMs) : this.fixed(w, identity.key))));
    const states = windows.map((window, i) => stateOf(window, counts[i]));
    const violated = states.filter((s) => s.exceeded).map((s) => s.window.name);
    if (inFlightBefore >= policy.concurrency) violated.push('concurrency');

    let retryAfterSeconds = 0;
    if (violated.length) {
      await Promise.all(windows.map((w) => this.counter(w).reward(w.sliding ? secondKey(identity.key, atMs) : identity.key, 1)));
      for (const s of states) {
        // Refunded: this request no longer uses up a place in any window.
        if (!s.exceeded) s.remaining += 1;
      }
      const exceeded = states.filter((s) => s.exceeded);
      retryAfterSeconds = exceeded.length ? Math.max(1, ...exceeded.map((s) => Math.ceil(s.resetMs / 1000))) : 1;
    }
    return { identity, requestClass: cls, states, policyField: this.policyFields.get(policy[cls])!, violated, retryAfterSeconds, atMs };
  }

  private async fixed(w: Window, key: string): Promise<Count> {
    const res = await this.counter(w).consume(key, 1);
    return { consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext), waitMs: () => Math.max(0, res.msBeforeNext) };
  }

  /**
   * Counts this request in its second and adds the previous `windowSeconds` seconds. Oldest
   * first, each second leaves the count once the clock enters the second `windowSeconds + 1`
   * after it.
   */
  private async slide(w: Window, key: string, atMs: number): Promise<Count> {
    const counter = this.counter(w);
    const second = Math.floor(atMs / SLIDE_STEP_MS);
    const [current, ...earlier] = await Promise.all([
      counter.consume(secondKey(key, atMs), 1),
      ...Array.from({ length: w.windowSeconds }, (_, i) => counter.get(`${key}@${second - w.windowSeconds + i}`)),
    ]);
    const perSecond = [...earlier.map((r) => r?.consumedPoints ?? 0), current.consumedPoints];
    const consumed = perSecond.reduce((a, b) => a + b, 0);
    const leaves = (i: number) => (second - w.windowSeconds + i + w.windowSeconds + 1) * SLIDE_STEP_MS - atMs;
    return {
      consumed,
      // The newest second with a count is the last to leave.
      resetMs: leaves(perSecond.findLastIndex((n) => n > 0)),
      waitMs(limit) {
        let held = consumed - 1;
        for (let i = 0; i < perSecond.length; i++) {
          held -= i === perSecond.length - 1 ? perSecond[i] - 1 : perSecond[i];
          if (held < limit) return leaves(i);
        }
        return leaves(perSecond.length - 1);
      },
    };
  }

  async admit(_req: IncomingMessage, res: ServerResponse, ctx: GateContext): Promise<Admission> {
    if (!this.enabled) return { admitted: true };
    const identity = await this.identityOf(ctx);
    // The place in flight is taken before the counts are awaited, in the same step as it is
    // looked at: admissions of simultaneous requests interleave at every await, and a cap read in
    // one step and taken in a later one would let them all through.
    const inFlightBefore = this.inFlight.get(identity.key) ?? 0;
    this.inFlight.set(identity.key, inFlightBefore + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.inFlight.get(identity.key) ?? 1) - 1;
      if (n > 0) this.inFlight.set(identity.key, n);
      else this.inFlight.delete(identity.key);
    };
    let decision: Decision;
    try {
      decision = await this.decide(identity, ctx.rateClass === 'read' ? 'reads' : 'writes', inFlightBefore);
    } catch {
      return { admitted: true, release };
    }
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);

    if (decision.violated.length) {
      release();
      const { violated, retryAfterSeconds, requestClass: cls } = decision;
      return {
        admitted: false,
        refusal: {
          code: 'rate_limited',
          detail: `Rate limit reached for ${cls} (${violated.join(', ')}). Retry after ${retryAfterSeconds} s; /api/public/rate-limits publishes the policy.`,
          extra: { violatedPolicies: violated, retryAfterSeconds, identity: identity.kind, tier: identity.tier },
          headers: { 'Retry-After': String(retryAfterSeconds) },
        },
      };
    }

    return { admitted: true, release };
  }

  private counter(w: Window): RateLimiterAbstract {
    return this.counters.get(w.name)!;
  }
}

function stateOf(window: Window, count: Count): WindowState {
  const exceeded = count.consumed > window.limit;
  return {
    window,
    remaining: Math.max(0, window.limit - count.consumed),
    resetMs: Math.max(0, exceeded ? count.waitMs(window.limit) : count.resetMs),
    exceeded,
  };
}

/** The store key of one identity's count in the second of `atMs`, for a sliding window. */
function secondKey(key: string, atMs: number): string {
  return `${key}@${Math.floor(atMs / SLIDE_STEP_MS)}`;
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

export function rateLimitHeaders(decision: Pick<Decision, 'states' | 'retryAfterSeconds' | 'atMs'> & { policyField?: string }): Record<string, string> {
  const { states, retryAfterSeconds, atMs } = decision;
  const exceeded = states.filter((s) => s.exceeded);
  // On a refusal: the window that makes the client wait longest, and Reset is when Retry-After ends.
  const binding = exceeded.reduce((a, b) => (b.resetMs > a.resetMs ? b : a), exceeded[0] ?? states[0]);
  const refused = retryAfterSeconds > 0;
  return {
    'X-RateLimit-Limit': String(binding.window.limit),
    'X-RateLimit-Remaining': String(refused ? 0 : binding.remaining),
    'X-RateLimit-Reset': String(refused ? Math.ceil(atMs / 1000) + retryAfterSeconds : Math.ceil((atMs + binding.resetMs) / 1000)),
    'RateLimit-Policy': decision.policyField ?? policyField(states.map((s) => s.window)),
    RateLimit: states.map((s) => `"${s.window.name}";r=${s.remaining};t=${Math.ceil(s.resetMs / 1000)}`).join(', '),
  };
}

/**
 * The store key for a client address: IPv4-mapped IPv6 is folded to IPv4, and an IPv6 client is
 * counted by its /64 prefix, since one subscriber usually holds the whole /64 and could otherwise
 * rotate addresses to multiply its limits.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
