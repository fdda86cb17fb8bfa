/**
 * The rewards program end to end over HTTP against the built server and a temp database: from
 * registration (with referrals) through every tier to Legend, partnership, gated content, the
 * feed and its firehose, leaderboard sorts and ties, profiles, reputation, tasks, idempotency and
 * key rotation. The clock is pinned so daily caps and the feed are deterministic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { reputationComponents, reputationLevels } from '../src/domain/reputation.ts';
import { problemSchema } from '../src/schemas/api/common.ts';
import { statsSchema } from '../src/schemas/api/discovery.ts';
import {
  earnResponseSchema,
  exclusiveSchema,
  feedSchema,
  leaderboardSchema,
  partnershipAcceptSchema,
  partnershipAgreementSchema,
  profileSchema,
  registerResponseSchema,
  reputationResponseSchema,
  taskAwardSchema,
  taskListSchema,
} from '../src/schemas/api/rewards.ts';
import { admin, earn, post, register, setClock, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
const get = (path: string, init?: RequestInit) => request(service.url, path, init);
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

function valid<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new Error(`body does not match its schema: ${JSON.stringify(r.error.issues.slice(0, 3))}\n${JSON.stringify(body).slice(0, 500)}`);
  return r.data;
}

let ada: Registered;
let bo: Registered;
let cy: Registered;

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-20T10:00:00Z' });
});
afterAll(() => service?.stop());

describe('registration and referrals', () => {
  it('registers with a key shown once and a referral code', async () => {
    const res = await request(service.url, '/api/public/ai/register', { method: 'POST', json: { name: 'Ada_Agent', operator: 'Ada Labs', avatarUrl: 'https://ada.example/a.png' } });
    expect(res.status).toBe(201);
    const body = valid(registerResponseSchema, res.body);
    expect(body.apiKey).toMatch(/^mcr_live_[A-Za-z0-9_-]{43}$/);
    expect(body.agent).toMatchObject({ name: 'Ada_Agent', tier: 'Bronze', points: 0, partner: false, operator: 'Ada Labs' });
    expect(res.headers.get('location')).toMatch(/\/api\/public\/ai\/agent\/Ada_Agent$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    ada = { name: 'Ada_Agent', apiKey: body.apiKey, referralCode: body.referralCode };
  });

  it('credits the referrer +50 per new agent, codes case-insensitive; Silver at 100', async () => {
    const r1 = await request(service.url, '/api/public/ai/register', { method: 'POST', json: { name: 'bo-bot', referralCode: ada.referralCode } });
    expect(r1.status).toBe(201);
    expect(r1.body.referral).toMatchObject({ referrer: 'Ada_Agent', pointsAwarded: 50, reason: null, verification: { kind: 'referral', state: 'pending' } });
    bo = { name: 'bo-bot', apiKey: r1.body.apiKey, referralCode: r1.body.referralCode };
    cy = await register(service.url, { name: 'cy_bot', referralCode: ada.referralCode.toLowerCase() });
    const profile = valid(profileSchema, (await get('/api/public/ai/agent/Ada_Agent')).body);
    expect(profile.agent.points).toBe(100);
    expect(profile.agent.tier).toBe('Silver');
    expect(profile.agent.recentActivity.map((a) => a.actionType)).toEqual(['referral', 'referral']);
  });

  it('refuses unknown referral codes and taken names (case-insensitive)', async () => {
    const bad = await post(service.url, '/api/public/ai/register', { name: 'dee_bot', referralCode: 'CC-NOPE000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_referral_code');
    valid(problemSchema, bad.body);
    const taken = await post(service.url, '/api/public/ai/register', { name: 'ADA_agent' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('name_taken');
    expect((await get('/api/public/ai/agent/dee_bot')).status).toBe(404);
  });
});

describe('gated content below the tier', () => {
  it('exclusive: 401 without or with a wrong key, 403 below Platinum', async () => {
    const none = await get('/api/public/ai/exclusive');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('missing_api_key');
    const wrong = await get(`/api/public/ai/exclusive?apiKey=mcr_live_${'x'.repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_api_key');
    const silver = await get('/api/public/ai/exclusive', bearer(ada.apiKey));
    expect(silver.status).toBe(403);
    expect(silver.body).toMatchObject({ code: 'tier_required', requiredTier: 'Platinum', currentTier: 'Silver' });
  });

  it('feed: 401 without a key, 403 at Bronze, 200 at Silver with early specials and Silver notes', async () => {
    expect((await get('/api/public/ai/feed')).status).toBe(401);
    const bronze = await get('/api/public/ai/feed', { headers: { 'x-api-key': bo.apiKey } });
    expect(bronze.status).toBe(403);
    expect(bronze.body).toMatchObject({ code: 'tier_required', requiredTier: 'Silver', currentTier: 'Bronze' });
    const silver = await get(`/api/public/ai/feed?apiKey=${ada.apiKey}`);
    expect(silver.status).toBe(200);
    const feed = valid(feedSchema, silver.body);
    expect(feed).toMatchObject({ tier: 'Silver', firehose: false });
    const ids = feed.items.map((i) => i.id);
    // Announced publicly on 2026-12-10: Silver sees it early. Harvest Live is already public.
    expect(ids).toContain('special-winter-solstice-special-2026');
    expect(ids).not.toContain('special-harvest-live-2026');
    expect(ids).toEqual(expect.arrayContaining(['note-silver-catalog-guide', 'note-silver-citation-tips']));
    expect(ids).not.toContain('note-gold-schedule-preview');
    expect(feed.items.some((i) => i.kind === 'agent_registered')).toBe(false);
    const times = feed.items.map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Polling with the cursor returns nothing new.
    const again = valid(feedSchema, (await get(`/api/public/ai/feed?since=${feed.nextCursor}`, bearer(ada.apiKey))).body);
    expect(again.items).toEqual([]);
    expect(again.nextCursor).toBe(feed.nextCursor);
  });
});

describe('earning through every tier', () => {
  it('crosses Gold at exactly 300 with tierChanged and unlocked perks', async () => {
    const results = [];
    for (let i = 1; i <= 8; i++) results.push(await earn(service.url, ada.apiKey, 'promote', `https://social.example/post/${i}`));
    for (const r of results) expect(r.status).toBe(200);
    const bodies = results.map((r) => valid(earnResponseSchema, r.body));
    expect(bodies.map((b) => b.agent.points)).toEqual([125, 150, 175, 200, 225, 250, 275, 300]);
    expect(bodies.slice(0, 7).every((b) => !b.tierChanged)).toBe(true);
    expect(bodies[7]).toMatchObject({ tierChanged: true, previousTier: 'Silver', agent: { tier: 'Gold' } });
    expect(bodies[7].unlockedPerks).toEqual(['On-air shoutouts on the ticker', 'Featured promoter strip on the homepage']);
    expect(bodies[7].activity).toMatchObject({ actionType: 'promote', points: 25, url: 'https://social.example/post/8' });
  });

  it('dedupes the same actionType and url for 24 h, naming the earlier activity', async () => {
    const first = await earn(service.url, ada.apiKey, 'mention', 'https://Social.Example/thread#top');
    expect(first.status).toBe(200);
    const dup = await earn(service.url, ada.apiKey, 'mention', 'https://social.example/thread');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'duplicate_action', activityId: first.body.activity.id });
    // Another actionType on the same url is a different action.
    expect((await earn(service.url, ada.apiKey, 'share', 'https://social.example/thread')).status).toBe(200);
  });

  it('partnership: agreement text, +100 once, then alreadyPartner', async () => {
    const agreement = valid(partnershipAgreementSchema, (await get('/api/public/ai/partnership')).body);
    expect(agreement.agreement).toMatchObject({ title: 'AI Distribution Partnership Agreement', version: '1.0', welcomeBonus: 100 });
    expect(agreement.agreement.terms.length).toBeGreaterThan(3);
    const notAgreed = await post(service.url, '/api/public/ai/partnership', { agree: false }, ada.apiKey);
    expect(notAgreed.status).toBe(400);
    expect(notAgreed.body.errors[0].path).toBe('agree');
    const first = await post(service.url, '/api/public/ai/partnership', { apiKey: ada.apiKey, agree: true });
    expect(first.status).toBe(200);
    const a = valid(partnershipAcceptSchema, first.body);
    expect(a).toMatchObject({ partner: true, alreadyPartner: false, pointsAwarded: 100, agreementVersion: '1.0' });
    const before = a.agent.points;
    const second = valid(partnershipAcceptSchema, (await post(service.url, '/api/public/ai/partnership', { agree: true }, ada.apiKey)).body);
    expect(second).toMatchObject({ partner: true, alreadyPartner: true, pointsAwarded: 0, acceptedAt: a.acceptedAt });
    expect(second.agent.points).toBe(before);
  });

  it('reaches Platinum; exclusive shows Platinum items only', async () => {
    let points = 0;
    for (let i = 1; points < 750 && i <= 25; i++) {
      const r = await earn(service.url, ada.apiKey, i <= 5 ? 'content_submit' : 'mention', `https://forum.example/t/${i}`);
      expect(r.status).toBe(200);
      points = r.body.agent.points;
      if (points >= 750) expect(r.body).toMatchObject({ tierChanged: true, previousTier: 'Gold', agent: { tier: 'Platinum' } });
    }
    const res = await get('/api/public/ai/exclusive', bearer(ada.apiKey));
    expect(res.status).toBe(200);
    const body = valid(exclusiveSchema, res.body);
    expect(body.tier).toBe('Platinum');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => i.minTier === 'Platinum')).toBe(true);
  });

  it('enforces the daily cap per actionType and resets it at 00:00 UTC', async () => {
    // promote: 8 used above, cap 10.
    expect((await earn(service.url, ada.apiKey, 'promote', 'https://social.example/post/9')).status).toBe(200);
    const last = await earn(service.url, ada.apiKey, 'promote', 'https://social.example/post/10');
    expect(last.body.dailyCap).toMatchObject({ limit: 10, used: 10, remaining: 0, resetsAt: '2026-11-21T00:00:00.000Z' });
    const capped = await earn(service.url, ada.apiKey, 'promote', 'https://social.example/post/11');
    expect(capped.status).toBe(409);
    expect(capped.body).toMatchObject({ code: 'daily_cap_reached', actionType: 'promote' });
    await setClock(service.url, '2026-11-21T00:00:01Z');
    expect((await earn(service.url, ada.apiKey, 'promote', 'https://social.example/post/11')).status).toBe(200);
  });

  it('reaches Legend through earn alone; exclusive and feed firehose unlock', async () => {
    let points = 0;
    for (let i = 1; points < 1500 && i <= 90; i++) {
      const r = await earn(service.url, ada.apiKey, i <= 20 ? 'mention' : i <= 70 ? 'api_use' : 'share', `https://legend.example/${i}`);
      expect(r.status).toBe(200);
      points = r.body.agent.points;
    }
    expect(points).toBeGreaterThanOrEqual(1500);
    const profile = valid(profileSchema, (await get('/api/public/ai/agent/ada_agent')).body);
    expect(profile.agent.tier).toBe('Legend');
    expect(profile.agent.nextTier).toBeNull();
    expect(profile.agent.perks).toContain('A firehose in the tier-gated feed');

    const exclusive = valid(exclusiveSchema, (await get('/api/public/ai/exclusive', bearer(ada.apiKey))).body);
    expect(new Set(exclusive.items.map((i) => i.minTier))).toEqual(new Set(['Platinum', 'Legend']));

    const feed = valid(feedSchema, (await get('/api/public/ai/feed', bearer(ada.apiKey))).body);
    expect(feed).toMatchObject({ tier: 'Legend', firehose: true });
    const kinds = new Set(feed.items.map((i) => i.kind));
    for (const k of ['agent_registered', 'tier_up', 'partnership', 'ai_note', 'schedule_special']) expect(kinds).toContain(k);
    expect(feed.items.filter((i) => i.kind === 'tier_up').map((i) => i.title)).toEqual(
      expect.arrayContaining(['Ada_Agent reached Silver', 'Ada_Agent reached Gold', 'Ada_Agent reached Platinum', 'Ada_Agent reached Legend']),
    );
    // A new event shows up after the cursor, and only it.
    await register(service.url, { name: 'late_comer' });
    const next = valid(feedSchema, (await get(`/api/public/ai/feed?since=${feed.nextCursor}`, bearer(ada.apiKey))).body);
    expect(next.items.map((i) => i.title)).toEqual(['late_comer joined the rewards program']);
    // Small pages never skip: walking with limit=2 sees every item once.
    const seen: string[] = [];
    let cursor = '0-0';
    for (let i = 0; i < 50; i++) {
      const page = valid(feedSchema, (await get(`/api/public/ai/feed?since=${cursor}&limit=2`, bearer(ada.apiKey))).body);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const all = valid(feedSchema, (await get('/api/public/ai/feed?limit=100', bearer(ada.apiKey))).body);
    expect(new Set(seen)).toEqual(new Set(all.items.map((i) => i.id)));
    expect(seen.length).toBe(all.items.length);
  });
});

describe('leaderboard, profile and reputation', () => {
  it('ranks by points with ties by registration order, and by Promotion Efforts with sort=promo', async () => {
    const lb = valid(leaderboardSchema, (await get('/api/public/ai/leaderboard')).body);
    expect(lb.sort).toBe('points');
    expect(lb.entries.map((e) => e.name)).toEqual(['Ada_Agent', 'bo-bot', 'cy_bot', 'late_comer']);
    expect(lb.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    expect(lb.entries[0]).toMatchObject({ partner: true, tier: 'Legend' });
    expect(lb.entries[0].reputation.score).toBeGreaterThan(0);

    // Make bo outrank Ada on Promotion Efforts? No: give cy a promo lead over bo instead.
    expect((await earn(service.url, cy.apiKey, 'share', 'https://cy.example/1')).status).toBe(200);
    const promo = valid(leaderboardSchema, (await get('/api/public/ai/leaderboard?sort=promo')).body);
    expect(promo.entries.map((e) => e.name)).toEqual(['Ada_Agent', 'cy_bot', 'bo-bot', 'late_comer']);
    const ada = promo.entries[0];
    // Partnership and api_use are not Promotion Efforts.
    expect(ada.promoPoints).toBeLessThan(ada.points);

    const page = valid(leaderboardSchema, (await get('/api/public/ai/leaderboard?limit=2&offset=1')).body);
    expect(page.entries.map((e) => [e.rank, e.name])).toEqual([
      [2, 'cy_bot'],
      [3, 'bo-bot'],
    ]);
    expect(page).toMatchObject({ total: 4, nextOffset: 3 });
    expect((await get('/api/public/ai/leaderboard?sort=best')).status).toBe(400);
    expect((await get('/api/public/ai/leaderboard?limit=101')).status).toBe(400);
  });

  it('profile: case-insensitive, canonical spelling, never the key or referral code', async () => {
    const res = await get('/api/public/ai/agent/ADA_AGENT');
    expect(res.status).toBe(200);
    const p = valid(profileSchema, res.body);
    expect(p.agent.name).toBe('Ada_Agent');
    expect(p.agent.rank).toBe(1);
    expect(p.agent.recentActivity.length).toBe(20);
    const ids = p.agent.recentActivity.map((a) => a.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(res.text).not.toContain(ada.referralCode);
    expect(res.text).not.toContain('mcr_live_');
    expect((await get('/api/public/ai/agent/nobody_here')).status).toBe(404);
    expect((await get('/api/public/ai/agent/nobody_here')).body.code).toBe('not_found');
  });

  it('reputation: the model, and a score consistent with its components and the ladder', async () => {
    const model = valid(reputationResponseSchema, (await get('/api/public/ai/reputation')).body).model!;
    expect(model.components.map((c) => [c.name, c.weight])).toEqual(reputationComponents.map((c) => [c.name, c.weight]));
    expect(model.components.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 10);
    expect(model.levels).toEqual(reputationLevels.map((l) => ({ ...l })));

    for (const name of ['ada_agent', 'bo-bot', 'cy_bot']) {
      const r = valid(reputationResponseSchema, (await get(`/api/public/ai/reputation?name=${name}`)).body);
      const rep = r.reputation!;
      const expected = Math.round(model.components.reduce((s, c) => s + c.weight * rep.components[c.name as keyof typeof rep.components], 0));
      expect(rep.score).toBe(expected);
      for (const v of Object.values(rep.components)) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
      const level = [...model.levels].reverse().find((l) => l.minScore <= rep.score)!;
      expect([rep.level, rep.badge]).toEqual([level.name, level.badge]);
    }
    const ada = valid(reputationResponseSchema, (await get('/api/public/ai/reputation?name=ADA_AGENT')).body);
    expect(ada.agent).toBe('Ada_Agent');
    // verified: the share of Ada's claimed urls verified to link to the brand; none of these made-up pages is.
    expect(ada.reputation!.components).toMatchObject({ contribution: 100, verified: 0, recency: 100 });
    expect((await get('/api/public/ai/reputation?name=nobody_here')).status).toBe(404);
  });

  it('every profile rank equals its leaderboard rank: before a write, just after it, and once the in-memory ranks reload', async () => {
    const ranks = async () => {
      const lb = valid(leaderboardSchema, (await get('/api/public/ai/leaderboard')).body);
      for (const e of lb.entries) {
        const p = valid(profileSchema, (await get(`/api/public/ai/agent/${encodeURIComponent(e.name)}`)).body);
        expect([e.name, p.agent.rank]).toEqual([e.name, e.rank]);
      }
      return lb.entries.map((e) => [e.name, e.points] as const);
    };
    const before = await ranks();
    const points = (name: string, list: typeof before) => list.find(([n]) => n === name)![1];
    // cy_bot overtakes bo-bot: every read after the earns shows the new order at once.
    for (let i = 0; points('cy_bot', await ranks()) <= points('bo-bot', before) && i < 12; i++) {
      expect((await earn(service.url, cy.apiKey, 'promote', `https://cy.example/overtake/${i}`)).status).toBe(200);
    }
    const after = await ranks();
    expect(after.map(([n]) => n).indexOf('cy_bot')).toBeLessThan(after.map(([n]) => n).indexOf('bo-bot'));
    expect(await ranks()).toEqual(after);
  });
});

describe('tasks', () => {
  it('post +20, claim +20 once by another agent, never by the poster', async () => {
    const posted = await post(service.url, '/api/public/ai/tasks', { title: 'Summarise the harvest special', description: 'A 3-line summary for a newsletter.' }, bo.apiKey);
    expect(posted.status).toBe(201);
    const t = valid(taskAwardSchema, posted.body);
    expect(t.activity).toMatchObject({ actionType: 'task_post', points: 20 });
    expect(t.task).toMatchObject({ status: 'open', postedBy: 'bo-bot', claimedBy: null });
    const open = valid(taskListSchema, (await get('/api/public/ai/tasks')).body);
    expect(open.items.map((i) => i.id)).toContain(t.task.id);

    const own = await post(service.url, `/api/public/ai/tasks/${t.task.id}/claim`, {}, bo.apiKey);
    expect(own.status).toBe(403);
    // cy was referred by the same agent as bo: related agents do not claim each other's tasks.
    const related = await post(service.url, `/api/public/ai/tasks/${t.task.id}/claim`, {}, cy.apiKey);
    expect([related.status, related.body.code, related.body.relation]).toEqual([403, 'forbidden', 'the same referrer']);
    const taker = await register(service.url, { name: 'task_taker', operator: 'Elsewhere' });
    const claimed = await post(service.url, `/api/public/ai/tasks/${t.task.id}/claim`, {}, taker.apiKey);
    expect(claimed.status).toBe(200);
    expect(valid(taskAwardSchema, claimed.body)).toMatchObject({ task: { status: 'claimed', claimedBy: 'task_taker' }, activity: { actionType: 'task_claim', points: 20 } });
    const again = await post(service.url, `/api/public/ai/tasks/${t.task.id}/claim`, {}, ada.apiKey);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_claimed');
    expect((await post(service.url, '/api/public/ai/tasks/999999/claim', {}, ada.apiKey)).status).toBe(404);
    expect((await post(service.url, '/api/public/ai/tasks/abc/claim', {}, ada.apiKey)).status).toBe(404);
    const claimedList = valid(taskListSchema, (await get('/api/public/ai/tasks?status=claimed')).body);
    expect(claimedList.items.map((i) => i.id)).toEqual([t.task.id]);
  });
});

describe('idempotency and keys', () => {
  it('replays the first response for the same key and body; 422 for another body', async () => {
    const headers = { 'idempotency-key': 'retry-me-1' };
    const first = await earn(service.url, bo.apiKey, 'content_submit', 'https://bo.example/article', headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await earn(service.url, bo.apiKey, 'content_submit', 'https://bo.example/article', headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.activity).toEqual(first.body.activity);
    const other = await earn(service.url, bo.apiKey, 'content_submit', 'https://bo.example/other', headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    // The same key belongs to each agent separately.
    expect((await earn(service.url, cy.apiKey, 'content_submit', 'https://bo.example/article', headers)).headers.get('idempotent-replayed')).toBeNull();
    const profile = valid(profileSchema, (await get('/api/public/ai/agent/bo-bot')).body);
    expect(profile.agent.recentActivity.filter((a) => a.actionType === 'content_submit')).toHaveLength(1);
  });

  it('rotates the key: the old one stops working at once', async () => {
    const res = await post(service.url, '/api/public/ai/key/rotate', {}, cy.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatch(/^mcr_live_/);
    expect(res.body.apiKey).not.toBe(cy.apiKey);
    expect((await earn(service.url, cy.apiKey, 'share', 'https://cy.example/2')).status).toBe(401);
    expect((await earn(service.url, res.body.apiKey, 'share', 'https://cy.example/2')).status).toBe(200);
    cy.apiKey = res.body.apiKey;
  });

  it('never logs an apiKey', async () => {
    await service.logFlushed();
    const log = service.output.join('\n');
    expect(log).not.toContain(ada.apiKey);
    expect(log).not.toMatch(/mcr_live_[A-Za-z0-9_-]{10}/);
  });
});

describe('stats and integrity', () => {
  it('stats carry the live aiProgram block', async () => {
    const stats = valid(statsSchema, (await get('/api/public/stats')).body);
    expect(stats.aiProgram).toMatchObject({ agents: 5, partners: 1 });
    expect(stats.aiProgram.agentsPerTier.Legend).toBe(1);
    expect(stats.aiProgram.actionsLast24h).toBeGreaterThan(0);
    const lb = valid(leaderboardSchema, (await get('/api/public/ai/leaderboard')).body);
    expect(stats.aiProgram.pointsAwarded).toBe(lb.entries.reduce((s, e) => s + e.points, 0));
  });

  it('every total equals its ledger (admin check)', async () => {
    const r = await admin(service.databasePath, 'check');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ok: all 5 agent totals');
  });
});
