/**
 * PostgreSQL ending every connection under load (what a failover, a restart or a pooler does):
 * twenty writers earn at once while the test terminates the service's backends twice, a second
 * apart. The process stays up, requests in flight get 503 service_unavailable with Retry-After
 * and never another 5xx, no acknowledged point is lost or counted twice, and the service answers
 * again by itself. Runs in the PostgreSQL half of the suite only.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './support/backend.ts';
import { admin, earn, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const WRITERS = 20;

describe.skipIf(backend !== 'postgres')('PostgreSQL ends the connections under load', () => {
  let service: TestService;
  let terminator: pg.Client;

  beforeAll(async () => {
    service = await startService();
    terminator = new pg.Client({ connectionString: service.storeEnv.DATABASE_URL });
    await terminator.connect();
  });
  afterAll(async () => {
    await terminator?.end();
    await service?.stop();
  });

  it('answers 503 with Retry-After, never another 5xx, keeps running and recovers by itself', async () => {
    const agents = await Promise.all(Array.from({ length: WRITERS }, (_, i) => register(service.url, { name: `pg-writer-${i}` })));
    const statuses: number[] = [];
    const acknowledged = new Map<string, number>();
    /** Per agent: 503s, each a write that may or may not have landed (a COMMIT cut off). */
    const unknown = new Map<string, number>();
    let retryAfter: string | null = null;
    let stop = false;
    const writers = agents.map(async (agent, w) => {
      for (let i = 0; !stop; i++) {
        const res = await earn(service.url, agent.apiKey, 'api_use', `https://social.example/pg-fault/${w}/${i}`).catch(() => undefined);
        // No answer at all (the process gone, a reset connection) is counted as status 0.
        if (!res) {
          statuses.push(0);
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        statuses.push(res.status);
        if (res.status === 200) acknowledged.set(agent.name, (acknowledged.get(agent.name) ?? 0) + res.body.activity.points);
        if (res.status === 503) {
          unknown.set(agent.name, (unknown.get(agent.name) ?? 0) + 1);
          retryAfter = res.headers.get('retry-after');
          expect(res.body.code).toBe('service_unavailable');
        }
      }
    });
    const others = `from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    const terminate = async () => (await terminator.query(`select pg_terminate_backend(pid) ${others}`)).rowCount ?? 0;
    /** Until the service holds two connections or more again (its pool and its LISTEN connection): however slow the machine, not a fixed wait. */
    const reconnected = async () => {
      for (let i = 0; i < 300 && Number((await terminator.query(`select count(*) as n ${others}`)).rows[0].n) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    };
    await new Promise((r) => setTimeout(r, 500));
    await reconnected();
    // The service's connections (its pool and its LISTEN connection) are ended, each time.
    expect(await terminate()).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 1000));
    await reconnected();
    expect(await terminate()).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(writers);

    expect(
      statuses.filter((s) => (s >= 500 && s !== 503) || s === 0),
      'a 5xx other than 503, or no answer',
    ).toEqual([]);
    expect(statuses.length).toBeGreaterThan(WRITERS * 3);
    if (statuses.includes(503)) expect(retryAfter).toMatch(/^\d+$/);
    expect(service.process.exitCode, `the server exited:\n${service.output.slice(-20).join('\n')}`).toBeNull();
    await service.logFlushed();
    expect(service.output.join('\n')).not.toContain("Unhandled 'error' event");
    // Background work (the claim verifier's checks) catches its own failures too.
    expect(service.output.join('\n')).not.toContain('"msg":"unhandled rejection"');

    // Recovered by itself: writes answer again, every acknowledged point is there, and no more than
    // the writes whose answer was lost could add.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      const res = await earn(service.url, agents[0].apiKey, 'api_use', `https://social.example/pg-fault/after/${i}`);
      status = res.status;
      if (status === 200) acknowledged.set(agents[0].name, (acknowledged.get(agents[0].name) ?? 0) + res.body.activity.points);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    for (const agent of agents) {
      const { points } = (await request(service.url, `/api/public/ai/agent/${agent.name}`)).body.agent;
      const acked = acknowledged.get(agent.name) ?? 0;
      expect(points, agent.name).toBeGreaterThanOrEqual(acked);
      expect(points, agent.name).toBeLessThanOrEqual(acked + 5 * (unknown.get(agent.name) ?? 0));
    }
    expect((await admin(service.databasePath, 'check')).code).toBe(0);
  }, 90_000);
});
