/**
 * A rolling deploy: a newer instance's migration adds columns while an older instance keeps
 * serving. The older one's hot statements are prepared once per connection on PostgreSQL
 * (src/store/postgres.ts), and PostgreSQL refuses to reuse a plan whose result type changed; the
 * statements name their columns, so earns, profiles and the ledger carry on unchanged.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/backend.ts';
import { admin, earn, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
});

afterAll(() => service?.stop());

describe('a migration that adds columns while the server runs', () => {
  it('leaves earns, profiles and key lookups working, with every total equal to its ledger', async () => {
    const agent = await register(service.url, { name: `schema-${Date.now()}` });
    // Warm every connection's prepared statements with a few concurrent earns.
    const warm = await Promise.all(Array.from({ length: 8 }, (_, i) => earn(service.url, agent.apiKey, 'api_use', `https://example.com/schema/warm-${i}`)));
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));

    const db = openTestDatabase(service.storeEnv);
    try {
      await sql`alter table agents add column newer_instance_note text`.execute(db);
      await sql`alter table activities add column newer_instance_flag integer`.execute(db);
    } finally {
      await db.destroy();
    }

    const after = await Promise.all(Array.from({ length: 8 }, (_, i) => earn(service.url, agent.apiKey, 'mention', `https://example.com/schema/after-${i}`)));
    expect(after.map((r) => r.status)).toEqual(Array(8).fill(200));
    const profile = await request(service.url, `/api/public/ai/agent/${agent.name}`);
    expect(profile.status).toBe(200);
    expect(profile.body.agent.points).toBe(8 * 5 + 8 * 15);
    expect(Object.keys(profile.body.agent)).not.toContain('newer_instance_note');
    expect((await admin(service.databasePath, 'check')).code).toBe(0);
  });
});
