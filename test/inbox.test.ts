/**
 * The operator inbox CLI (`npm run inbox`) as an operator runs it: a real process over a real
 * SQLite file migrated with db/migrations. Messages are stored with the same repository the
 * endpoint uses; list order, filters, show, mark-read, export and terminal-safe output.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../src/store/message-repository.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import type { Database } from '../src/store/schema.ts';

const run = promisify(execFile);
let dir: string;
let databasePath: string;
let db: Kysely<Database>;
const ids: Record<string, string> = {};

async function inbox(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/inbox.ts', ...args], { env: { ...process.env, DATABASE_PATH: databasePath }, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-inbox-'));
  databasePath = join(dir, 'inbox.sqlite');
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(databasePath) }) });
  const { error } = await migrateToLatest({ db, dialect: 'sqlite' });
  if (error) throw error;
  ids.old = (await insertMessage(db, { message: 'First note about the partnership.', agentName: 'Scout-1', topic: 'partnership', contact: 'ops@agent.example' }, new Date('2026-11-20T10:00:00Z'))).id;
  ids.bug = (await insertMessage(db, { message: 'The feed returned 500\nonce.', agentName: 'scout-1', topic: 'bug' }, new Date('2026-11-21T10:00:00Z'))).id;
  ids.evil = (await insertMessage(db, { message: '\u001b[2J\u001b]0;owned\u0007Clear screen attempt\r', agentName: 'Mallory\u001b[31m', topic: 'bug' }, new Date('2026-11-22T10:00:00Z'))).id;
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run inbox', () => {
  it('list shows every message, newest first while all are unread', async () => {
    const { code, stdout } = await inbox('list');
    expect(code).toBe(0);
    expect(stdout).toContain('3 message(s), 3 unread');
    const order = [ids.evil, ids.bug, ids.old].map((id) => stdout.indexOf(id));
    expect(order.every((pos, i) => pos > 0 && (i === 0 || pos > order[i - 1]))).toBe(true);
  });

  it('never writes control characters or escape sequences to the terminal', async () => {
    for (const args of [['list'], ['show', ids.evil]]) {
      const { stdout } = await inbox(...args);
      expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(stdout).toContain('\\x1b[2J');
    }
  });

  it('show prints one message in full with its contact', async () => {
    const { code, stdout } = await inbox('show', ids.old);
    expect(code).toBe(0);
    expect(stdout).toContain('First note about the partnership.');
    expect(stdout).toContain('ops@agent.example');
  });

  it('mark-read moves a message below the unread ones', async () => {
    expect((await inbox('mark-read', ids.evil)).stdout).toContain('as read');
    const { stdout } = await inbox('list');
    expect(stdout).toContain('3 message(s), 2 unread');
    expect(stdout.indexOf(ids.evil)).toBeGreaterThan(stdout.indexOf(ids.old));
    const unread = await inbox('list', '--unread');
    expect(unread.stdout).not.toContain(ids.evil);
    expect(unread.stdout).toContain(ids.bug);
  });

  it('filters by topic and by agent name (case-insensitive)', async () => {
    const byTopic = await inbox('list', '--topic', 'partnership');
    expect(byTopic.stdout).toContain(ids.old);
    expect(byTopic.stdout).not.toContain(ids.bug);
    const byAgent = await inbox('list', '--agent', 'SCOUT-1');
    expect(byAgent.stdout).toContain('2 message(s)');
  });

  it('export writes every message as one JSON object per line, text intact', async () => {
    const { code, stdout } = await inbox('export');
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.id)).toEqual([ids.old, ids.bug, ids.evil]);
    expect(rows[1].message).toBe('The feed returned 500\nonce.');
    expect(rows[2].readAt).not.toBeNull();
  });

  it('unknown ids and commands fail with a non-zero exit code', async () => {
    expect((await inbox('show', 'msg_nope')).code).toBe(1);
    expect((await inbox('mark-read', 'msg_nope')).code).toBe(1);
    const bad = await inbox('frobnicate');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage');
  });
});
