import { describe, expect, it } from 'vitest';
import { ReadMemo } from './read-memo.ts';

function setup() {
  let version = 'v1';
  let now = 0;
  let computed = 0;
  const memo = new ReadMemo({ version: () => version, now: () => now, ttlMs: 1000, maxEntries: 2 });
  const read = (key = 'a') => memo.get(key, async () => `${key}:${++computed}`);
  return { memo, read, setVersion: (v: string) => (version = v), setNow: (t: number) => (now = t), computed: () => computed };
}

describe('ReadMemo', () => {
  it('answers from memory while the version and the ttl hold', async () => {
    const s = setup();
    expect(await s.read()).toBe('a:1');
    expect(await s.read()).toBe('a:1');
    s.setNow(999);
    expect(await s.read()).toBe('a:1');
    expect(s.computed()).toBe(1);
  });

  it('recomputes after a write changed the version, and after the ttl', async () => {
    const s = setup();
    await s.read();
    s.setVersion('v2');
    expect(await s.read()).toBe('a:2');
    s.setNow(1000);
    expect(await s.read()).toBe('a:3');
  });

  it('shares one computation between concurrent callers and never remembers a failure', async () => {
    const s = setup();
    const [x, y] = await Promise.all([s.read(), s.read()]);
    expect([x, y, s.computed()]).toEqual(['a:1', 'a:1', 1]);
    let calls = 0;
    const failing = () => s.memo.get('bad', async () => { calls++; throw new Error('no such agent'); });
    await expect(failing()).rejects.toThrow('no such agent');
    await expect(failing()).rejects.toThrow('no such agent');
    expect(calls).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const s = setup();
    await s.read('a');
    await s.read('b');
    await s.read('c');
    expect(await s.read('b')).toBe('b:2');
    expect(await s.read('a')).toBe('a:4');
  });
});

describe('ReadMemo with a known expiry', () => {
  it('keeps a value until its stableUntil, not the ttl, once it is computed', async () => {
    let now = 0;
    let computed = 0;
    const memo = new ReadMemo({ version: () => 'v', now: () => now, ttlMs: 1000 });
    const read = () => memo.get('p', async () => ({ n: ++computed, until: 50_000 }), (v) => ({ expiresAt: v.until }));
    expect((await read()).n).toBe(1);
    now = 49_999;
    expect((await read()).n).toBe(1);
    now = 50_000;
    expect((await read()).n).toBe(2);
  });
});

describe('ReadMemo size', () => {
  it('weighs a computed value by its JSON and keeps at most maxWeight', async () => {
    let computed = 0;
    const memo = new ReadMemo({ version: () => 'v', now: () => 0, maxWeight: 1_000 });
    const big = () => memo.get('big', async () => ({ n: ++computed, pad: 'x'.repeat(2_000) }));
    const small = () => memo.get('small', async () => ({ n: ++computed }));
    await big();
    expect((await big()).n).toBe(2);
    expect((await small()).n).toBe(3);
    expect((await small()).n).toBe(3);
  });

  it('lets go of every value once the version moves', async () => {
    let version = 'v1';
    let computed = 0;
    const memo = new ReadMemo({ version: () => version, now: () => 0 });
    await memo.get('a', async () => ++computed);
    version = 'v2';
    expect(await memo.get('a', async () => ++computed)).toBe(2);
  });
});
