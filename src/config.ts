/**
 * Every operator-tunable setting in one typed object, with defaults, read from the environment
 * once. The discovery index and /api/public/rate-limits publish this same object, so what is
 * documented is what is enforced.
 */
import { defaultRewardsConfig, type RewardsConfig } from './domain/program-config.ts';
import type { PolicyOptions } from './domain/rate-limit-policy.ts';

export interface AppConfig {
  host: string;
  port: number;
  /** SQLite file; its folder is created on first start. */
  databasePath: string;
  /**
   * TRUST_PROXY=1|true: one proxy you control is in front and appends the client address to
   * X-Forwarded-For; its last entry is then the client IP (rate-limit identity, logs).
   */
  trustProxy: boolean;
  rateLimits: PolicyOptions;
  /** Anti-farming caps, dedupe window and idempotency TTL of the rewards program. */
  rewards: RewardsConfig;
  /** Folder of the Astro build (pre-rendered files in client/, server bundle in server/). */
  distDir: string;
  /** LOG_LEVEL=silent turns the per-request JSON log lines off (tests, benchmarks). */
  logRequests: boolean;
  /**
   * CLOCK_START=<ISO instant> pins "now" for tests: the clock starts there and advances in real
   * time (src/clock.ts). Unset in production.
   */
  clockStart?: Date;
  /**
   * DIRECT_ROUTES=off: profiles, the leaderboard and reputation (src/http/shared-reads.ts) and the
   * earn writes (src/http/shared-writes.ts) go through Astro's endpoints like every other
   * on-demand route, instead of being answered by our server directly. The answers are the same;
   * the switch is for comparing the two.
   */
  directRoutes: boolean;
}

function number(value: string | undefined, fallback: number, name: string, min = Number.MIN_VALUE): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min} (got "${value}")`);
  return n;
}

function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`${name} must be an ISO 8601 instant (got "${value}")`);
  return at;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '0.0.0.0',
    // PORT=0 asks the OS for a free port (tests).
    port: number(env.PORT, 4321, 'PORT', 0),
    databasePath: env.DATABASE_PATH || 'data/canopy-cove.sqlite',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimits: {
      scale: number(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE'),
      enabled: env.RATE_LIMITS !== 'off',
    },
    rewards: { ...defaultRewardsConfig, dailyCaps: { ...defaultRewardsConfig.dailyCaps } },
    distDir: env.DIST_DIR || 'dist',
    logRequests: env.LOG_LEVEL !== 'silent',
    directRoutes: env.DIRECT_ROUTES !== 'off',
    clockStart: instant(env.CLOCK_START, 'CLOCK_START'),
  };
}
