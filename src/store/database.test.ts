/**
 * Group commit (`writeTransaction`) on a real SQLite file: writes that arrive together share
 * one transaction, a write that throws changes nothing while its neighbours commit, and every
 * caller settles only after the COMMIT that holds its write. Read snapshots (`readSnapshot`)
 * wait for an open group, so they never see its uncommitted rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSnapshot, writeStats, writeTransaction, type Db } from './database.ts';
import { openSqlite, type OpenSqlite } from './sqlite.ts';
import { migrateOrThrow } from './migrate.ts';

let dir: string;
let store: OpenSqlite;

async function addAgent(trx: Db, name: string): Promise<number> {
  const row = await trx
    .insertInto('agents')
    .values({ name, name_lower: name.toLowerCase(), api_key_hash: `hash-${name}`, referral_code: `code-${name}`, created_at: '2026-11-22T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What another connection (another process) sees: only committed rows. */
function committedNames(): string[] {
  const other = new BetterSqlite3(join(dir, 'db.sqlite'), { readonly: true });
  try {
    return (other.prepare('select name from agents order by name').all() as Array<{ name: string }>).map((r) => r.name);
  } finally {
    other.close();
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-db-'));
  store = openSqlite(join(dir, 'db.sqlite'));
  await migrateOrThrow(store);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('writeTransaction (group commit)', () => {
  it('commits writes that arrive together in one transaction, each visible to the next', async () => {
    const before = writeStats(store.db);
    const seen: number[] = [];
    const names = Array.from({ length: 10 }, (_, i) => `agent-${i}`);
    const ids = await Promise.all(
      names.map((name) =>
        writeTransaction(store.db, async (trx) => {
          // Each write sees the ones queued before it in the same group.
          seen.push(
            Number(
              (
                await trx
                  .selectFrom('agents')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          );
          return addAgent(trx, name);
        }),
      ),
    );
    expect(new Set(ids).size).toBe(10);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const after = writeStats(store.db);
    expect(after.writes - before.writes).toBe(10);
    expect(after.transactions - before.transactions).toBe(1);
    expect(committedNames()).toEqual(names);
  });

  it('rolls back only the write that threw; the rest of its group commits', async () => {
    const results = await Promise.allSettled([
      writeTransaction(store.db, (trx) => addAgent(trx, 'first')),
      writeTransaction(store.db, async (trx) => {
        await addAgent(trx, 'doomed');
        throw new Error('refused after writing');
      }),
      writeTransaction(store.db, (trx) => addAgent(trx, 'third')),
      // A constraint failure inside SQLite: the same name again.
      writeTransaction(store.db, (trx) => addAgent(trx, 'first')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toHaveProperty('message', 'refused after writing');
    expect(String((results[3] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committedNames()).toEqual(['first', 'third']);
  });

  it('settles a write only after its commit is visible to other connections', async () => {
    await writeTransaction(store.db, (trx) => addAgent(trx, 'durable'));
    expect(committedNames()).toEqual(['durable']);
  });

  it('splits a large burst into bounded groups and loses none of it', async () => {
    const before = writeStats(store.db);
    await Promise.all(Array.from({ length: 150 }, (_, i) => writeTransaction(store.db, (trx) => addAgent(trx, `burst-${String(i).padStart(3, '0')}`))));
    const after = writeStats(store.db);
    expect(after.writes - before.writes).toBe(150);
    expect(after.transactions - before.transactions).toBe(3);
    expect(committedNames()).toHaveLength(150);
  });

  it('fails every write of a group whose COMMIT fails, and keeps none of them', async () => {
    // Another connection holds the write lock past the busy timeout: BEGIN IMMEDIATE fails.
    store.raw.pragma('busy_timeout = 50');
    const other = new BetterSqlite3(join(dir, 'db.sqlite'));
    other.exec('begin immediate');
    try {
      const results = await Promise.allSettled([writeTransaction(store.db, (trx) => addAgent(trx, 'a')), writeTransaction(store.db, (trx) => addAgent(trx, 'b'))]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(committedNames()).toEqual([]);
    await writeTransaction(store.db, (trx) => addAgent(trx, 'after'));
    expect(committedNames()).toEqual(['after']);
  });
});

describe('readSnapshot', () => {
  const names = () => store.raw.prepare<[], string>('select name from agents order by name').pluck().all();
  const namesRead = async () => names();

  /** A write group that has inserted `name` and then waits, its transaction open, until released. */
  async function openGroup(name: string, outcome: 'commit' | 'throw') {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const write = writeTransaction(store.db, async (trx) => {
      await addAgent(trx, name);
      inserted();
      await gate;
      if (outcome === 'throw') throw new Error('rolled back after waiting');
    });
    await insertedNow;
    // The hazard readSnapshot exists for: the raw handle, read directly, shows the uncommitted row.
    expect(store.raw.inTransaction).toBe(true);
    expect(names()).toContain(name);
    return { write, release };
  }

  it('waits for an open write group and reads after its commit', async () => {
    const { write, release } = await openGroup('pending', 'commit');
    let read: string[] | undefined;
    const reading = readSnapshot(store.db, namesRead).then((rows) => (read = rows));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(read).toBeUndefined();
    release();
    await write;
    await reading;
    expect(read).toEqual(['pending']);
    expect(committedNames()).toEqual(['pending']);
  });

  it('never sees the rows of a write that rolls back while the read waits', async () => {
    await writeTransaction(store.db, (trx) => addAgent(trx, 'kept'));
    const { write, release } = await openGroup('doomed', 'throw');
    const reading = readSnapshot(store.db, namesRead);
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await expect(write).rejects.toThrow('rolled back after waiting');
    expect(await reading).toEqual(['kept']);
  });

  it('runs its reads in one transaction and ends it, also when they throw', async () => {
    expect(await readSnapshot(store.db, async () => store.raw.inTransaction)).toBe(true);
    expect(store.raw.inTransaction).toBe(false);
    await expect(
      readSnapshot(store.db, async () => {
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    expect(store.raw.inTransaction).toBe(false);
    // The connection is free again: a write still commits.
    await writeTransaction(store.db, (trx) => addAgent(trx, 'after'));
    expect(committedNames()).toEqual(['after']);
  });
});
