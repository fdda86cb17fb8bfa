import { describe, expect, it } from 'vitest';
import { effectivePolicy, tierPolicy } from '../domain/rate-limit-policy.ts';
import { RateLimiter, type Admission, type AgentIdentity } from './rate-limiter.ts';
import type { GateContext } from './rate-limiter.ts';

const on = { scale: 1, enabled: true };

/** An admission's header lines by name. */
function headersOf(admission: Admission): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < admission.headers.length; i += 2) headers[admission.headers[i]] = admission.headers[i + 1];
  return headers;
}

function ctx(over: Partial<GateContext> = {}): GateContext {
  return { ip: '192.0.2.1', rateClass: 'read', apiKey: undefined, ...over };
}

describe('policy', () => {
  it('multiplies every window and the burst by the tier and the scale, keeping the burst window at 12 s', () => {
    const bronze = tierPolicy('Bronze', on);
    expect(bronze.reads.windows.map((w) => [w.name, w.limit, w.windowSeconds])).toEqual([
      ['reads-min', 300, 60],
      ['reads-hour', 10_000, 3600],
      ['reads-day', 100_000, 86_400],
      ['reads-burst', 60, 12],
    ]);
    expect(bronze.writes.windows).toEqual([{ name: 'writes-min', limit: 60, windowSeconds: 60, sliding: false }]);
    expect(bronze.reads.windows.filter((w) => w.sliding).map((w) => w.name)).toEqual(['reads-burst']);
    const legend = tierPolicy('Legend', { scale: 0.5, enabled: true });
    expect(legend.reads.windows.map((w) => w.limit)).toEqual([1500, 50_000, 500_000, 300]);
    expect(legend.concurrency).toBe(32);
    expect(effectivePolicy(on).tiers.map((t) => [t.tier, t.writes.windows[0].limit, t.concurrency])).toEqual([
      ['Bronze', 60, 4],
      ['Silver', 120, 8],
      ['Gold', 180, 16],
      ['Platinum', 300, 32],
      ['Legend', 600, 64],
    ]);
  });
});

describe('RateLimiter', () => {
  it('counts down the per-minute window, refuses past the burst window with its numbers, refunding the refused one', async () => {
    const limiter = new RateLimiter({ policy: { scale: 0.1, enabled: true } });
    const remaining: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await limiter.admit(ctx());
      expect(a.admitted).toBe(true);
      a.release?.();
      remaining.push(headersOf(a)['X-RateLimit-Remaining']);
    }
    expect(remaining).toEqual(['29', '28', '27', '26', '25', '24']);
    for (let i = 0; i < 3; i++) {
      const refused = await limiter.admit(ctx());
      const headers = headersOf(refused);
      expect(refused.admitted).toBe(false);
      expect(refused.refusal?.extra?.violatedPolicies).toEqual(['reads-burst']);
      expect(Number(refused.refusal?.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
      // Refused requests are not counted: the minute window still shows six used.
      expect(headers.RateLimit).toMatch(/^"reads-min";r=24;t=\d+, "reads-hour";r=994;t=\d+, "reads-day";r=9994;t=\d+, "reads-burst";r=0;t=\d+$/);
    }
    // Writes are a separate class with their own window.
    const write = await limiter.admit(ctx({ rateClass: 'write' }));
    expect(write.admitted).toBe(true);
    expect(headersOf(write)['RateLimit-Policy']).toBe('"writes-min";q=6;w=60');
  });

  it('keys agents by id with their tier numbers, a suspended agent at Bronze, unknown keys by IP', async () => {
    const agents: Record<string, AgentIdentity> = {
      gold: { agentId: 1, name: 'g', tier: 'Gold', suspended: false },
      banned: { agentId: 2, name: 'b', tier: 'Legend', suspended: true },
    };
    const limiter = new RateLimiter({ policy: on, identify: (k) => agents[k] });
    expect(await limiter.identityOf({ apiKey: 'gold', ip: '1.1.1.1' })).toEqual({ key: 'agent:1', kind: 'agent', tier: 'Gold' });
    expect(await limiter.identityOf({ apiKey: 'banned', ip: '1.1.1.1' })).toEqual({ key: 'agent:2', kind: 'agent', tier: 'Bronze' });
    expect(await limiter.identityOf({ apiKey: 'nope', ip: '1.1.1.1' })).toEqual({ key: 'ip:1.1.1.1', kind: 'ip', tier: 'Bronze' });
    expect(headersOf(await limiter.admit(ctx({ apiKey: 'gold' })))['RateLimit-Policy']).toContain('"reads-min";q=900;w=60');
  });

  it('caps requests in flight per identity and frees the place on release', async () => {
    const limiter = new RateLimiter({ policy: on });
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await limiter.admit(ctx()));
    expect(held.every((a) => a.admitted)).toBe(true);
    const fifth = await limiter.admit(ctx());
    expect(fifth.refusal?.extra?.violatedPolicies).toEqual(['concurrency']);
    expect((await limiter.admit(ctx({ ip: '192.0.2.2' }))).admitted).toBe(true);
    held[0].release?.();
    held[0].release?.();
    expect((await limiter.admit(ctx())).admitted).toBe(true);
    expect((await limiter.admit(ctx())).admitted).toBe(false);
  });

  it('keeps the places in flight of an identity while many others come and go, and forgets the idle ones', async () => {
    const limiter = new RateLimiter({ policy: on });
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await limiter.admit(ctx()));
    // Thousands of other addresses, each admitted and done: the map of places in flight is swept of them.
    for (let i = 0; i < 5_000; i++) (await limiter.admit(ctx({ ip: `198.51.${i >> 8}.${i & 255}` }))).release();
    expect((limiter as unknown as { inFlight: Map<string, number> }).inFlight.size).toBeLessThanOrEqual(2_000);
    expect((await limiter.admit(ctx())).refusal?.extra?.violatedPolicies).toEqual(['concurrency']);
    held[0].release();
    expect((await limiter.admit(ctx())).admitted).toBe(true);
  });

  it('counts the requests being admitted together against the cap, as one after another', async () => {
    // Their admissions interleave at every await: each must see the places the others took.
    const limiter = new RateLimiter({ policy: on });
    const together = await Promise.all(Array.from({ length: 6 }, () => limiter.admit(ctx())));
    expect(together.filter((a) => a.admitted)).toHaveLength(4);
    expect(together.filter((a) => !a.admitted).map((a) => a.refusal?.extra?.violatedPolicies)).toEqual([['concurrency'], ['concurrency']]);
    // A refused request gives back the place it took while it was decided.
    for (const a of together) a.release?.();
    expect((await limiter.admit(ctx())).admitted).toBe(true);
  });

  it('does nothing, and sets no headers, when turned off', async () => {
    const limiter = new RateLimiter({ policy: { scale: 0.01, enabled: false } });
    for (let i = 0; i < 20; i++) {
      const a = await limiter.admit(ctx());
      expect(a.admitted).toBe(true);
      expect(a.headers).toEqual([]);
    }
  });

  it('lets requests through when the store fails', async () => {
    const broken = { take: () => Promise.reject(new Error('store down')) };
    const limiter = new RateLimiter({ policy: on, counts: broken });
    expect((await limiter.admit(ctx())).admitted).toBe(true);
  });
});

