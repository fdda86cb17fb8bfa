/**
 * Every operator-tunable setting in one typed object, with defaults, read from the environment
 * once. The discovery index and /api/public/rate-limits publish this same object, so what is
 * documented is what is enforced.
 */
import { defaultRewardsConfig, type RewardsConfig } from './domain/program-config.ts';
import type { PolicyOptions } from './domain/rate-limit-policy.ts';
import { DEFAULT_PORT, parsePublicUrl } from './public-origin.ts';
import { DEFAULT_RETRY_SCHEDULE_MS, parseRetrySchedule } from './webhooks/webhook-policy.ts';

export interface AppConfig {
  host: string;
  port: number;
  /**
   * PUBLIC_URL: the origin every absolute URL is built from (src/public-origin.ts); unset, the
   * build's PUBLIC_URL if it had one, else the address the server listens on.
   */
  publicUrl?: string;
  /** SQLite file; its folder is created on first start. Unused when `databaseUrl` is set. */
  databasePath: string;
  /** DATABASE_URL=postgres://...: the store is PostgreSQL instead of SQLite (src/store/postgres.ts). */
  databaseUrl?: string;
  /** PG_POOL_MAX: PostgreSQL connections one instance may hold. */
  poolMax: number;
  /** REDIS_URL=redis://...: rate-limit counts shared by every instance (src/server/shared-limits.ts). */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every key the service writes in Redis (several deployments may share one Redis). */
  redisPrefix: string;
  /**
   * TRUST_PROXY=1|true: one proxy you control is in front and appends the client address to
   * X-Forwarded-For; its last entry is then the client IP (rate-limit identity, logs).
   */
  trustProxy: boolean;
  /** METRICS_TOKEN: lets clients other than loopback read GET /metrics with Authorization: Bearer <token>. */
  metricsToken?: string;
  rateLimits: PolicyOptions;
  /** Anti-farming caps, dedupe window and idempotency TTL of the rewards program. */
  rewards: RewardsConfig;
  /** Folder of the Astro build (pre-rendered files in client/, server bundle in server/). */
  distDir: string;
  /** LOG_LEVEL: a pino level (trace, debug, info, warn, error, fatal, silent); info logs every request. */
  logLevel: LogLevel;
  /** RESPONSE_CACHE_MB: the most the server's response cache holds (src/server/response-cache.ts). */
  responseCacheBytes: number;
  /** Connection caps, timeouts and shutdown (src/server/connection-guard.ts, src/server/shutdown.ts). */
  server: ServerLimits;
  /**
   * CLOCK_START=<ISO instant> pins "now" for tests: the clock starts there and advances in real
   * time (src/clock.ts). Unset in production.
   */
  clockStart?: Date;
  /** The background claim verifier (src/rewards/claim-verifier.ts). */
  verifier: {
    /** CLAIM_VERIFIER=off: fetch no page (claims then stand or fall at their deadline on what was verified before). */
    fetching: boolean;
    /**
     * VERIFY_LOCAL_ORIGIN=http://127.0.0.1:<port> (tests only): claims on exactly this origin are
     * accepted and fetched although it is a loopback address. Unset in production.
     */
    localOrigins: string[];
  };
  /** Signed webhooks for agents (src/webhooks, docs/webhooks.md). */
  webhooks: {
    /** WEBHOOK_RETRY_SCHEDULE: the waits before each retry, e.g. 5s,1m,10m,1h,6h,24h (the default). */
    retrySchedule: number[];
    /**
     * WEBHOOK_ALLOW_LOOPBACK=1 (tests and local development only): loopback address literals
     * such as http://127.0.0.1:8080 may receive webhooks. The server says so when it starts.
     */
    allowLoopback: boolean;
  };
}

/**
 * What the HTTP server holds against slow and flooding clients. The caps keep one address (or a
 * few) from taking every socket and file descriptor: 20,000 idle connections from one client get
 * 1,024 places and a 429 for the rest, and everyone else still connects. 1,024 leaves room for an
 * honest client that opens a few hundred connections at once (a test harness, a busy gateway). The timeouts are Node's,
 * checked every `timeoutCheckMs` instead of Node's default 30 s, so they hold to within a second.
 */
export interface ServerLimits {
  /** MAX_CONNECTIONS: open connections in all; past it a new one gets 503 and is closed. */
  maxConnections: number;
  /**
   * MAX_CONNECTIONS_PER_ADDRESS: open connections from one client address (IPv6 by its /64);
   * past it a new one gets 429 and is closed. Not applied with TRUST_PROXY, where every
   * connection comes from the proxy.
   */
  maxConnectionsPerAddress: number;
  /** HEADERS_TIMEOUT_S: a request's headers must arrive within this (an idle new connection too). */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_S: a whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_S: an idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the header and request timeouts. */
  timeoutCheckMs: number;
  /** SHUTDOWN_GRACE_S: on SIGTERM, in-flight requests get this long before their connections are cut. */
  shutdownGraceMs: number;
}

export const defaultServerLimits: ServerLimits = {
  maxConnections: 4096,
  maxConnectionsPerAddress: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckMs: 1_000,
  shutdownGraceMs: 10_000,
};

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
  return level as LogLevel;
}

function number(value: string | undefined, fallback: number, name: string, min = Number.MIN_VALUE): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min} (got "${value}")`);
  return n;
}

/** A whole number of at least 0 (0 turns a limit off). */
function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, 0 or more (0 = no limit; got "${value}")`);
  return n;
}

