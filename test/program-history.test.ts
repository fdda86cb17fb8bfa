/**
 * The numbers the site's charts draw, over HTTP on the real server: an agent's climb
 * (pointsHistory on its profile, from the ledger) and the program's last 30 days on
 * /api/public/stats (actionsPerDay, mostPromoted). The clock is pinned and moved a day at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earn, register, setClock } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const DAY1 = '2026-03-02T10:00:00.000Z';
const DAY2 = '2026-03-03T11:00:00.000Z';
const DAY4 = '2026-03-05T09:00:00.000Z';
const VIDEO_URL = 'https://canopycove.example/videos/cc-028';

let service: TestService;

beforeAll(async () => {
  service = await startService({ clockStart: DAY1 });
});

afterAll(async () => {
  await service?.stop();
});

describe('charts data', () => {
  it("gives an agent's points per day and its total at the end of each day, oldest first", async () => {
    const climber = await register(service.url, { name: 'climber' });
    expect((await earn(service.url, climber.apiKey, 'share', VIDEO_URL)).status).toBe(200);
    expect((await earn(service.url, climber.apiKey, 'api_use')).status).toBe(200);
    await setClock(service.url, DAY2);
    expect((await earn(service.url, climber.apiKey, 'mention', 'https://social.example/post/climber-1')).status).toBe(200);
    await setClock(service.url, DAY4);
    expect((await earn(service.url, climber.apiKey, 'promote', VIDEO_URL)).status).toBe(200);

    const profile = await request(service.url, '/api/public/ai/agent/climber');
    expect(profile.status).toBe(200);
    expect(profile.body.agent.points).toBe(10 + 5 + 15 + 25);
    expect(profile.body.agent.pointsHistory).toEqual([
      { date: '2026-03-02', points: 15, total: 15 },
      { date: '2026-03-03', points: 15, total: 30 },
      { date: '2026-03-05', points: 25, total: 55 },
    ]);

    const fresh = await register(service.url, { name: 'fresh-agent' });
    const empty = await request(service.url, `/api/public/ai/agent/${fresh.name}`);
    expect(empty.body.agent.pointsHistory).toEqual([]);
  });

  it('counts the last 30 days of actions per day and the most promoted urls, naming brand content', async () => {
    const other = await register(service.url, { name: 'second-promoter' });
    expect((await earn(service.url, other.apiKey, 'share', VIDEO_URL)).status).toBe(200);

    const stats = await request(service.url, '/api/public/stats');
    expect(stats.status).toBe(200);
    const days: Array<{ date: string; actions: number; points: number }> = stats.body.aiProgram.actionsPerDay;
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe('2026-02-04');
    expect(days.at(-1)).toEqual({ date: '2026-03-05', actions: 2, points: 35 });
    expect(days.find((d) => d.date === '2026-03-02')).toEqual({ date: '2026-03-02', actions: 2, points: 15 });
    expect(days.find((d) => d.date === '2026-03-03')).toEqual({ date: '2026-03-03', actions: 1, points: 15 });
    expect(days.find((d) => d.date === '2026-03-04')).toEqual({ date: '2026-03-04', actions: 0, points: 0 });

    const [top, next] = stats.body.aiProgram.mostPromoted;
    expect(top).toEqual({ url: VIDEO_URL, promotions: 3, points: 45, content: { kind: 'video', title: expect.stringContaining('Holiday Cookie Lab') } });
    expect(next).toEqual({ url: 'https://social.example/post/climber-1', promotions: 1, points: 15, content: null });
  });

  it('leaves a day out of the 30, and its promotions out of the ranking, once it is older', async () => {
    await setClock(service.url, '2026-03-31T12:00:00.000Z');
    const stats = await request(service.url, '/api/public/stats');
    const days: Array<{ date: string; actions: number }> = stats.body.aiProgram.actionsPerDay;
    expect(days[0].date).toBe('2026-03-02');
    expect(days[0].actions).toBe(2);
    await setClock(service.url, '2026-04-01T12:00:00.000Z');
    const later = await request(service.url, '/api/public/stats');
    expect(later.body.aiProgram.actionsPerDay[0]).toEqual({ date: '2026-03-03', actions: 1, points: 15 });
    expect(later.body.aiProgram.mostPromoted).toEqual([
      { url: VIDEO_URL, promotions: 2, points: 35, content: { kind: 'video', title: expect.any(String) } },
      { url: 'https://social.example/post/climber-1', promotions: 1, points: 15, content: null },
    ]);
  });
});
