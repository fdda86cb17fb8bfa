import { describe, expect, it } from 'vitest';
import { LiveResponses } from './live-responses.ts';

describe('LiveResponses', () => {
  const body = (text: string) => ({ status: 200, contentType: 'application/json; charset=utf-8', body: Buffer.from(text) });

  it('serves a remembered body until a commit changes the version or the ttl passes', () => {
    let version = 'v1';
    let now = 0;
    const cache = new LiveResponses({ version: () => version, now: () => now, ttlMs: 1000 });
    cache.remember('/a', body('{"x":1}'));
    expect(cache.lookup('/a')?.body.toString()).toBe('{"x":1}');
    expect(cache.lookup('/b')).toBeUndefined();
    version = 'v2';
    expect(cache.lookup('/a')).toBeUndefined();
    cache.remember('/a', body('{"x":2}'));
    now = 999;
    expect(cache.lookup('/a')?.body.toString()).toBe('{"x":2}');
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
    expect(cache.lookup('/c')?.body.toString()).toBe('c');
  });
});

describe('LiveResponses expiry and size', () => {
  const body = (text: string) => ({ status: 200, contentType: 'application/json; charset=utf-8', body: Buffer.from(text) });

  it('keeps a body until the instant the read said time would change it, past the ttl', () => {
    let now = 0;
    const cache = new LiveResponses({ version: () => 'v', now: () => now, ttlMs: 1000 });
    cache.remember('/profile', body('p'), 'v', 60_000);
    cache.remember('/stats', body('s'), 'v');
    now = 59_999;
    expect(cache.lookup('/profile')?.body.toString()).toBe('p');
    expect(cache.lookup('/stats')).toBeUndefined();
    now = 60_000;
    expect(cache.lookup('/profile')).toBeUndefined();
  });

  it('a commit still ends a long-lived body at once', () => {
    let version = 'v1';
    const cache = new LiveResponses({ version: () => version, now: () => 0 });
    cache.remember('/profile', body('p'), 'v1', Infinity);
    version = 'v2';
    expect(cache.lookup('/profile')).toBeUndefined();
  });

  it('holds at most maxBytes of bodies, dropping the oldest, and never one larger than all of it', () => {
    const cache = new LiveResponses({ version: () => 'v', now: () => 0, maxBytes: 10 });
    cache.remember('/a', body('aaaa'));
    cache.remember('/b', body('bbbb'));
    cache.remember('/c', body('cccc'));
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.lookup('/b')?.body.toString()).toBe('bbbb');
    expect(cache.lookup('/c')?.body.toString()).toBe('cccc');
    cache.remember('/huge', body('x'.repeat(11)));
    expect(cache.lookup('/huge')).toBeUndefined();
    expect(cache.lookup('/c')?.body.toString()).toBe('cccc');
    // Replacing a body frees its bytes first.
    cache.remember('/c', body('cc'));
    cache.remember('/d', body('dd'));
    expect(cache.lookup('/b')?.body.toString()).toBe('bbbb');
    expect(cache.lookup('/d')?.body.toString()).toBe('dd');
  });
});
