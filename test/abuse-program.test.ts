/**
 * The rewards program under abuse (issue #19, the program half), over HTTP against the built
 * server with the published rate limits on: referral farming, sock-puppet rings, task rings, url
 * dedupe evasion, private and credentialed urls, and the background verifier against pages served
 * by a local site on 127.0.0.1 (allowed by the test-only VERIFY_LOCAL_ORIGIN). Each test asserts
 * the exact outcome; the gain table prints what one address could gain per hour before and after.
 * The registration and per-site limits are off on that server (test/support/service.ts); the last
 * describe (issue #35) starts one with their defaults and prints what one address and one site
 * keep once every window has closed: at most one Legend per address, at most the per-site limit
 * of verified agents.
 *
 * One server and one clock for the first describes: the tests run in order and move time forward.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from './support/rewards.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

const START = '2026-12-01T10:00:00.000Z';
const HOUR = 3_600_000;
/** The attacker's one address (TRUST_PROXY: the server takes it from X-Forwarded-For). */
const ATTACKER = '203.0.113.7';
/** Where the test itself moves the clock from, so it does not use the attacker's write budget. */
const HARNESS = '198.51.100.250';

let service: TestService;
let site: Server;
let siteOrigin: string;
let other: Server;
let otherOrigin: string;
let now = Date.parse(START);

const BRAND_LINK = '<a href="https://canopycove.example/videos/cc-001">Watch on Canopy Cove TV</a>';

