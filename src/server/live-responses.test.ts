import { describe, expect, it } from 'vitest';
import type { DataFreshness } from '../http/freshness.ts';
import { jsonHead, restatedTail, storedAnswer } from '../http/shared-reads.ts';
import { headWithRank, LiveResponses } from './live-responses.ts';

const freshness = (): DataFreshness => ({ generatedAt: '2026-11-22T12:00:00.000Z', source: 'live', contentVersion: 'test', lastModified: '2026-11-22T12:00:00.000Z', maxAgeSeconds: 0 });

describe('LiveResponses', () => {
  const body = (text: string) => ({ status: 200, contentType: 'application/json; charset=utf-8', head: Buffer.from(text), dataFreshness: freshness() });

  it('serves a remembered body until a commit changes the version or the ttl passes', () => {
    let version = 'v1';
    let now = 0;
    const cache = new LiveResponses({ version: () => version, now: () => now, ttlMs: 1000 });
    cache.remember('/a', body('{"x":1}'));
    expect(cache.lookup('/a')?.head.toString()).toBe('{"x":1}');
    expect(cache.lookup('/b')).toBeUndefined();
    version = 'v2';
    expect(cache.lookup('/a')).toBeUndefined();
    cache.remember('/a', body('{"x":2}'));
    now = 999;
    expect(cache.lookup('/a')?.head.toString()).toBe('{"x":2}');
    now = 1000;
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('treats a clock moved backwards as expired and keeps at most maxEntries', () => {
    let now = 100;
    const cache = new LiveResponses({ version: () => 'v', now: () => now, maxEntries: 2 });
    cache.remember('/a', body('a'));
    now = 50;
    expect(cache.lookup('/a')).toBeUndefined();
    cache.remember('/a', body('a'));
    cache.remember('/b', body('b'));
    cache.remember('/c', body('c'));
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.lookup('/c')?.head.toString()).toBe('c');
  });
});

describe('LiveResponses expiry and size', () => {
  const body = (text: string) => ({ status: 200, contentType: 'application/json; charset=utf-8', head: Buffer.from(text), dataFreshness: freshness() });

  it('keeps a body until the instant the read said time would change it, past the ttl', () => {
    let now = 0;
    const cache = new LiveResponses({ version: () => 'v', now: () => now, ttlMs: 1000 });
    cache.remember('/profile', body('p'), { version: 'v', expiresAt: 60_000 });
    cache.remember('/stats', body('s'), { version: 'v' });
    now = 59_999;
    expect(cache.lookup('/profile')?.head.toString()).toBe('p');
    expect(cache.lookup('/stats')).toBeUndefined();
    now = 60_000;
    expect(cache.lookup('/profile')).toBeUndefined();
  });

  it('a commit still ends a long-lived body at once', () => {
    let version = 'v1';
    const cache = new LiveResponses({ version: () => version, now: () => 0 });
    cache.remember('/profile', body('p'), { version: 'v1', expiresAt: Infinity });
    version = 'v2';
    expect(cache.lookup('/profile')).toBeUndefined();
  });

  it('holds at most maxBytes of bodies and keys, entries not read lately out first, never one larger than all of it', () => {
    // Each entry weighs its body, its key and 256 bytes of overhead: 4 + 2 + 256 = 262 here.
    const cache = new LiveResponses({ version: () => 'v', now: () => 0, maxBytes: 600 });
    cache.remember('/a', body('aaaa'));
    cache.remember('/b', body('bbbb'));
    expect(cache.lookup('/a')?.head.toString()).toBe('aaaa'); // /a is now the most recently used
    cache.remember('/c', body('cccc'));
    expect(cache.lookup('/b')).toBeUndefined();
    expect(cache.lookup('/a')?.head.toString()).toBe('aaaa');
    expect(cache.lookup('/c')?.head.toString()).toBe('cccc');
    cache.remember('/huge', body('x'.repeat(400)));
    expect(cache.lookup('/huge')).toBeUndefined();
    expect(cache.lookup('/c')?.head.toString()).toBe('cccc');
    // A long key counts like a long body.
    cache.remember('/d?' + 'q'.repeat(400), body('d'));
    expect(cache.lookup('/d?' + 'q'.repeat(400))).toBeUndefined();
    expect(cache.lookup('/a')?.head.toString()).toBe('aaaa');
  });

  it('never evicts a key used all the time, however many others come and go', () => {
    const cache = new LiveResponses({ version: () => 'v', now: () => 0, maxEntries: 10 });
    cache.remember('/hot', body('hot'));
    for (let i = 0; i < 200; i++) {
      cache.remember(`/cold${i}`, body('c'));
      expect(cache.lookup('/hot')?.head.toString()).toBe('hot');
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    // The cold ones went oldest first: the newest nine are all still there.
    for (let i = 191; i < 200; i++) expect(cache.lookup(`/cold${i}`)).toBeDefined();
    expect(cache.lookup('/cold190')).toBeUndefined();
  });

  it('stores a key again with its new weight counted and the others making room', () => {
    // Each entry weighs its body + its key + 256: 4 + 2 + 256 = 262 here.
    const cache = new LiveResponses({ version: () => 'v', now: () => 0, maxBytes: 600 });
    for (let i = 0; i < 1000; i++) cache.remember('/a', body(String(i % 10).repeat(4)));
    expect(cache.size).toBe(1);
    expect(cache.lookup('/a')?.head.toString()).toBe('9999');
    cache.remember('/b', body('bbbb'));
    expect(cache.size).toBe(2);
    // /a grows to 62 + 2 + 256 = 320: with /b (262) that is 582, still within 600.
    cache.remember('/a', body('a'.repeat(62)));
    expect(cache.lookup('/b')?.head.toString()).toBe('bbbb');
    // /a grows to 342: /b must go, not /a.
    cache.remember('/a', body('a'.repeat(84)));
    expect(cache.lookup('/b')).toBeUndefined();
    expect(cache.lookup('/a')?.head.toString()).toBe('a'.repeat(84));
    // Shrunk again, it leaves room for /c as the weights say.
    cache.remember('/a', body('aaaa'));
    cache.remember('/c', body('cccc'));
    expect(cache.size).toBe(2);
    // Too large for the whole cache: dropped, not kept stale.
    cache.remember('/a', body('x'.repeat(400)));
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.lookup('/c')?.head.toString()).toBe('cccc');
  });

  it('answers nothing for a stale entry and takes its new value in place', () => {
    let version = 'v1';
    const cache = new LiveResponses({ version: () => version, now: () => 0, current: (stored, scope, now) => scope === 'kept' || stored === now, era: () => 'one era' });
    cache.remember('/p', body('old'), { version: 'v1' });
    cache.remember('/kept', body('kept'), { version: 'v1', scope: 'kept' });
    version = 'v2';
    expect(cache.lookup('/p')).toBeUndefined();
    expect(cache.lookup('/p')).toBeUndefined();
    cache.remember('/p', body('new'), { version: 'v2' });
    expect(cache.size).toBe(2);
    expect(cache.lookup('/p')?.head.toString()).toBe('new');
    expect(cache.lookup('/kept')?.head.toString()).toBe('kept');
  });

  it('lets go of every entry once the version moves', () => {
    let version = 'v1';
    const cache = new LiveResponses({ version: () => version, now: () => 0 });
    for (let i = 0; i < 100; i++) cache.remember(`/p${i}`, body('p'));
    expect(cache.size).toBe(100);
    version = 'v2';
    expect(cache.lookup('/p1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

});

describe('restatedTail', () => {
  it('is the dataFreshness as stated, generated at the instant of the answer, and closes the body', () => {
    const stated = { generatedAt: '2026-11-22T12:00:00.000Z', source: 'live' as const, contentVersion: 'c1', lastModified: '2026-11-22T11:00:00.000Z', maxAgeSeconds: 0 };
    const head = Buffer.from('{"a":1');
    const at = Date.parse('2026-11-22T13:00:00.123Z');
    const body = Buffer.concat([head, restatedTail(head, stated, at)]).toString();
    expect(JSON.parse(body)).toEqual({ a: 1, dataFreshness: { ...stated, generatedAt: '2026-11-22T13:00:00.123Z' } });
    // Another body stated with the same freshness, same instant: the same tail; another lastModified: not.
    expect(restatedTail(Buffer.from('{"b":2'), { ...stated }, at)).toBe(restatedTail(head, stated, at));
    const moved = restatedTail(head, { ...stated, lastModified: '2026-11-22T12:30:00.000Z' }, at).toString();
    expect(moved).toContain('"lastModified":"2026-11-22T12:30:00.000Z"');
    expect(restatedTail(Buffer.from('{'), stated, at).toString().startsWith('"dataFreshness"')).toBe(true);
  });
});

describe('headWithRank', () => {
  const profile = (rank: number) => {
    const body = { agent: { name: 'scout-7', rank, points: 120 }, recentActivity: [{ rank: 'not this one' }] };
    const rankOf = { id: 7, points: 120, promo_points: 0 };
    computed = jsonHead(body);
    return storedAnswer({ body, dataFreshness: freshness(), rankOf }, computed);
  };
  let computed: Buffer;
  const text = (head: Buffer) => head.toString('utf8') + '}';

  it('puts the rank in place, keeps those bytes while the rank stays, and joins again when it moves', () => {
    const stored = profile(12);
    expect(stored.afterRank).toBeDefined();
    const first = headWithRank(stored, 12);
    expect(JSON.parse(text(first)).agent.rank).toBe(12);
    // The rank it was computed with: the head as it was computed, nothing joined.
    expect(first).toBe(computed);
    // The same rank again: the very same bytes, nothing copied; the halves are views of them.
    expect(headWithRank(stored, 12)).toBe(first);
    expect(stored.head.buffer).toBe(first.buffer);
    expect(stored.afterRank!.buffer).toBe(first.buffer);

    // A moved rank: joined for the answer, and kept the second time in a row it is joined.
    const moved = headWithRank(stored, 1003);
    expect(moved).not.toBe(first);
    expect(JSON.parse(text(moved))).toEqual({ agent: { name: 'scout-7', rank: 1003, points: 120 }, recentActivity: [{ rank: 'not this one' }] });
    expect(headWithRank(stored, 12)).toBe(first); // not kept: 12's bytes still are
    const again = headWithRank(stored, 1003);
    expect(again).not.toBe(moved);
    expect(headWithRank(stored, 1003)).toBe(again); // kept now
    // The halves point into the kept bytes; joining again from them is still right.
    expect(stored.head.buffer).toBe(again.buffer);
    const back = headWithRank(stored, 9);
    expect(text(back)).toBe(text(jsonHead({ agent: { name: 'scout-7', rank: 9, points: 120 }, recentActivity: [{ rank: 'not this one' }] })));
  });

  it('keeps no bytes while the rank moves at every answer', () => {
    const stored = profile(50);
    const answers = [51, 52, 53, 54].map((rank) => headWithRank(stored, rank));
    answers.forEach((head, i) => expect(JSON.parse(text(head)).agent.rank).toBe(51 + i));
    expect(stored.ranked?.rank).toBe(50);
    expect(stored.ranked?.head).toBe(computed);
  });

  it('answers the head as it is for a body without a rank', () => {
    const stored = storedAnswer({ body: { entries: [] }, dataFreshness: freshness() }, jsonHead({ entries: [] }));
    expect(headWithRank(stored, undefined)).toBe(stored.head);
    expect(headWithRank(stored, 5)).toBe(stored.head);
  });
});
