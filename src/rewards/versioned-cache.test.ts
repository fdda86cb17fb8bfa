import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

/** Values are strings weighing their length; one version, no expiry: only the bounds evict. */
function cache(maxWeight: number, maxEntries = 100) {
  return new VersionedCache<string>({ version: () => 'v', now: () => 0, ttlMs: Infinity, maxWeight, maxEntries }, { maxEntries }, (value) => value.length);
}
const present = (c: VersionedCache<string>, keys: string[]) => keys.filter((k) => c.get(k) !== undefined);

describe('VersionedCache', () => {
  it('updates a recent key in place: its new weight counts and the oldest others make room', () => {
    const c = cache(100);
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, 'x'.repeat(10));
    c.set('d', 'x'.repeat(70)); // 100 in all: fits
    expect(present(c, ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    c.set('d', 'y'.repeat(80)); // 110: the oldest, a, goes
    expect(present(c, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
    expect(c.get('d')).toBe('y'.repeat(80));
    expect(c.size).toBe(3);
  });

  it('settles a weight without evicting the entry it settles, even the oldest one', () => {
    const c = cache(100);
    const a = 'x'.repeat(10);
    for (const [k, v] of [['a', a], ['b', 'x'.repeat(10)], ['c', 'x'.repeat(10)]] as const) c.set(k, v);
    c.settle('a', a, { weight: 80 }); // 100: fits
    expect(present(c, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    c.settle('a', a, { weight: 85 }); // 105: b goes, not a
    expect(present(c, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    c.settle('a', a, { weight: 101 }); // larger than everything: a goes
    expect(present(c, ['a', 'c'])).toEqual(['c']);
  });

  it('keeps at most maxEntries, and a key in constant use never goes', () => {
    const c = cache(Infinity, 8);
    c.set('hot', 'h');
    for (let i = 0; i < 100; i++) {
      c.set(`k${i}`, 'k');
      expect(c.get('hot')).toBe('h');
      expect(c.size).toBeLessThanOrEqual(8);
    }
    expect(present(c, ['k92', 'k93', 'k94', 'k95', 'k96', 'k97', 'k98', 'k99'])).toHaveLength(7);
  });

  it('gives an entry read since eviction last passed it a second chance', () => {
    const c = cache(Infinity, 3);
    for (const k of ['a', 'b', 'c']) c.set(k, k);
    c.get('a');
    c.set('d', 'd'); // a was read: b, the oldest unread, goes
    c.set('e', 'e'); // then c
    expect(present(c, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
  });

  it('comes round to the oldest again when every entry was read', () => {
    const c = cache(Infinity, 3);
    for (const k of ['a', 'b', 'c']) c.set(k, k);
    for (const k of ['c', 'b', 'a']) c.get(k);
    c.set('d', 'd');
    expect(present(c, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
  });
});
