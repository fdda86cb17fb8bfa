/**
 * The rate limiter's counting, ours against rate-limiter-flexible on the same policies (minute,
 * hour and day windows and the 12 s sliding read burst, per tier and identity), behind the same
 * gate (src/server/rate-limiter.ts), so only the counting differs:
 *
 * - memory: `MemoryCounts` (src/server/rate-counts.ts) against a `RateLimiterMemory` per window,
 *   the burst counted per identity and second;
 * - Redis (with REDIS_URL or TEST_REDIS_URL): our one script per request (src/server/shared-limits.ts)
 *   against a `RateLimiterRedis` per window.
 *
 * Prints µs per admitted read (admit + release, in-process, no HTTP) over 1, 1,000 and 100,000
 * identities, and the heap each identity holds once 100,000 have been seen. `npm run bench` runs
 * it and puts the table in BENCHMARKS.md.
 *
 *   npx tsx bench/rate-limiter-cost.ts [--json]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Window } from '../src/domain/rate-limit-policy.ts';
import type { CountStore, Snapshot } from '../src/server/rate-counts.ts';
import { RateLimiter } from '../src/server/rate-limiter.ts';
import { sharedLimits } from '../src/server/shared-limits.ts';

/** A limit no window reaches, so every read is admitted and counted. */
const NEVER_FULL = { scale: 1e6, enabled: true };

/**
 * The same counts kept by rate-limiter-flexible: a limiter per window used as a counter (its own
 * points out of reach, the tier's limit applied by the gate), the burst as one record per
 * identity and second. Counts first, then gives the request back if a window is full.
 */
function flexibleCounts(limiterFor: (window: Window) => RateLimiterAbstract): CountStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (w: Window) => {
    let l = limiters.get(w.name);
    if (!l) limiters.set(w.name, (l = limiterFor(w)));
    return l;
  };
  return {
    async take(key, windows, nowMs, count) {
      const second = Math.floor(nowMs / 1000);
      const snapshots = await Promise.all(
        windows.map(async (w): Promise<Snapshot> => {
          const l = limiter(w);
          if (!w.sliding) {
            const res = (await (count ? l.consume(key, 1) : l.get(key))) as RateLimiterRes | null;
            const held = (res?.consumedPoints ?? 0) - (count ? 1 : 0);
            return { kind: 'fixed', count: held, ageMs: res ? w.windowSeconds * 1000 - res.msBeforeNext : undefined };
          }
          const [current, ...earlier] = await Promise.all([
            count ? l.consume(`${key}@${second}`, 1) : l.get(`${key}@${second}`),
            ...Array.from({ length: w.windowSeconds }, (_, i) => l.get(`${key}@${second - w.windowSeconds + i}`)),
          ]);
          return { kind: 'sliding', perSecond: [...earlier.map((r) => r?.consumedPoints ?? 0), (current?.consumedPoints ?? 0) - (count ? 1 : 0)] };
        }),
      );
      const full = windows.some((w, i) =>
        snapshots[i].kind === 'fixed' ? (snapshots[i] as { count: number }).count + 1 > w.limit : (snapshots[i] as { perSecond: number[] }).perSecond.reduce((a, b) => a + b, 0) + 1 > w.limit,
      );
      if (count && full) await Promise.all(windows.map((w) => limiter(w).reward(w.sliding ? `${key}@${second}` : key, 1)));
      return { counted: count && !full, snapshots };
    },
  };
}

const OUT_OF_REACH = Number.MAX_SAFE_INTEGER;
const duration = (w: Window) => (w.sliding ? w.windowSeconds + 2 : w.windowSeconds);

/** µs per admitted read over `identities`, after each has been seen once. */
async function admitMicros(counts: CountStore, identities: number, calls: number): Promise<number> {
  const limiter = new RateLimiter({ policy: NEVER_FULL, counts });
  const ctx = (i: number) => ({ ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rateClass: 'read' as const, apiKey: undefined });
  for (let i = 0; i < identities; i++) (await limiter.admit(ctx(i))).release?.();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) (await limiter.admit(ctx(i % identities))).release?.();
  return Number(process.hrtime.bigint() - started) / 1e3 / calls;
}

