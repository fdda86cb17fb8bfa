/**
 * Rate-limit counts shared by every instance (REDIS_URL): the same records and decision as
 * `MemoryCounts` (src/server/rate-counts.ts), kept in Redis and taken by one Lua script in one
 * round trip, so two instances never both give away the last place in a window. A fixed window
 * is a counter that expires with the window; a sliding one a counter per second, expiring once
 * the window has passed it.
 *
 * When Redis cannot be reached (down, restarting, a network split), each count is taken by the
 * instance's own memory instead, at once rather than after a timeout: the service keeps
 * answering and every published limit still holds per instance, so N instances admit up to N
 * times a limit in all until Redis is back. /healthz says so, and the log warns once per outage.
 * When Redis returns, counting is shared again by itself (the counts taken in memory meanwhile
 * are not carried over). The script names its per-second keys itself, so the store wants one
 * Redis server, not a Redis Cluster.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Window } from '../domain/rate-limit-policy.ts';
import { type CountStore, MemoryCounts, type Snapshot, type Taken } from './rate-counts.ts';

export interface SharedLimits {
  counts: CountStore;
  /** 'ok', or what is in force instead. */
  status(): string;
  close(): Promise<void>;
}

/**
 * KEYS: one per window. ARGV: now (ms), 1 to count, then limit, seconds and 1 if sliding per
 * window. Returns whether it counted, and per window {count, pttl} (fixed) or the counts of its
 * seconds, oldest first (sliding).
 */
const TAKE = `
local now = tonumber(ARGV[1])
local second = math.floor(now / 1000)
local held, fitsAll = {}, true
for i = 1, #KEYS do
  local limit, seconds, sliding = tonumber(ARGV[i * 3]), tonumber(ARGV[i * 3 + 1]), ARGV[i * 3 + 2] == '1'
  if sliding then
    local keys = {}
    for j = 0, seconds do keys[j + 1] = KEYS[i] .. '@' .. (second - seconds + j) end
    local counts, total = {}, 0
    for j, value in ipairs(redis.call('MGET', unpack(keys))) do
      counts[j] = tonumber(value) or 0
      total = total + counts[j]
    end
    held[i] = counts
    if total + 1 > limit then fitsAll = false end
  else
    local count, ttl = tonumber(redis.call('GET', KEYS[i])) or 0, redis.call('PTTL', KEYS[i])
    if ttl < 0 then count = 0 end
    held[i] = { count, ttl }
    if count + 1 > limit then fitsAll = false end
  end
end
local counted = ARGV[2] == '1' and fitsAll
if counted then
  for i = 1, #KEYS do
    local seconds = tonumber(ARGV[i * 3 + 1])
    if ARGV[i * 3 + 2] == '1' then
      local key = KEYS[i] .. '@' .. second
      redis.call('INCR', key)
      redis.call('PEXPIRE', key, (seconds + 2) * 1000)
    elseif redis.call('INCR', KEYS[i]) == 1 then
      redis.call('PEXPIRE', KEYS[i], seconds * 1000)
    end
  end
end
return { counted and 1 or 0, held }
`;

type TakeReply = [number, Array<number[]>];

interface WithTake extends Redis {
  canopyTake(keyCount: number, ...keysAndArgs: Array<string | number>): Promise<TakeReply>;
}

export function sharedLimits(url: string, keyPrefix: string, log: Logger): SharedLimits {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s: Redis coming back is noticed within that.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  }) as WithTake;
  client.defineCommand('canopyTake', { lua: TAKE });
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
  const local = new MemoryCounts();

  async function take(key: string, windows: readonly Window[], nowMs: number, count: boolean): Promise<Taken> {
    if (client.status !== 'ready') return local.take(key, windows, nowMs, count);
    const keys = windows.map((w) => `${keyPrefix}${w.name}:${key}`);
    const args = windows.flatMap((w) => [w.limit, w.windowSeconds, w.sliding ? 1 : 0]);
    let reply: TakeReply;
    try {
      reply = await client.canopyTake(keys.length, ...keys, nowMs, count ? 1 : 0, ...args);
    } catch {
      return local.take(key, windows, nowMs, count);
    }
    const [counted, held] = reply;
    const snapshots = windows.map((w, i): Snapshot => {
      if (w.sliding) return { kind: 'sliding', perSecond: held[i] };
      const [n, ttl] = held[i];
      return { kind: 'fixed', count: n, ageMs: ttl >= 0 && n > 0 ? w.windowSeconds * 1000 - ttl : undefined };
    });
    return { counted: counted === 1, snapshots };
  }

  return {
    counts: { take },
    status: () => (client.status === 'ready' ? 'ok' : 'unreachable: rate limits counted per instance'),
    async close() {
      client.disconnect();
    },
  };
}
