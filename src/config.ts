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
  /** Honour X-Forwarded-For for the client IP (only behind a proxy you control). */
  trustProxy: boolean;
  rateLimits: PolicyOptions;
  /** Anti-farming caps, dedupe window and idempotency TTL of the rewards program. */
  rewards: RewardsConfig;
  /** Folder of the Astro build (pre-rendered files in client/, server bundle in server/). */
  distDir: string;
  /** LOG_LEVEL=silent turns the per-request JSON log lines off (tests, benchmarks). */
  logRequests: boolean;
}

function number(value: string | undefined, fallback: number, name: string, min = Number.MIN_VALUE): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min} (got "${value}")`);
  return n;
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
  };
}
