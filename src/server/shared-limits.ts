/**
 * Rate-limit counts shared by every instance (REDIS_URL): one ioredis client, and per window a
 * rate-limiter-flexible `RateLimiterRedis` with an in-memory insurance limiter.
 *
 * When Redis cannot be reached (down, restarting, a network split), each count is taken by the
 * instance's own memory instead (`rejectIfRedisNotReady` sends it there at once rather than
 * after a timeout): the service keeps answering and every published limit still holds per
 * instance, so N instances admit up to N times a limit in all until Redis is back. /healthz says
 * so, and the log warns once per outage. When Redis returns, counting is shared again by itself
 * (the counts taken in memory meanwhile are not carried over).
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Window } from '../domain/rate-limit-policy.ts';

/** The store's own ceiling, never reached: the tier limit is applied by the RateLimiter. */
const OUT_OF_REACH = Number.MAX_SAFE_INTEGER;

export interface SharedLimits {
  counterFor(window: Pick<Window, 'name' | 'windowSeconds'>): RateLimiterAbstract;
  /** 'ok', or what is in force instead. */
  status(): string;
  close(): Promise<void>;
}

export function sharedLimits(url: string, keyPrefix: string, log: Logger): SharedLimits {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s: Redis coming back is noticed within that.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let down = false;
  client.on('ready', () => {
    if (down) log.info('redis is back: rate limits are shared across instances again');
    down = false;
  });
  client.on('error', (error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: error.message } }, 'redis unreachable: rate limits are counted per instance until it is back');
  });
  return {
    counterFor: (window) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}${window.name}`,
        points: OUT_OF_REACH,
        duration: window.windowSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: window.name, points: OUT_OF_REACH, duration: window.windowSeconds }),
      }),
    status: () => (client.status === 'ready' ? 'ok' : 'unreachable: rate limits counted per instance'),
    async close() {
      client.disconnect();
    },
  };
}