function origin(value: string | undefined, name: string): string[] {
  if (value === undefined || value === '') return [];
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an http origin such as http://127.0.0.1:8080 (got "${value}")`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an http(s) origin (got "${value}")`);
  return [parsed.origin];
}

function databaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value) || !/^postgres(ql)?:$/.test(new URL(value).protocol))
    throw new Error('DATABASE_URL must be a PostgreSQL URL such as postgres://user@127.0.0.1:5432/canopy (unset it to use the SQLite file at DATABASE_PATH)');
  return value;
}

function redisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value) || !/^rediss?:$/.test(new URL(value).protocol))
    throw new Error('REDIS_URL must be a Redis URL such as redis://127.0.0.1:6379 (unset it to count rate limits in this process)');
  return value;
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
    port: number(env.PORT, DEFAULT_PORT, 'PORT', 0),
    publicUrl: env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : undefined,
    databasePath: env.DATABASE_PATH || 'data/canopy-cove.sqlite',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    poolMax: Math.floor(number(env.PG_POOL_MAX, 10, 'PG_POOL_MAX', 1)),
    redisUrl: redisUrl(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX || 'canopy:rl:',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    rateLimits: {
      scale: number(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE'),
      enabled: env.RATE_LIMITS !== 'off',
    },
    rewards: {
      ...defaultRewardsConfig,
      registrationsPerAddressPerDay: count(env.REGISTRATIONS_PER_ADDRESS_PER_DAY, defaultRewardsConfig.registrationsPerAddressPerDay, 'REGISTRATIONS_PER_ADDRESS_PER_DAY'),
      dailyCaps: { ...defaultRewardsConfig.dailyCaps },
      verification: {
        ...defaultRewardsConfig.verification,
        agentsPerHostPerDay: count(env.VERIFICATIONS_PER_HOST_PER_DAY, defaultRewardsConfig.verification.agentsPerHostPerDay, 'VERIFICATIONS_PER_HOST_PER_DAY'),
      },
    },
    distDir: env.DIST_DIR || 'dist',
    logLevel: logLevel(env.LOG_LEVEL),
    responseCacheBytes: number(env.RESPONSE_CACHE_MB, 128, 'RESPONSE_CACHE_MB', 1) * 1024 * 1024,
    server: serverLimits(env),
    clockStart: instant(env.CLOCK_START, 'CLOCK_START'),
    verifier: { fetching: env.CLAIM_VERIFIER !== 'off', localOrigins: origin(env.VERIFY_LOCAL_ORIGIN, 'VERIFY_LOCAL_ORIGIN') },
    webhooks: {
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE === undefined ? [...DEFAULT_RETRY_SCHEDULE_MS] : parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === '1' || env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    },
  };
}

/** `npm run edge` (scripts/edge.ts) and the build's `_redirects`: where the edge listens and what it fronts. */
export interface EdgeConfig {
  /** EDGE_HOST: the address nginx binds. */
  host: string;
  /** EDGE_PORT: the port nginx listens on. */
  port: number;
  /** ORIGIN_URL: the Node service the edge passes on-demand requests to (http://host:port). */
  originUrl: string;
}

export function loadEdgeConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const originUrl = env.ORIGIN_URL || 'http://127.0.0.1:4321';
  const parsed = URL.canParse(originUrl) ? new URL(originUrl) : undefined;
  if (parsed?.protocol !== 'http:' || parsed.pathname !== '/' || parsed.search) throw new Error(`ORIGIN_URL must be http://host:port (got "${originUrl}")`);
  return { host: env.EDGE_HOST || '0.0.0.0', port: number(env.EDGE_PORT, 8080, 'EDGE_PORT', 1), originUrl: parsed.origin };
}

function serverLimits(env: NodeJS.ProcessEnv): ServerLimits {
  const d = defaultServerLimits;
  const seconds = (name: string, fallbackMs: number) => number(env[name], fallbackMs / 1000, name, 0.1) * 1000;
  const limits: ServerLimits = {
    maxConnections: Math.floor(number(env.MAX_CONNECTIONS, d.maxConnections, 'MAX_CONNECTIONS', 1)),
    maxConnectionsPerAddress: Math.floor(number(env.MAX_CONNECTIONS_PER_ADDRESS, d.maxConnectionsPerAddress, 'MAX_CONNECTIONS_PER_ADDRESS', 1)),
    headersTimeoutMs: seconds('HEADERS_TIMEOUT_S', d.headersTimeoutMs),
    requestTimeoutMs: seconds('REQUEST_TIMEOUT_S', d.requestTimeoutMs),
    keepAliveTimeoutMs: seconds('KEEP_ALIVE_TIMEOUT_S', d.keepAliveTimeoutMs),
    timeoutCheckMs: d.timeoutCheckMs,
    shutdownGraceMs: seconds('SHUTDOWN_GRACE_S', d.shutdownGraceMs),
  };
  // Node refuses a header timeout longer than the request timeout.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('HEADERS_TIMEOUT_S must not exceed REQUEST_TIMEOUT_S');
  // A check interval longer than the shortest timeout would let it run over by up to a whole interval.
  limits.timeoutCheckMs = Math.min(d.timeoutCheckMs, Math.max(100, limits.headersTimeoutMs / 4));
  return limits;
}
