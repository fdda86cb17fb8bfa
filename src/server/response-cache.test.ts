import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from './response-cache.ts';

const entry = (scope: string, bytes = 100): CachedResponse => ({ status: 200, headers: [['Content-Type', 'application/json']], scope, variants: { identity: Buffer.alloc(bytes, 'x') } });

function cacheAt(maxBytes = 1_000_000) {
  const clock = { ms: 1_000_000 };
  return { clock, cache: new ResponseCache({ maxBytes, now: () => clock.ms }) };
}

describe('ResponseCache', () => {
  it('answers a kept entry until its max-age passes on the injected clock', () => {
    const { clock, cache } = cacheAt();
    expect(cache.store('/a', entry('program'), 5_000, cache.mark())).toBe(true);
    clock.ms += 4_999;
    expect(cache.get('/a')).toBeDefined();
    clock.ms += 2;
    expect(cache.get('/a')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('counts max-age from when the request began, so a body computed while time moved on is not kept past its instant', () => {
    const { clock, cache } = cacheAt();
    const mark = cache.mark();
    // The body is good until mark + 1,000 ms; computing it took 300.
    clock.ms += 300;
    expect(cache.store('/slow', entry('program'), 1_000, mark)).toBe(true);
    clock.ms += 699;
    expect(cache.get('/slow')).toBeDefined();
    clock.ms += 2;
    expect(cache.get('/slow')).toBeUndefined();
  });

  it('purges one scope and leaves the others', () => {
    const { cache } = cacheAt();
    cache.store('/p1', entry('program'), undefined, cache.mark());
    cache.store('/p2', entry('program'), undefined, cache.mark());
    cache.store('/c', entry('content'), undefined, cache.mark());
    cache.purge('program');
    expect(cache.get('/p1')).toBeUndefined();
    expect(cache.get('/p2')).toBeUndefined();
    expect(cache.get('/c')).toBeDefined();
    // A purged key can be kept again afterwards.
    expect(cache.store('/p1', entry('program'), undefined, cache.mark())).toBe(true);
    expect(cache.get('/p1')).toBeDefined();
  });

  it('refuses a body computed across a purge of its scope', () => {
    const { cache } = cacheAt();
    const mark = cache.mark();
    cache.purge('program');
    expect(cache.store('/stale', entry('program'), undefined, mark)).toBe(false);
    expect(cache.get('/stale')).toBeUndefined();
    // Another scope's purge does not matter to it.
    const contentMark = cache.mark();
    cache.purge('program');
    expect(cache.store('/c', entry('content'), undefined, contentMark)).toBe(true);
  });

  it('stays within its bytes, dropping the least recently used first, and refuses what cannot fit', () => {
    // Each entry counts its 600-byte body and the fixed per-entry overhead: three fit, not four.
    const { cache } = cacheAt(6_500);
    for (const key of ['/1', '/2', '/3', '/4']) {
      cache.store(key, entry('content', 600), undefined, cache.mark());
      cache.get('/1'); // kept in use
    }
    expect(cache.bytes).toBeLessThanOrEqual(6_500);
    expect(cache.get('/1')).toBeDefined();
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.store('/huge', entry('content', 10_000), undefined, cache.mark())).toBe(false);
    // A purge forgets the keys of evicted entries too: nothing of them is left behind.
    cache.purge('content');
    expect(cache.size).toBe(0);
  });
});
