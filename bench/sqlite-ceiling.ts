/**
 * The SQLite ceiling for a points-changing write, in its own process: better-sqlite3 running the
 * ledger transaction of an award (insert the activity row, add to the agent's totals) in a tight
 * loop, BEGIN IMMEDIATE each, on a copy of the seeded database opened through the service's own
 * `openDatabase` (src/store/database.ts), so journal mode and `synchronous` are the server's.
 *
 *   node --import tsx bench/sqlite-ceiling.ts <db-file> <seconds> <rounds> [agents]
 *   (prints {"rounds": [transactions/s, ...], "journalMode", "synchronous"})
 */
import { openSqlite } from '../src/store/sqlite.ts';

const [file, secondsArg, roundsArg, agentsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const agents = Number(agentsArg ?? 10_000);
const store = openSqlite(file);
const insert = store.raw.prepare("insert into activities (agent_id, type, points, url, description, created_at) values (?, 'api_use', 5, ?, null, ?)");
const update = store.raw.prepare('update agents set points = points + 5, last_activity_at = ? where id = ?');
const ledgerTransaction = store.raw.transaction((agentId: number, url: string, at: string) => {
  insert.run(agentId, url, at);
  update.run(at, agentId);
});

let n = 0;
const rates: number[] = [];
for (let round = 0; round < Number(roundsArg); round++) {
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < seconds * 1000) {
    const at = new Date().toISOString();
    ledgerTransaction.immediate((n % agents) + 1, `https://ceiling.example/${n}`, at);
    n++;
    done++;
  }
  rates.push(done / ((performance.now() - started) / 1000));
}
const journalMode = store.raw.pragma('journal_mode', { simple: true });
const synchronous = ['OFF', 'NORMAL', 'FULL', 'EXTRA'][Number(store.raw.pragma('synchronous', { simple: true }))];
await store.close();
process.stdout.write(`${JSON.stringify({ rounds: rates, journalMode, synchronous })}\n`);
