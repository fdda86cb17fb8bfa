import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { effectivePolicy, tierPolicy } from '../domain/rate-limit-policy.ts';
import { ipKey, RateLimiter, type AgentIdentity } from './rate-limiter.ts';
import type { GateContext } from './request-gate.ts';

const on = { scale: 1, enabled: true };

function fakeRes() {
  const headers: Record<string, string> = {};
  return { headers, res: { setHeader: (k: string, v: string) => void (headers[k] = v) } as unknown as ServerResponse };
}

function ctx(over: Partial<GateContext> = {}): GateContext {
  return { requestId: 'r', ip: '192.0.2.1', method: 'GET', url: new URL('http://localhost/'), apiKey: undefined, ...over };
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
    expect(bronze.writes.windows).toEqual([{ name: 'writes-min', limit: 60, windowSeconds: 60 }]);
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
      const { headers, res } = fakeRes();
      const a = await limiter.admit({} as never, res, ctx());
      expect(a.admitted).toBe(true);
      a.release?.();
      remaining.push(headers['X-RateLimit-Remaining']);
    }
    expect(remaining).toEqual(['29', '28', '27', '26', '25', '24']);
    for (let i = 0; i < 3; i++) {
      const { headers, res } = fakeRes();
      const refused = await limiter.admit({} as never, res, ctx());
      expect(refused.admitted).toBe(false);
      expect(refused.refusal?.extra?.violatedPolicies).toEqual(['reads-burst']);
      expect(Number(refused.refusal?.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
      // Refused requests are not counted: the minute window still shows six used.
      expect(headers.RateLimit).toMatch(/^"reads-min";r=24;t=\d+, "reads-hour";r=994;t=\d+, "reads-day";r=9994;t=\d+, "reads-burst";r=0;t=\d+$/);
    }
    // Writes are a separate class with their own window.
    const { headers, res } = fakeRes();
    expect((await limiter.admit({} as never, res, ctx({ method: 'POST' }))).admitted).toBe(true);
    expect(headers['RateLimit-Policy']).toBe('"writes-min";q=6;w=60');
  });

  it('keys agents by id with their tier numbers, a suspended agent at Bronze, unknown keys by IP', async () => {
    const agents: Record<string, AgentIdentity> = {
      gold: { agentId: 1, name: 'g', tier: 'Gold', suspended: false },
      banned: { agentId: 2, name: 'b', tier: 'Legend', suspended: true },
    };
    const limiter = new RateLimiter({ policy: on, identify: (k) => agents[k] });
    expect(limiter.identityOf({ apiKey: 'gold', ip: '1.1.1.1' })).toEqual({ key: 'agent:1', kind: 'agent', tier: 'Gold' });
    expect(limiter.identityOf({ apiKey: 'banned', ip: '1.1.1.1' })).toEqual({ key: 'agent:2', kind: 'agent', tier: 'Bronze' });
    expect(limiter.identityOf({ apiKey: 'nope', ip: '1.1.1.1' })).toEqual({ key: 'ip:1.1.1.1', kind: 'ip', tier: 'Bronze' });
    const { headers, res } = fakeRes();
    await limiter.admit({} as never, res, ctx({ apiKey: 'gold' }));
    expect(headers['RateLimit-Policy']).toContain('"reads-min";q=900;w=60');
  });

  it('caps requests in flight per identity and frees the place on release', async () => {
    const limiter = new RateLimiter({ policy: on });
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await limiter.admit({} as never, fakeRes().res, ctx()));
    expect(held.every((a) => a.admitted)).toBe(true);
    const fifth = await limiter.admit({} as never, fakeRes().res, ctx());
    expect(fifth.refusal?.extra?.violatedPolicies).toEqual(['concurrency']);
    expect((await limiter.admit({} as never, fakeRes().res, ctx({ ip: '192.0.2.2' }))).admitted).toBe(true);
    held[0].release?.();
    held[0].release?.();
    expect((await limiter.admit({} as never, fakeRes().res, ctx())).admitted).toBe(true);
    expect((await limiter.admit({} as never, fakeRes().res, ctx())).admitted).toBe(false);
  });

  it('does nothing, and sets no headers, when turned off', async () => {
    const limiter = new RateLimiter({ policy: { scale: 0.01, enabled: false } });
    for (let i = 0; i < 20; i++) {
      const { headers, res } = fakeRes();
      expect((await limiter.admit({} as never, res, ctx())).admitted).toBe(true);
      expect(headers).toEqual({});
    }
  });

  it('lets requests through when the store fails', async () => {
    const broken = { consume: () => Promise.reject(new Error('store down')), reward: () => Promise.resolve() };
    const limiter = new RateLimiter({ policy: on, counterFor: () => broken as never });
    expect((await limiter.admit({} as never, fakeRes().res, ctx())).admitted).toBe(true);
  });
});

describe('ipKey', () => {
  it('folds IPv4-mapped addresses and groups IPv6 by /64', () => {
    expect(ipKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(ipKey('10.0.0.1')).toBe('10.0.0.1');
    expect(ipKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(ipKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
  });
});
