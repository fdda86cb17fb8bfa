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
