/**
 * Registrations per client address per UTC day (REGISTRATIONS_PER_ADDRESS_PER_DAY, issue #35),
 * over HTTP with a small limit: counted by the address the request limits identify (behind
 * TRUST_PROXY, the last X-Forwarded-For entry; IPv6 by /64), in the database (so concurrent
 * registrations, on any instance, never pass it), published in /api/public/rate-limits, and
 * refused past it with 429 rate_limited and Retry-After until 00:00 UTC. Only registrations that
 * succeed count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startService, type TestService } from './support/service.ts';

const START = '2026-12-03T18:00:00.000Z';
const LIMIT = 3;
let service: TestService;

beforeAll(async () => {
  service = await startService({ clockStart: START, env: { TRUST_PROXY: '1', REGISTRATIONS_PER_ADDRESS_PER_DAY: String(LIMIT) } });
});
afterAll(async () => {
  await service?.stop();
});

const registerFrom = (address: string, name: string) => request(service.url, '/api/public/ai/register', { method: 'POST', json: { name }, headers: { 'x-forwarded-for': address } });
const agents = async () => (await request(service.url, '/api/public/stats')).body.aiProgram.agents as number;

describe('registrations per address per day', () => {
  it('publishes the limit in /api/public/rate-limits', async () => {
    const policy = (await request(service.url, '/api/public/rate-limits')).body;
    expect(policy.registrations).toMatchObject({ perAddressPerDay: LIMIT, enforced: true, policy: 'registrations-day', resets: 'at 00:00 UTC' });
    expect(policy.program.addresses).toContain(`at most ${LIMIT} agents per UTC day`);
  });

  it('admits the limit from one address, then answers 429 rate_limited with Retry-After until 00:00 UTC, creating nothing', async () => {
    for (let i = 1; i <= LIMIT; i++) expect((await registerFrom('203.0.113.10', `office-${i}`)).status).toBe(201);
    const before = await agents();
    const refused = await registerFrom('203.0.113.10', 'office-4');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'rate_limited', violatedPolicies: ['registrations-day'], identity: 'ip', limit: LIMIT, resetsAt: '2026-12-04T00:00:00.000Z' });
    // 18:00 plus the seconds the test has taken so far: about six hours to midnight.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(refused.body.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThan(6 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(6 * 3600);
    expect(await agents()).toBe(before);
    expect((await request(service.url, '/api/public/ai/agent/office-4')).status).toBe(404);
    // Another address is not affected.
    expect((await registerFrom('203.0.113.11', 'elsewhere-1')).status).toBe(201);
  });

  it('counts only registrations that succeed: a taken name or a bad body uses no place', async () => {
    expect((await registerFrom('203.0.113.20', 'taken-1')).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await registerFrom('203.0.113.20', 'taken-1')).body.code).toBe('name_taken');
    expect((await registerFrom('203.0.113.20', 'x')).status).toBe(400);
    expect((await registerFrom('203.0.113.20', 'taken-2')).status).toBe(201);
    expect((await registerFrom('203.0.113.20', 'taken-3')).status).toBe(201);
    expect((await registerFrom('203.0.113.20', 'taken-4')).status).toBe(429);
  });

  it('counts an IPv6 client by its /64, as the request limits do', async () => {
    const statuses = [];
    for (const [i, address] of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::9', '2001:db8:5:6:1:2:3:4'].entries()) statuses.push((await registerFrom(address, `six-${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await registerFrom('2001:db8:5:7::1', 'six-other')).status).toBe(201);
  });

  it('holds under concurrent registrations from one address: exactly the limit succeed', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => registerFrom('198.51.100.77', `burst-${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
  });

  it('opens again at 00:00 UTC', async () => {
    expect((await request(service.url, '/test-clock', { method: 'POST', json: { now: '2026-12-04T00:00:01.000Z' } })).status).toBe(200);
    expect((await registerFrom('203.0.113.10', 'office-4')).status).toBe(201);
  });
});