describe('the sliding burst', () => {
  /** A limiter on a clock the test moves; Bronze at scale 1: 60 reads in any 12 s. */
  function clocked(startMs: number) {
    let now = startMs;
    const limiter = new RateLimiter({ policy: on, now: () => now });
    const read = async (ip = '192.0.2.9') => {
      const a = await limiter.admit(ctx({ ip }));
      a.release?.();
      return { admitted: a.admitted, headers: headersOf(a), retryAfter: Number(a.refusal?.headers?.['Retry-After'] ?? 0), violated: a.refusal?.extra?.violatedPolicies };
    };
    return { read, at: (ms: number) => void (now = ms) };
  }

  it('holds over any 12 s, not only within fixed windows: the boundary trick that passed 102 reads gets none past 60', async () => {
    const t0 = 1_000_000_000_000;
    const { read, at } = clocked(t0);
    let served = 0;
    // One read opens what a fixed window would count from; 59 more at its very end; then a burst
    // just after a fixed window would have restarted.
    at(t0);
    served += Number((await read()).admitted);
    at(t0 + 11_900);
    for (let i = 0; i < 59; i++) served += Number((await read()).admitted);
    expect(served).toBe(60);
    at(t0 + 12_100);
    const after = [];
    for (let i = 0; i < 60; i++) after.push(await read());
    // A fixed window would have restarted here and let 60 more through.
    expect(after.filter((r) => r.admitted)).toHaveLength(0);
    expect(after[0].violated).toEqual(['reads-burst']);
    // The read at t0 leaves the count with its second (t0 + 13 s, counted in whole seconds).
    expect(after[0].retryAfter).toBe(1);
    at(t0 + 13_000);
    expect((await read()).admitted).toBe(true);
    const held = await read();
    expect(held.admitted).toBe(false);
    // The 59 reads of t0 + 11.9 s hold the window until their second is 13 s behind.
    expect(held.retryAfter).toBe(11);
    at(t0 + 24_000);
    expect((await read()).admitted).toBe(true);
    // Other clients are untouched.
    expect((await read('192.0.2.10')).admitted).toBe(true);
  });

  it('never admits more than 60 in any 12 s span under a steady stream well above the rate', async () => {
    const t0 = 1_000_000_000_000 + 437;
    const { read, at } = clocked(t0);
    const admittedAt: number[] = [];
    // 20 reads a second for 40 s (the per-minute window allows 300, so the burst is what binds).
    for (let ms = 0; ms < 40_000; ms += 50) {
      at(t0 + ms);
      if ((await read()).admitted) admittedAt.push(t0 + ms);
    }
    let worst = 0;
    for (let i = 0; i < admittedAt.length; i++) {
      let j = i;
      while (j < admittedAt.length && admittedAt[j] < admittedAt[i] + 12_000) j++;
      worst = Math.max(worst, j - i);
    }
    expect(worst).toBe(60);
    // Held to the steady rate after the first burst: about 5 a second, never above it.
    expect(admittedAt.length).toBeGreaterThanOrEqual(60 + 4 * 26);
    expect(admittedAt.length).toBeLessThanOrEqual(60 + 5 * 28);
  });

  it('says the same wait in Retry-After and X-RateLimit-Reset on a refusal', async () => {
    const t0 = 1_000_000_000_000 + 250;
    const { read, at } = clocked(t0);
    at(t0);
    for (let i = 0; i < 60; i++) await read();
    at(t0 + 3_400);
    const refused = await read();
    expect(refused.admitted).toBe(false);
    expect(refused.headers['X-RateLimit-Remaining']).toBe('0');
    expect(Number(refused.headers['X-RateLimit-Reset'])).toBe(Math.ceil((t0 + 3_400) / 1000) + refused.retryAfter);
    // And the wait is right: refused just before it, served at it.
    at(t0 + 3_400 + refused.retryAfter * 1000 - 1_000);
    expect((await read()).admitted).toBe(false);
    at(Number(refused.headers['X-RateLimit-Reset']) * 1000);
    expect((await read()).admitted).toBe(true);
  });
});
