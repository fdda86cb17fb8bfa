/**
 * GET /metrics over real HTTP: the Prometheus text a scrape reads, counting what the test itself
 * sent (requests by route and status, latencies, earns, rate-limit refusals, cache hits, pool
 * use), route labels that stay bounded whatever paths clients send, and access for operators
 * only: loopback, or Authorization: Bearer <METRICS_TOKEN>. The server trusts one proxy
 * (TRUST_PROXY), so X-Forwarded-For names the client a request stands for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earn, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const TOKEN = 'operator-token-for-tests';
const LOOPBACK = { 'x-forwarded-for': '127.0.0.1' };
const OUTSIDER = { 'x-forwarded-for': '203.0.113.7' };

let service: TestService;

beforeAll(async () => {
  service = await startService({ env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1', METRICS_TOKEN: TOKEN } });
}, 60_000);

afterAll(() => service?.stop());

/** One sample line of the exposition format: `name{label="value",...} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(): Promise<{ samples: Sample[]; text: string }> {
  const res = await request(service.url, '/metrics', { headers: LOOPBACK });
  expect(res.status, res.text).toBe(200);
  return { samples: parse(res.text), text: res.text };
}

/** The value of the one sample with this name and these labels (0 when there is none yet). */
function sumOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics', () => {
  it('counts requests by route and status, latencies, earns, cache hits and refusals', async () => {
    const before = (await scrape()).samples;
    const leaderboard = { name: 'http_requests_total', labels: { method: 'GET', route: '/api/public/ai/leaderboard', status: '200' } };

    const first = await request(service.url, '/api/public/ai/leaderboard?limit=7', { headers: LOOPBACK });
    const second = await request(service.url, '/api/public/ai/leaderboard?limit=7', { headers: LOOPBACK });
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect((await request(service.url, '/videos', { headers: LOOPBACK })).status).toBe(200);
    expect((await request(service.url, '/api/no-such-thing', { headers: LOOPBACK })).status).toBe(404);

    const agent = await register(service.url, { name: `metrics-${Date.now()}` });
    expect((await earn(service.url, agent.apiKey, 'promote', 'https://example.com/metrics-1')).status).toBe(200);
    expect((await earn(service.url, agent.apiKey, 'promote', 'https://example.com/metrics-1')).status).toBe(409);

    // One outside address runs through its read burst (60 in a 12 s window).
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await request(service.url, '/api/public/stats', { headers: { 'x-forwarded-for': '198.51.100.23' } })).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);

    const { samples: after, text } = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(delta(leaderboard.name, leaderboard.labels)).toBe(2);
    expect(delta('http_request_duration_seconds_count', leaderboard.labels)).toBe(2);
    expect(delta('http_request_duration_seconds_bucket', { ...leaderboard.labels, le: '+Inf' })).toBe(2);
    expect(sumOf(after, 'http_request_duration_seconds_sum', leaderboard.labels)).toBeGreaterThan(0);
    // Its buckets are cumulative, smallest bound first, and the last (+Inf) holds every observation.
    const buckets = after.filter((s) => s.name === 'http_request_duration_seconds_bucket' && Object.entries(leaderboard.labels).every(([k, v]) => s.labels[k] === v));
    expect(buckets.map((b) => b.labels.le)).toEqual(['0.0005', '0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
    expect(buckets.every((b, i) => i === 0 || b.value >= buckets[i - 1]!.value)).toBe(true);
    expect(buckets.at(-1)!.value).toBe(sumOf(after, 'http_request_duration_seconds_count', leaderboard.labels));
    expect(buckets.some((b) => b.value > 0 && b.labels.le !== '+Inf')).toBe(true);
    expect(delta('http_requests_total', { method: 'GET', route: '(static)', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(delta('http_requests_total', { method: 'GET', route: '(none)', status: '404' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/api/public/ai/register', status: '201' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/api/public/ai/earn', status: '200' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/api/public/ai/earn', status: '409' })).toBe(1);
    expect(delta('http_requests_total', { method: 'GET', route: '(none)', status: '429' })).toBe(refused);
    expect(delta('canopy_earns_total', { action_type: 'promote', outcome: 'awarded' })).toBe(1);
    expect(delta('canopy_earns_total', { action_type: 'promote', outcome: 'duplicate_action' })).toBe(1);
    expect(delta('canopy_rate_limit_refusals_total', { code: 'rate_limited' })).toBe(refused);
    expect(delta('canopy_response_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(delta('canopy_response_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sumOf(after, 'canopy_response_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sumOf(after, 'canopy_response_cache_bytes')).toBeGreaterThan(0);
    for (const state of ['in_use', 'idle', 'waiting']) expect(after.some((s) => s.name === 'canopy_db_pool_connections' && s.labels.state === state)).toBe(true);
    expect(sumOf(after, 'canopy_db_pool_connections', { state: 'in_use' }) + sumOf(after, 'canopy_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
    expect(sumOf(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    // Secrets never reach a scrape.
    expect(text).not.toContain(agent.apiKey);
  });

  it('keeps route labels bounded: paths no route answers are one series, never the path itself', async () => {
    const before = (await scrape()).samples;
    for (let i = 0; i < 20; i++) await request(service.url, `/api/public/nothing-${i}-${Math.random().toString(36).slice(2)}`, { headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });
    const { samples: after, text } = await scrape();
    expect(sumOf(after, 'http_requests_total', { route: '(none)', status: '404' }) - sumOf(before, 'http_requests_total', { route: '(none)', status: '404' })).toBe(20);
    expect(text).not.toContain('nothing-');
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    for (const route of routes) expect(route, route).toMatch(/^(\(static\)|\(none\)|\/[a-z0-9/._[\]-]*)$/);
  });

  it('answers the Prometheus text format, never cached', async () => {
    const res = await request(service.url, '/metrics', { headers: LOOPBACK });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toMatch(/^# HELP http_requests_total /m);
    expect(res.text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('is for operators: other clients need the METRICS_TOKEN, and a wrong or agent key is refused', async () => {
    const agent = await register(service.url, { name: `metrics-outsider-${Date.now()}` });
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${agent.apiKey}`, TOKEN]) {
      const res = await request(service.url, '/metrics', { headers: { ...OUTSIDER, ...(authorization ? { authorization } : {}) } });
      expect(res.status, String(authorization)).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('forbidden');
      expect(res.text).toContain('METRICS_TOKEN');
      expect(res.text).not.toContain('http_requests_total');
    }
    const allowed = await request(service.url, '/metrics', { headers: { ...OUTSIDER, authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('http_requests_total');
  });

  it('answers other methods 405 with its Allow', async () => {
    const res = await request(service.url, '/metrics', { method: 'DELETE', headers: LOOPBACK });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
