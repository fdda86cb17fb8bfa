/**
 * The published rate-limit policy (docs/limits-and-hardening.md). Pure: the numbers
 * and how a tier and the operator's scale factor change them. The limiter
 * (src/server/rate-limiter.ts) enforces exactly what `tierPolicy` returns and
 * `/api/public/rate-limits` publishes `effectivePolicy`, built from the same function.
 */
import type { TierName } from './tiers.ts';
import { tiers } from './tiers.ts';

export interface Window {
  /** Policy name used in the IETF RateLimit headers and in `violatedPolicies`, e.g. "reads-min". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Sliding: the limit holds over any span of `windowSeconds`; fixed: within windows that start at the first request counted. */
  sliding: boolean;
}

export interface ClassPolicy {
  /** Every window is enforced; a request must fit in all of them. */
  windows: Window[];
  /** The read burst: the limit of the `reads-burst` window, repeated where clients look for it. */
  burst?: number;
}

export type RequestClass = 'reads' | 'writes';

export interface TierPolicy {
  tier: TierName;
  multiplier: number;
  reads: ClassPolicy;
  writes: ClassPolicy;
  /** Requests this identity may have in flight at once. */
  concurrency: number;
}

/** The Bronze numbers; every tier multiplies them. */
export const baseLimits = {
  reads: { perMinute: 300, perHour: 10_000, perDay: 100_000, burst: 60 },
  writes: { perMinute: 60 },
} as const;

/**
 * The burst is a sliding window: at most `burst` reads in any span of this many seconds, which is
 * the time the per-minute rate takes to earn `burst` requests (60 / (300/60) = 12 s). A client may
 * send 60 reads at once, then is held to the steady rate; the per-minute, hourly and daily windows
 * still apply on top, and since any minute is five such spans, the burst also holds every sliding
 * minute to the per-minute limit. Tiers and the scale factor multiply the burst and the per-minute
 * limit alike, so the window length stays the same.
 */
export const BURST_WINDOW_SECONDS = Math.round((60 * baseLimits.reads.burst) / baseLimits.reads.perMinute);

export const tierMultipliers: Record<TierName, number> = { Bronze: 1, Silver: 2, Gold: 3, Platinum: 5, Legend: 10 };
export const tierConcurrency: Record<TierName, number> = { Bronze: 4, Silver: 8, Gold: 16, Platinum: 32, Legend: 64 };

export interface PolicyOptions {
  /** RATE_LIMIT_SCALE: multiplies every number, for benchmarks and CDN-fronted deployments. */
  scale: number;
  /**
   * RATE_LIMITS=off turns the limiter off entirely: nothing is counted or refused and responses
   * carry no rate-limit headers (a CDN in front then speaks for the limits, and benchmarks measure
   * the service without the limiter).
   */
  enabled: boolean;
}

export function tierPolicy(tier: TierName, options: PolicyOptions): TierPolicy {
  const m = tierMultipliers[tier];
  const n = (x: number) => Math.max(1, Math.round(x * m * options.scale));
  const burst = n(baseLimits.reads.burst);
  return {
    tier,
    multiplier: m,
    reads: {
      windows: [
        { name: 'reads-min', limit: n(baseLimits.reads.perMinute), windowSeconds: 60, sliding: false },
        { name: 'reads-hour', limit: n(baseLimits.reads.perHour), windowSeconds: 3600, sliding: false },
        { name: 'reads-day', limit: n(baseLimits.reads.perDay), windowSeconds: 86_400, sliding: false },
        { name: 'reads-burst', limit: burst, windowSeconds: BURST_WINDOW_SECONDS, sliding: true },
      ],
      burst,
    },
    writes: { windows: [{ name: 'writes-min', limit: n(baseLimits.writes.perMinute), windowSeconds: 60, sliding: false }] },
    concurrency: Math.max(1, Math.round(tierConcurrency[tier] * options.scale)),
  };
}

/** The server's connection caps and timeouts (config.server), published with the request limits. */
export interface ConnectionPolicy {
  /** Null when not applied (behind a trusted proxy). */
  perAddress: number | null;
  total: number;
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
}

export function effectivePolicy(options: PolicyOptions, connections?: ConnectionPolicy) {
  return {
    enforced: options.enabled,
    scale: options.scale,
    softlyEnforced: true,
    identity:
      'The agent when a valid apiKey comes with the request (Authorization: Bearer <key>, X-API-Key, the apiKey query parameter, or the apiKey field of a JSON write body), otherwise the client IP (IPv6 clients by their /64 prefix).',
    classes: { reads: 'GET and HEAD', writes: 'POST (and any other method, which is answered 405)', free: 'OPTIONS' },
    semantics: {
      windows:
        'Per identity and policy name. The minute, hour and day windows are fixed windows, each starting with the first request counted in it; reads-burst is sliding (windows[].sliding). A request must fit in every window of its class.',
      burst: `reads-burst: at most the burst number of reads in any ${BURST_WINDOW_SECONDS} seconds, however they are aligned (the time the per-minute rate takes to earn the burst), on top of the per-minute, hourly and daily windows. Counted in whole seconds, so after a full burst the wait is at most ${BURST_WINDOW_SECONDS + 1} s.`,
      concurrency: 'Requests of one identity in flight at once, reads and writes together; one more is refused with 429 and violatedPolicies ["concurrency"].',
      refused: 'A refused request (429) is not counted against any window, and nothing else is blocked or remembered: the next request that fits is served.',
      headers:
        "X-RateLimit-Limit/Remaining/Reset describe the per-minute window of the request's class (Reset in Unix seconds); on a 429, Remaining is 0 and Reset is the instant Retry-After points to. RateLimit-Policy lists every window of the class and RateLimit gives each one's remaining requests (r) and seconds to reset (t, for reads-burst: until its count is back to zero), per draft-ietf-httpapi-ratelimit-headers-10.",
      tier: 'Tiers multiply every window and the burst (Silver x2, Gold x3, Platinum x5, Legend x10); a suspended agent gets Bronze numbers. The scale factor multiplies everything, concurrency included.',
    },
    headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit', 'Retry-After'],
    tiers: tiers.map((t) => tierPolicy(t.name, options)),
    ...(connections ? { connections } : {}),
  };
}
