/**
 * `npm run db:backup`: an online backup of the SQLite file taken while the server serves and
 * writes, checked by the script and, here, against what the server acknowledged before it began.
 * SQLite only (on PostgreSQL the script points to pg_dump, also tested).
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './support/backend.ts';
import { admin, earn, register } from './support/rewards.ts';
import { startService, type TestService } from './support/service.ts';

const run = promisify(execFile);
let service: TestService;

beforeAll(async () => {
  if (backend === 'sqlite') service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
});
afterAll(async () => {
  await service?.stop();
});

describe.runIf(backend === 'sqlite')('npm run db:backup', () => {
  it('writes one consistent file while the server is writing, which opens read-only and holds the data', async () => {
    const agents = [];
    for (let i = 0; i < 5; i++) agents.push(await register(service.url, { name: `Backup_${i}` }));
    for (const [i, a] of agents.entries()) expect((await earn(service.url, a.apiKey, 'share', `https://blog.example.org/backup/${i}`)).status).toBe(200);
    const target = join(service.dataDir, 'copy.sqlite');
    // Writes go on during the backup.
    let writing = true;
    const load = (async () => {
      let n = 0;
      while (writing) await earn(service.url, agents[n % 5].apiKey, 'api_use', undefined, {}).then(() => n++);
    })();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', '--to', target], { env: { ...process.env, ...service.storeEnv }, timeout: 60_000 });
    writing = false;
    await load;
    expect(stdout).toContain(`backup written: ${target}`);
    expect(stdout).toContain('integrity ok, every total equals its ledger');
    // One file: no -wal, -shm or -journal beside it, before or after it is opened.
    const beside = () => readdirSync(dirname(target)).filter((name) => name.startsWith(basename(target)));
    expect(beside()).toEqual([basename(target)]);
    const copy = new BetterSqlite3(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect((copy.prepare('select count(*) as n from agents').get() as { n: number }).n).toBe(5);
      expect((copy.prepare("select count(*) as n from activities where type = 'share'").get() as { n: number }).n).toBe(5);
    } finally {
      copy.close();
    }
    expect(beside()).toEqual([basename(target)]);
    expect((await admin(target, 'check')).stdout).toContain('ok: all 5 agent totals equal their ledger sums');
  });

  it('refuses to overwrite a file, and points PostgreSQL users to pg_dump', async () => {
    const target = join(service.dataDir, 'copy.sqlite');
    const again = await run(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', '--to', target], { env: { ...process.env, ...service.storeEnv } }).catch(
      (e) => e as { code: number; stderr: string },
    );
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toContain('exists already');
    const pgUser = await run(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts'], { env: { ...process.env, DATABASE_URL: 'postgres://someone@127.0.0.1:5432/canopy' } }).catch(
      (e) => e as { code: number; stderr: string },
    );
    expect(pgUser).toMatchObject({ code: 1 });
    expect((pgUser as { stderr: string }).stderr).toContain('pg_dump');
  });
});