/**
 * V8's collector, also when node was not started with --expose-gc (`npm run bench` is not): without
 * a collection before each reading, the heap measured what garbage happened to be left (once
 * -3,144 bytes an identity).
 */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Heap bytes per identity once `identities` have each been counted once. */
async function bytesPerIdentity(make: () => CountStore, identities: number): Promise<number> {
  const gc = collectGarbage();
  gc();
  const before = process.memoryUsage().heapUsed;
  const counts = make();
  const limiter = new RateLimiter({ policy: NEVER_FULL, counts });
  for (let i = 0; i < identities; i++) (await limiter.admit({ ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rateClass: 'read', apiKey: undefined })).release?.();
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / identities;
  // Kept alive until measured.
  void counts;
  return bytes;
}

export interface LimiterCost {
  store: string;
  identities: number;
  microsPerRead: number;
}

export async function limiterCosts(redisUrl: string | undefined): Promise<{ costs: LimiterCost[]; bytesPerIdentity: Record<string, number> }> {
  const { MemoryCounts } = await import('../src/server/rate-counts.ts');
  const stores: Array<{ name: string; make: () => CountStore; calls: number; close?: () => Promise<void> }> = [
    { name: 'ours, memory', make: () => new MemoryCounts(), calls: 200_000 },
    { name: 'rate-limiter-flexible, memory', make: () => flexibleCounts((w) => new RateLimiterMemory({ keyPrefix: w.name, points: OUT_OF_REACH, duration: duration(w) })), calls: 100_000 },
  ];
  if (redisUrl) {
    const prefix = `bench:${Date.now().toString(36)}:`;
    const shared = sharedLimits(redisUrl, `${prefix}ours:`, pino({ level: 'silent' }));
    const client = new Redis(redisUrl);
    await new Promise((ok) => setTimeout(ok, 300));
    stores.push({ name: 'ours, Redis (one script)', make: () => shared.counts, calls: 5_000, close: () => shared.close() });
    stores.push({
      name: 'rate-limiter-flexible, Redis',
      make: () => flexibleCounts((w) => new RateLimiterRedis({ storeClient: client, keyPrefix: `${prefix}rlf:${w.name}`, points: OUT_OF_REACH, duration: duration(w) })),
      calls: 2_000,
      close: async () => client.disconnect(),
    });
  }
  const costs: LimiterCost[] = [];
  for (const store of stores) {
    for (const identities of store.name.includes('Redis') ? [1, 1000] : [1, 1000, 100_000]) {
      costs.push({ store: store.name, identities, microsPerRead: await admitMicros(store.make(), identities, store.calls) });
    }
  }
  const bytes: Record<string, number> = {};
  for (const store of stores.filter((s) => !s.name.includes('Redis'))) bytes[store.name] = await bytesPerIdentity(store.make, 100_000);
  for (const store of stores) await store.close?.();
  return { costs, bytesPerIdentity: bytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { costs, bytesPerIdentity: bytes } = await limiterCosts(process.env.REDIS_URL ?? process.env.TEST_REDIS_URL);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ costs, bytesPerIdentity: bytes }));
  console.log('| counting | identities | µs per read (admit + release) |');
  console.log('|---|---:|---:|');
  for (const c of costs) console.log(`| ${c.store} | ${c.identities.toLocaleString('en-US')} | ${c.microsPerRead.toFixed(2)} |`);
  console.log('\n| counting | heap per identity, 100,000 seen |');
  console.log('|---|---:|');
  for (const [name, b] of Object.entries(bytes)) console.log(`| ${name} | ${Math.round(b)} B |`);
  process.exit(0);
}
