/**
 * The claim verifier's deadlines on a real SQLite file: a backlog of checks whose windows ended
 * together (more than one pass decides) is decided in passes that follow each other at once, not
 * one pass per tick, and each award is reversed exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defaultRewardsConfig } from '../domain/program-config.ts';
import { AwardStatements } from '../store/award-statements.ts';
import { writeTransaction } from '../store/database.ts';
import { migrateOrThrow } from '../store/migrate.ts';
import { openSqlite, type OpenSqlite } from '../store/sqlite.ts';
import { WebhookOutbox } from '../webhooks/outbox.ts';
import { checkDueAt, ClaimVerifier } from './claim-verifier.ts';
import { RewardsService } from './rewards-service.ts';

const HOUR = 3_600_000;
const claimedAt = new Date('2026-11-22T12:00:00.000Z');
let dir: string;
let store: OpenSqlite;
let verifier: ClaimVerifier | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-verifier-'));
  store = openSqlite(join(dir, 'db.sqlite'));
  await migrateOrThrow(store);
});
afterEach(async () => {
  verifier?.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('decides a backlog larger than one pass without waiting a tick per pass, reversing each award once', async () => {
  const rewards = await RewardsService.create({ store, config: defaultRewardsConfig, clock: { now: () => claimedAt } });
  await rewards.register({ name: 'Backlog' });
  const agentId = store.raw.prepare<[], number>("select id from agents where name_lower = 'backlog'").pluck().get()!;
  // 250 claimed urls, written straight to the ledger (the daily caps would stop the API first), all due at once.
  const ledger = new AwardStatements(store, new WebhookOutbox(store));
  const CLAIMS = 250;
  await writeTransaction(store.db, async (trx) => {
    for (let i = 0; i < CLAIMS; i++) {
      const url = `https://example.com/post-${i}`;
      const { activity } = await ledger.awardNew(trx, agentId, { type: 'share', points: 10, url, now: claimedAt });
      await ledger.addCheck(trx, {
        activityId: activity.id,
        agentId,
        kind: 'url',
        subjectAgentId: agentId,
        url,
        dueAt: checkDueAt('url', claimedAt, defaultRewardsConfig.verification),
        now: claimedAt,
      });
    }
  });
  const count = (sql: string) => store.raw.prepare<[], number>(sql).pluck().get()!;
  expect(count("select count(*) from claim_checks where state = 'pending'")).toBe(CLAIMS);
  expect(count(`select points from agents where id = ${agentId}`)).toBe(CLAIMS * 10);

  // Past the window, with a tick far longer than the test: only passes that follow each other decide them all.
  const pastWindow = new Date(claimedAt.getTime() + (defaultRewardsConfig.verification.claimWindowHours + 1) * HOUR);
  verifier = new ClaimVerifier({
    store,
    clock: { now: () => pastWindow },
    config: defaultRewardsConfig.verification,
    brandHosts: ['example.org'],
    fetching: false,
    allowedOrigins: [],
    userAgent: 'test',
    log: pino({ level: 'silent' }),
    tickMs: 24 * HOUR,
  });
  verifier.start();
  for (let polls = 0; polls < 3000 && count("select count(*) from claim_checks where state = 'pending'") > 0; polls++) await new Promise((r) => setTimeout(r, 20));

  expect(count("select count(*) from claim_checks where state = 'pending'")).toBe(0);
  expect(count("select count(*) from claim_checks where state = 'reversed'")).toBe(CLAIMS);
  expect(count("select count(*) from activities where type = 'reversal'")).toBe(CLAIMS);
  expect(count(`select points from agents where id = ${agentId}`)).toBe(0);
});