beforeAll(async () => {
  // A stand-in for the public web: pages that link to the brand, pages that do not, redirects.
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${BRAND_LINK}</p>`));
  await new Promise<void>((ok) => other.listen(0, '127.0.0.1', ok));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/good/')) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><h1>Review</h1><p>${BRAND_LINK}</p></body></html>`);
    if (path.startsWith('/bare/')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>A post about something else entirely.</p></body></html>');
    if (path === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    if (path === '/to-other-loopback') return res.writeHead(302, { location: `${otherOrigin}/page` }).end();
    if (path === '/to-good') return res.writeHead(301, { location: '/good/redirected' }).end();
    if (path === '/big') return res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(600 * 1024)}</p>${BRAND_LINK}`);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  service = await startService({ clockStart: START, env: { RATE_LIMITS: 'on', TRUST_PROXY: '1', VERIFY_LOCAL_ORIGIN: siteOrigin } });
});

afterAll(async () => {
  await service?.stop();
  await new Promise((ok) => site?.close(ok));
  await new Promise((ok) => other?.close(ok));
});

const from = (address: string, apiKey?: string) => ({ 'x-forwarded-for': address, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) });
const post = (path: string, json: unknown, headers: Record<string, string>) => request(service.url, path, { method: 'POST', json, headers });
const get = (path: string) => request(service.url, path, { headers: from(HARNESS) });

async function registerFrom(address: string, body: Record<string, unknown>): Promise<JsonResponse & { key: string }> {
  const res = await post('/api/public/ai/register', body, from(address));
  expect(res.status, res.text).toBe(201);
  return Object.assign(res, { key: res.body.apiKey as string });
}

const earn = (key: string, actionType: string, url?: string) => post('/api/public/ai/earn', { actionType, ...(url ? { url } : {}) }, from(ATTACKER, key));
const profile = async (name: string) => (await get(`/api/public/ai/agent/${name}`)).body.agent;

async function moveClock(hours: number) {
  now += hours * HOUR;
  const res = await post('/test-clock', { now: new Date(now).toISOString() }, from(HARNESS));
  expect(res.status).toBe(200);
}

/** Polls until `check` holds (the verifier works in the background, about once a second). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const activityOf = (p: { recentActivity: Array<{ id: number }> }, id: number) => p.recentActivity.find((a) => a.id === id) as any;

/** What the run measured, for the gain-per-hour table at the end. */
const measured = { referralPaidPerDay: 0, referralKept: 0, puppetCredited: 0, puppetKept: 0, ringClaimsPaid: 0 };

describe('abuse: referral farming', () => {
  let boss: JsonResponse & { key: string };
  const referred: Array<JsonResponse & { key: string }> = [];

  it("pays within the referrer's daily referral cap; past it registration succeeds and says it paid nothing", async () => {
    boss = await registerFrom(ATTACKER, { name: 'ring-boss', operator: 'Boss Ops' });
    const caps = (await get('/api/public')).body.rewards.antiFarming.dailyCaps;
    expect(caps.referral).toBe(5);
    for (let i = 1; i <= 12; i++) referred.push(await registerFrom(ATTACKER, { name: `farm-${i}`, referralCode: boss.body.referralCode }));
    expect(referred.slice(0, 5).map((r) => r.body.referral.pointsAwarded)).toEqual([50, 50, 50, 50, 50]);
    expect(referred[0].body.referral).toMatchObject({ referrer: 'ring-boss', reason: null, verification: { kind: 'referral', state: 'pending' } });
    for (const r of referred.slice(5)) {
      expect(r.body.referral).toMatchObject({ referrer: 'ring-boss', pointsAwarded: 0, reason: 'daily_cap_reached', verification: null, dailyCap: { limit: 5, used: 5, remaining: 0 } });
    }
    const p = await profile('ring-boss');
    expect([p.points, p.promoPoints]).toEqual([250, 250]);
    measured.referralPaidPerDay = p.points;
    // The next UTC day the cap is fresh again: one more paid referral.
    await moveClock(24);
    const next = await registerFrom(ATTACKER, { name: 'farm-13', referralCode: boss.body.referralCode });
    expect(next.body.referral.pointsAwarded).toBe(50);
    referred.push(next);
    expect((await profile('ring-boss')).points).toBe(300);
  });

  it('suspending a referred agent as a puppet reverses its referral reward with a ledger row of its own', async () => {
    const suspended = await admin({ databasePath: service.databasePath, clockStart: new Date(now).toISOString() }, 'suspend', 'farm-1', '--puppet');
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(suspended.stdout).toMatch(/farm-1: suspended = true \(puppet\)\nreferral reward #\d+ reversed by ledger row #\d+ \(-50\), ring-boss now 250 points/);
    const p = await profile('ring-boss');
    expect(p.points).toBe(250);
    const reversal = p.recentActivity[0];
    expect(reversal).toMatchObject({ actionType: 'reversal', points: -50, verification: null, description: 'Reversed: referred agent farm-1 was suspended as a puppet' });
    expect(activityOf(p, reversal.reverses)).toMatchObject({ actionType: 'referral', points: 50, verification: { kind: 'referral', state: 'reversed' } });
    // Again: nothing more is taken back.
    const again = await admin({ databasePath: service.databasePath, clockStart: new Date(now).toISOString() }, 'suspend', 'farm-1', '--puppet');
    expect(again.stdout).toContain('was already reversed');
    expect((await profile('ring-boss')).points).toBe(250);
  });

  it('a referral stands when the referred agent makes a verified promotion; the others are reversed when the window ends', async () => {
    // farm-2 promotes for real: its page links to the brand.
    const promo = await post('/api/public/ai/earn', { actionType: 'promote', url: `${siteOrigin}/good/farm-2` }, from(ATTACKER, referred[1].key));
    expect(promo.status, promo.text).toBe(200);
    const verified = await eventually(
      () => profile('farm-2'),
      (p) => p.recentActivity[0].verification.state !== 'pending',
    );
    expect(verified.recentActivity[0].verification).toMatchObject({ kind: 'url', state: 'verified' });
    // The referral reward farm-2 paid stands on it at once.
    const boss1 = await profile('ring-boss');
    const stands = boss1.recentActivity.find((a: any) => a.actionType === 'referral' && a.description === 'Referred farm-2');
    expect(stands.verification.state).toBe('verified');
    // Past the referral window (168 h) every other paid referral is reversed.
    await moveClock(169);
    const after = await eventually(
      () => profile('ring-boss'),
      (p) => p.points === 50,
    );
    expect(after.points).toBe(50);
    const reversals = after.recentActivity.filter((a: any) => a.actionType === 'reversal');
    expect(reversals.map((r: any) => r.points)).toEqual([-50, -50, -50, -50, -50]);
    measured.referralKept = 50;
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('abuse: private, credentialed and evasive urls', () => {
  let key: string;
  beforeAll(async () => {
    key = (await registerFrom(ATTACKER, { name: 'url-tester' })).key;
  });

  it.each([
    'http://127.0.0.1/promo',
    'http://2130706433/promo',
    'http://0x7f.0.0.1/promo',
    'http://0177.0.0.1/promo',
    'http://10.0.0.1/promo',
    'http://172.16.5.4/promo',
    'http://192.168.1.1/promo',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/promo',
    'http://0.0.0.0/promo',
    'http://[::1]/promo',
    'http://[::ffff:127.0.0.1]/promo',
    'http://[::ffff:10.0.0.1]/promo',
    'http://[fe80::1]/promo',
    'http://[fd00::1]/promo',
    'http://localhost:8080/promo',
    'http://printer.local/promo',
    'http://intranet/promo',
    'https://user:secret@social.example/post/1',
    'https://token@social.example/post/2',
  ])('refuses %s with 400 invalid_request on url, and changes nothing', async (url) => {
    const res = await earn(key, 'promote', url);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors[0].path).toBe('url');
    const p = await profile('url-tester');
    expect([p.points, p.recentActivity.length]).toEqual([0, 0]);
  });

  it('a task url with credentials is refused too', async () => {
    const res = await post('/api/public/ai/tasks', { title: 'Leak', description: 'x', url: 'https://admin:pw@social.example/' }, from(ATTACKER, key));
    expect([res.status, res.body.errors?.[0]?.path]).toEqual([400, 'url']);
  });

  it('normalises as RFC 3986 section 6 does before dedupe: every spelling of one page earns once', async () => {
    const first = await earn(key, 'share', 'https://social.example/post/42');
    expect(first.status).toBe(200);
    expect(first.body.activity.url).toBe('https://social.example/post/42');
    for (const variant of [
      'https://social.example/post/42/',
      'https://SOCIAL.Example/post/42',
      'HTTPS://social.example:443/post/42',
      'https://social.example/post/42#comments',
      'https://social.example/post/42?utm_source=x&utm_medium=y',
      'https://social.example/post/42?fbclid=abc&gclid=def',
      'https://social.example/%70ost/%34%32',
      'https://social.example./post/42',
      'https://social.example/a/../post/42',
    ]) {
      const dup = await earn(key, 'share', variant);
      expect([variant, dup.status, dup.body.code, dup.body.activityId]).toEqual([variant, 409, 'duplicate_action', first.body.activity.id]);
    }
    // A query that changes the page is a different page.
    expect((await earn(key, 'share', 'https://social.example/post/42?page=2')).status).toBe(200);
    expect((await profile('url-tester')).points).toBe(20);
  });
});

describe('abuse: the verifier', () => {
  let key: string;
  const ids: Record<string, number> = {};

  it('verifies a page that links to the brand within seconds; leaves the others pending', async () => {
    key = (await registerFrom(ATTACKER, { name: 'claimer', operator: 'Claims Inc' })).key;
    for (const [name, type, path] of [
      ['good', 'promote', '/good/1'],
      ['bare', 'promote', '/bare/1'],
      ['private-redirect', 'mention', '/to-private'],
      ['loopback-redirect', 'mention', '/to-other-loopback'],
      ['redirect-good', 'share', '/to-good'],
      ['big', 'share', '/big'],
      ['missing', 'share', '/missing'],
    ] as const) {
      const res = await earn(key, type, `${siteOrigin}${path}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.activity.verification).toMatchObject({ kind: 'url', state: 'pending' });
      expect(Date.parse(res.body.activity.verification.decideBy) - now).toBeGreaterThanOrEqual(72 * HOUR - 60_000);
      ids[name] = res.body.activity.id;
    }
    const p = await eventually(
      () => profile('claimer'),
      (p) => activityOf(p, ids.good).verification.state === 'verified' && activityOf(p, ids['redirect-good']).verification.state === 'verified',
    );
    expect(activityOf(p, ids.good).verification.state).toBe('verified');
    expect(activityOf(p, ids['redirect-good']).verification.state).toBe('verified');
    for (const name of ['bare', 'private-redirect', 'loopback-redirect', 'big', 'missing']) expect([name, activityOf(p, ids[name]).verification.state]).toEqual([name, 'pending']);
    // An earn without a url waits for its window's end, when the share of the agent's claims verified decides it.
    const apiUse = await earn(key, 'api_use');
    expect(apiUse.body.activity.verification).toMatchObject({ kind: 'standing', state: 'pending' });
    ids.apiUse = apiUse.body.activity.id;
    expect(p.points).toBe(25 + 25 + 15 + 15 + 10 + 10 + 10);
  });

  it('reverses what was not verified when the window ends, each by a ledger row of its own; reputation shows the verified share', async () => {
    // A fresh agent whose awards nothing could check: the partnership bonus and an earn without a url.
    const idle = await registerFrom(ATTACKER, { name: 'idle-puppet' });
    expect((await post('/api/public/ai/partnership', { agree: true }, from(ATTACKER, idle.key))).body.pointsAwarded).toBe(100);
    expect((await earn(idle.key, 'content_submit')).body.agent.points).toBe(130);

    await moveClock(73);
    // What stays: the verified promote (25) and share (10). The api_use (5) is reversed: 2 of the
    // 7 claims verified, and 5 points are more than 2/7 of the agent's 5 points without a url.
    const p = await eventually(
      () => profile('claimer'),
      (p) => activityOf(p, ids.apiUse)?.verification.state === 'reversed',
    );
    expect(p.points).toBe(25 + 10);
    expect(p.recentActivity.find((a: any) => a.reverses === ids.apiUse).description).toBe(
      "Reversed: awards without a url stand up to the share of the agent's claimed urls verified within 72 h (2 of 7 claimed url(s) verified); this one is past it",
    );
    for (const name of ['bare', 'private-redirect', 'loopback-redirect', 'big', 'missing']) {
      const original = activityOf(p, ids[name]);
      expect([name, original.verification.state]).toEqual([name, 'reversed']);
      const reversal = p.recentActivity.find((a: any) => a.reverses === ids[name]);
      expect([name, reversal.actionType, reversal.points]).toEqual([name, 'reversal', -original.points]);
    }
    // 2 of 7 claimed urls verified.
    expect(p.reputation.components.verified).toBe(Math.round((100 * 2) / 7));
    const idleAfter = await eventually(
      () => profile('idle-puppet'),
      (x) => x.points === 0,
    );
    expect(idleAfter.points).toBe(0);
    expect(
      idleAfter.recentActivity
        .filter((a: any) => a.actionType === 'reversal')
        .map((a: any) => a.points)
        .sort(),
    ).toEqual([-100, -30]);
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('abuse: sock-puppet and task rings', () => {
  it("an agent cannot claim a task of its referral chain; the task stays open for others, and one operator's agents may claim each other's", async () => {
    const poster = await registerFrom(ATTACKER, { name: 'ring-a', operator: 'Ring Ops' });
    const sibling = await registerFrom(ATTACKER, { name: 'ring-b', operator: 'ring ops' });
    const child = await registerFrom(ATTACKER, { name: 'ring-c', referralCode: poster.body.referralCode });
    const cousin = await registerFrom(ATTACKER, { name: 'ring-d', referralCode: poster.body.referralCode });
    const stranger = await registerFrom(ATTACKER, { name: 'honest-e', operator: 'Elsewhere' });
    const task = await post('/api/public/ai/tasks', { title: 'Summarise Harvest Live', description: 'Three lines' }, from(ATTACKER, poster.key));
    expect(task.status).toBe(201);
    const id = task.body.task.id;
    const refused = await post(`/api/public/ai/tasks/${id}/claim`, {}, from(ATTACKER, child.key));
    expect([refused.status, refused.body.code, refused.body.reason, refused.body.relation]).toEqual([403, 'forbidden', 'related_agents', 'one referred the other']);
    // Siblings by referral: ring-d cannot claim ring-c's task.
    const childTask = await post('/api/public/ai/tasks', { title: 'Clip ideas', description: 'Five' }, from(ATTACKER, child.key));
    const sib = await post(`/api/public/ai/tasks/${childTask.body.task.id}/claim`, {}, from(ATTACKER, cousin.key));
    expect([sib.status, sib.body.relation]).toEqual([403, 'the same referrer']);
    expect((await profile('ring-c')).points).toBe(20);
    // Any depth (issue #35): a grandchild, a cousin and an uncle are one referral tree too.
    const grandchild = await registerFrom(ATTACKER, { name: 'ring-c1', referralCode: child.body.referralCode });
    const cousin1 = await registerFrom(ATTACKER, { name: 'ring-d1', referralCode: cousin.body.referralCode });
    const great = await registerFrom(ATTACKER, { name: 'ring-c11', referralCode: grandchild.body.referralCode });
    const rootTask = await post('/api/public/ai/tasks', { title: 'Root task', description: 'For the family' }, from(ATTACKER, poster.key));
    const cousinTask = await post('/api/public/ai/tasks', { title: 'Cousin task', description: 'For the family' }, from(ATTACKER, cousin1.key));
    const nephewTask = await post('/api/public/ai/tasks', { title: 'Nephew task', description: 'For the family' }, from(ATTACKER, grandchild.key));
    for (const [who, task, relation] of [
      [grandchild, rootTask, 'one is an ancestor of the other in the referral tree (2 referrals apart)'],
      [great, rootTask, 'one is an ancestor of the other in the referral tree (3 referrals apart)'],
      [grandchild, cousinTask, 'the same referral tree (a common root)'],
      [cousin, nephewTask, 'the same referral tree (a common root)'],
      [great, cousinTask, 'the same referral tree (a common root)'],
    ] as const) {
      const res = await post(`/api/public/ai/tasks/${task.body.task.id}/claim`, {}, from(ATTACKER, who.key));
      expect([who.body.agent.name, res.status, res.body.code, res.body.reason, res.body.relation]).toEqual([who.body.agent.name, 403, 'forbidden', 'related_agents', relation]);
    }
    expect((await profile('ring-c11')).points).toBe(0);
    expect((await get('/api/public/ai/tasks?status=open')).body.items.map((t: any) => t.title)).toEqual(expect.arrayContaining(['Root task', 'Cousin task', 'Nephew task']));
    const claimed = await post(`/api/public/ai/tasks/${id}/claim`, {}, from(ATTACKER, stranger.key));
    expect([claimed.status, claimed.body.activity.points]).toEqual([200, 20]);
    // One operator's agents (free text, evidence only) claim each other's tasks like strangers.
    const siblingTask = await post('/api/public/ai/tasks', { title: 'Tag the clips', description: 'Ten' }, from(ATTACKER, sibling.key));
    const teammate = await post(`/api/public/ai/tasks/${siblingTask.body.task.id}/claim`, {}, from(ATTACKER, poster.key));
    expect([teammate.status, teammate.body.activity.points]).toEqual([200, 20]);
  });

  it('a ring of unrelated-looking puppets gains its daily caps at most, and keeps nothing once the window ends; operators see it', async () => {
    // Two puppets with different operators and no referral link: only the address ties them.
    const x = await registerFrom(ATTACKER, { name: 'puppet-x', operator: 'X Labs' });
    const y = await registerFrom(ATTACKER, { name: 'puppet-y', operator: 'Y Labs' });
    let credited = 0;
    for (const p of [x, y]) credited = (await post('/api/public/ai/partnership', { agree: true }, from(ATTACKER, p.key))).body.agent.points;
    expect(credited).toBe(100);
    // Each posts tasks the other claims, up to the caps.
    for (let i = 1; i <= 6; i++) {
      for (const [poster, claimer] of [
        [x, y],
        [y, x],
      ]) {
        const t = await post('/api/public/ai/tasks', { title: `Ring task ${i}`, description: 'nothing' }, from(ATTACKER, poster.key));
        if (t.status !== 201) {
          expect([t.status, t.body.code]).toEqual([409, 'daily_cap_reached']);
          continue;
        }
        const c = await post(`/api/public/ai/tasks/${t.body.task.id}/claim`, {}, from(ATTACKER, claimer.key));
        expect(c.status).toBe(200);
        measured.ringClaimsPaid += 1;
      }
    }
    // Earn caps with made-up pages: share 20, mention 20, promote 10 (urls nobody can verify).
    for (const [type, n] of [
      ['share', 20],
      ['mention', 20],
      ['promote', 10],
      ['api_use', 50],
      ['content_submit', 5],
      ['referral', 5],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await earn(x.key, type, type === 'api_use' || type === 'content_submit' || type === 'referral' ? undefined : `https://puppet.example/${type}/${i}`);
        expect(res.status, res.text).toBe(200);
      }
      const over = await earn(x.key, type, type === 'api_use' || type === 'content_submit' || type === 'referral' ? undefined : `https://puppet.example/${type}/over`);
      expect([over.status, over.body.code]).toEqual([409, 'daily_cap_reached']);
    }
    const px = await profile('puppet-x');
    // Partnership 100 + 5 tasks posted (100) + 5 claims (100) + the earn caps (1,400).
    expect(px.points).toBe(100 + 100 + 100 + 1400);
    measured.puppetCredited = px.points;

    const report = await admin(service.databasePath, 'suspicious');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain(`[address] ${ATTACKER}:`);
    expect(report.stdout).toMatch(/\[task-ring\] puppet-x <-> puppet-y: puppet-x claimed 5 task\(s\) of puppet-y, puppet-y claimed 5 of puppet-x; same address/);
    // Its five unverified claims, and the api_use past its verified share.
    expect(report.stdout).toMatch(/\[reversals\] claimer: 6 of \d+ decided checks reversed/);
    // Two decided checks are too few to judge a rate (minDecidedChecks 4).
    expect(report.stdout).not.toContain('[reversals] idle-puppet');

    await moveClock(73);
    const kept = await eventually(
      () => profile('puppet-x'),
      (p) => p.points === 0,
      30_000,
    );
    expect(kept.points).toBe(0);
    measured.puppetKept = kept.points;
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stderr).toBe(0);
  });
});

describe('gain per hour from one address', () => {
  it('prints what one address could gain per hour before (the rules before #19) and after', async () => {
    const policy = (await get('/api/public/rate-limits')).body;
    const writesPerHour = policy.tiers[0].writes.windows[0].limit * 60; // Bronze, anonymous: registrations
    const caps = policy.program.dailyCaps as Record<string, number>;
    const points = { share: 10, mention: 15, promote: 25, referral: 50, api_use: 5, content_submit: 30, task_post: 20, task_claim: 20 } as Record<string, number>;
    const earnCaps = ['share', 'mention', 'promote', 'referral', 'api_use', 'content_submit'].reduce((s, t) => s + caps[t] * points[t], 0);
    const tasks = caps.task_post * points.task_post + caps.task_claim * points.task_claim;
    // Before: every registration paid its referrer 50, uncapped; every puppet reached its caps,
    // the partnership bonus and tasks claimed from each other, and kept all of it.
    const beforeReferral = writesPerHour * points.referral;
    const beforePuppets = writesPerHour * (100 + earnCaps + tasks);
    // After: referral rewards per referrer are capped per day and stand only on verified
    // promotion; puppets are credited at most their caps, and keep only what is verified.
    const afterReferralCredited = measured.referralPaidPerDay;
    // Enough unrelated-looking puppets can still fill every task cap: credited for up to 72 h.
    const afterPuppetsCredited = writesPerHour * (100 + earnCaps + tasks);
    const rows = [
      ['referral farming (one referrer, one address)', beforeReferral, afterReferralCredited, `${measured.referralKept} (only referrals whose agent promoted for real)`],
      ['sock-puppet ring (a puppet per write; no registration limit)', beforePuppets, afterPuppetsCredited, `${measured.puppetKept * writesPerHour} (nothing verifiable: all reversed within 72 h)`],
      ['task claims between related agents', writesPerHour * caps.task_claim * points.task_claim, 0, '0 (refused: 403 related_agents)'],
    ];
    console.log(
      [
        '',
        `What one address could gain per hour (writes ${writesPerHour}/h from one address; daily caps ${JSON.stringify(caps)}):`,
        `${'attack'.padEnd(60)} ${'before #19'.padStart(12)} ${'after: credited'.padStart(16)}  after: kept`,
        ...rows.map(([name, before, after, kept]) => `${String(name).padEnd(60)} ${String(before).padStart(12)} ${String(after).padStart(16)}  ${kept}`),
        `ring task claims paid between unrelated-looking puppets in this run: ${measured.ringClaimsPaid} (between related agents: 0)`,
        '',
      ].join('\n'),
    );
    expect(beforeReferral).toBe(3600 * 50);
    expect(afterReferralCredited).toBe(250);
    expect(measured.referralKept).toBe(50);
    expect(measured.puppetKept).toBe(0);
    // This run's pair of puppets posted 5 tasks each, so each claimed 5 (not its cap of 10).
    expect(measured.puppetCredited).toBe(100 + earnCaps + caps.task_post * points.task_post * 2);
  });
});

/**
 * Issue #35: one address registering as many agents as it may, each farming Legend on day one
 * with claims on the attacker's own site (a page per claim that links the brand), beside a few
 * agents from other addresses claiming on the same site. With the defaults in force
 * (REGISTRATIONS_PER_ADDRESS_PER_DAY, VERIFICATIONS_PER_HOST_PER_DAY) the table shows what the
 * address and the site keep once every window has closed.
 */
describe('one address and one site, after every window closes', () => {
  let farm: TestService;
  let farmNow = Date.parse('2026-12-20T08:00:00.000Z');
  const FARM = '203.0.113.99';
  const NEIGHBOURS = ['198.51.100.11', '198.51.100.12', '198.51.100.13', '198.51.100.14'];

  beforeAll(async () => {
    // The defaults: an empty value is the setting's default.
    farm = await startService({
      clockStart: new Date(farmNow).toISOString(),
      env: { TRUST_PROXY: '1', VERIFY_LOCAL_ORIGIN: siteOrigin, REGISTRATIONS_PER_ADDRESS_PER_DAY: '', VERIFICATIONS_PER_HOST_PER_DAY: '' },
    });
  });
  afterAll(async () => {
    await farm?.stop();
  });

  const farmPost = (path: string, json: unknown, address: string, key?: string) => request(farm.url, path, { method: 'POST', json, headers: from(address, key) });
  const farmProfile = async (name: string) => (await request(farm.url, `/api/public/ai/agent/${name}`, { headers: from(HARNESS) })).body.agent;

  /** Everything one agent can be paid on its first day, every url a page of the attacker's site that links the brand. */
  async function farmLegend(name: string, address: string, key: string): Promise<number> {
    expect((await farmPost('/api/public/ai/partnership', { agree: true }, address, key)).status).toBe(200);
    let points = 0;
    for (const [type, n] of [
      ['share', 20],
      ['mention', 20],
      ['promote', 10],
      ['api_use', 50],
      ['content_submit', 5],
      ['referral', 5],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const url = type === 'share' || type === 'mention' || type === 'promote' ? `${siteOrigin}/good/${name}/${type}/${i}` : undefined;
        const res = await farmPost('/api/public/ai/earn', { actionType: type, ...(url ? { url } : {}) }, address, key);
        expect(res.status, res.text).toBe(200);
        points = res.body.agent.points;
      }
    }
    return points;
  }

  it('keeps at most one Legend per address and at most the per-site limit of verified agents', async () => {
    const policy = (await request(farm.url, '/api/public/rate-limits', { headers: from(HARNESS) })).body;
    const perAddress = policy.registrations.perAddressPerDay as number;
    const perSite = policy.program.verificationsPerHostPerDay as number;
    expect([perAddress, perSite]).toEqual([20, 3]);

    // One address registers until it is refused.
    const agents: { name: string; key: string; address: string }[] = [];
    for (let i = 1; i <= 100; i++) {
      const res = await farmPost('/api/public/ai/register', { name: `farm-legend-${i}` }, FARM);
      if (res.status !== 201) {
        expect([res.status, res.body.code, res.body.violatedPolicies]).toEqual([429, 'rate_limited', ['registrations-day']]);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        break;
      }
      agents.push({ name: `farm-legend-${i}`, key: res.body.apiKey, address: FARM });
    }
    expect(agents).toHaveLength(perAddress);
    // Four neighbours, one agent each, claim on the same site.
    for (const [i, address] of NEIGHBOURS.entries()) {
      const res = await farmPost('/api/public/ai/register', { name: `neighbour-${i + 1}` }, address);
      expect(res.status).toBe(201);
      agents.push({ name: `neighbour-${i + 1}`, key: res.body.apiKey, address });
    }

    // Day one: every agent is paid up to its caps, Legend at once.
    const credited = new Map<string, number>();
    for (const a of agents) credited.set(a.name, await farmLegend(a.name, a.address, a.key));
    expect([...credited.values()].every((p) => p === 1500)).toBe(true);

    // The verifier fetches every claimed page (1,200 of them). An agent the site admits has all
    // its claims verified (100), any other none (0): wait until the site's places are taken.
    const shares = await eventually(
      async () => Promise.all(agents.map(async (a) => (await farmProfile(a.name)).reputation.components.verified as number)),
      (v) => v.every((x) => x === 0 || x === 100) && v.filter((x) => x === 100).length === perSite,
      240_000,
    );
    expect(shares.filter((x) => x === 100)).toHaveLength(perSite);
    // Past every window: claims (72 h), then the awards without a url, decided once the claims are.
    farmNow += 80 * HOUR;
    expect((await farmPost('/test-clock', { now: new Date(farmNow).toISOString() }, HARNESS)).status).toBe(200);
    const settled = await eventually(
      async () => Promise.all(agents.map((a) => farmProfile(a.name))),
      (profiles) => profiles.every((p) => p.reputation.components.verified === 100 || p.points === 0),
      240_000,
    );
    const check = await admin(farm.databasePath, 'check');
    expect(check.code, check.stderr).toBe(0);

    const kept = agents.map((a, i) => ({ ...a, points: settled[i].points as number, tier: settled[i].tier as string, verified: (settled[i].reputation.components.verified as number) > 0 }));
    const byAddress = new Map<string, typeof kept>();
    for (const k of kept) byAddress.set(k.address, [...(byAddress.get(k.address) ?? []), k]);
    const rows = [...byAddress].map(([address, list]) => ({
      address,
      agents: list.length,
      credited: list.reduce((s, k) => s + credited.get(k.name)!, 0),
      kept: list.reduce((s, k) => s + k.points, 0),
      legends: list.filter((k) => k.tier === 'Legend').length,
      verified: list.filter((k) => k.verified).length,
    }));
    const verifiedOnSite = kept.filter((k) => k.verified).length;
    console.log(
      [
        '',
        `One address and one site (127.0.0.1, every claim a page linking the brand), after every window closed; limits: ${perAddress} registrations per address per day, ${perSite} verified agents per site per day:`,
        `${'address'.padEnd(16)} ${'agents'.padStart(6)} ${'credited'.padStart(9)} ${'Legends then'.padStart(13)} ${'kept'.padStart(7)} ${'Legends kept'.padStart(13)} ${'verified agents'.padStart(16)}`,
        ...rows.map(
          (r) =>
            `${r.address.padEnd(16)} ${String(r.agents).padStart(6)} ${String(r.credited).padStart(9)} ${String(r.agents).padStart(13)} ${String(r.kept).padStart(7)} ${String(r.legends).padStart(13)} ${String(r.verified).padStart(16)}`,
        ),
        `agents the site verified promotions for: ${verifiedOnSite} (limit ${perSite}); Legends kept in all: ${kept.filter((k) => k.tier === 'Legend').length} of ${kept.length}`,
        '',
      ].join('\n'),
    );
    for (const r of rows) expect([r.address, r.legends <= 1, r.verified <= 1]).toEqual([r.address, true, true]);
    expect(verifiedOnSite).toBeLessThanOrEqual(perSite);
    // The site's places went to someone: an honest agent's Legend on day one stays possible.
    expect(verifiedOnSite).toBeGreaterThanOrEqual(1);
    for (const k of kept) expect([k.name, k.verified ? k.points : 0]).toEqual([k.name, k.verified ? 1500 : 0]);
    for (const k of kept.filter((x) => !x.verified)) expect([k.name, k.points]).toEqual([k.name, 0]);
  }, 600_000);
});
