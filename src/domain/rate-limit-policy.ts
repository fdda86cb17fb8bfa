/**
 * The published rate-limit policy (SPEC.md "Limits", CONTRACT.md section 5). Pure: the numbers
 * and how a tier and the operator's scale factor change them. The limiter enforces exactly what
 * `effectivePolicy` returns and `/api/public/rate-limits` publishes the same object.
 */
import type { TierName } from './tiers.ts';
import { tiers } from './tiers.ts';

export interface Window {
  /** Policy name used in the IETF RateLimit headers, e.g. "reads-min". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface ClassPolicy {
  windows: Window[];
  /** Requests allowed at once above the steady rate (a token bucket's depth). */
  burst?: number;
}

export interface TierPolicy {
  tier: TierName;
  multiplier: number;
  reads: ClassPolicy;
  writes: ClassPolicy;
  /** Requests this identity may have in flight at once. */
  concurrency: number;
}

/** SPEC.md's Bronze numbers; every tier multiplies them. */
export const baseLimits = {
  reads: { perMinute: 300, perHour: 10_000, perDay: 100_000, burst: 60 },
  writes: { perMinute: 60 },
} as const;

export const tierMultipliers: Record<TierName, number> = { Bronze: 1, Silver: 2, Gold: 3, Platinum: 5, Legend: 10 };
export const tierConcurrency: Record<TierName, number> = { Bronze: 4, Silver: 8, Gold: 16, Platinum: 32, Legend: 64 };

export interface PolicyOptions {
  /** RATE_LIMIT_SCALE: multiplies every number, for benchmarks and CDN-fronted deployments. */
  scale: number;
  /** RATE_LIMITS=off turns enforcement off; headers still describe the policy. */
  enabled: boolean;
}

export function tierPolicy(tier: TierName, options: PolicyOptions): TierPolicy {
  const m = tierMultipliers[tier];
  const n = (x: number) => Math.max(1, Math.round(x * m * options.scale));
  return {
    tier,
    multiplier: m,
    reads: {
      windows: [
        { name: 'reads-min', limit: n(baseLimits.reads.perMinute), windowSeconds: 60 },
        { name: 'reads-hour', limit: n(baseLimits.reads.perHour), windowSeconds: 3600 },
        { name: 'reads-day', limit: n(baseLimits.reads.perDay), windowSeconds: 86_400 },
      ],
      burst: n(baseLimits.reads.burst),
    },
    writes: { windows: [{ name: 'writes-min', limit: n(baseLimits.writes.perMinute), windowSeconds: 60 }] },
    concurrency: Math.max(1, Math.round(tierConcurrency[tier] * options.scale)),
  };
}

export function effectivePolicy(options: PolicyOptions) {
  return {
    enforced: options.enabled,
    scale: options.scale,
    softlyEnforced: true,
    identity: 'The agent when a valid apiKey comes with the request (Authorization: Bearer, X-API-Key, or apiKey in the body or query), otherwise the client IP.',
    classes: { reads: 'GET and HEAD', writes: 'POST', free: 'OPTIONS' },
    headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit', 'Retry-After'],
    tiers: tiers.map((t) => tierPolicy(t.name, options)),
  };
}
