/**
 * Seeds a benchmark database (default bench/out/bench.sqlite: 10,000 agents, 200,000 ledger
 * rows) and writes the agents' names and plaintext apiKeys to a JSON file for the load
 * generator. The database is deleted and recreated.
 *
 *   tsx scripts/seed-bench-db.ts [--db FILE] [--agents N] [--rows N] [--seed N] [--keys FILE]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedBenchDatabase } from './lib/seed-bench-db.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'bench/out/bench.sqlite' },
    agents: { type: 'string', default: '10000' },
    rows: { type: 'string', default: '200000' },
    seed: { type: 'string', default: '20261122' },
    keys: { type: 'string', default: 'bench/out/agents.json' },
  },
});

const started = performance.now();
mkdirSync(dirname(resolve(values.db)), { recursive: true });
const result = await seedBenchDatabase({ databasePath: resolve(values.db), agents: Number(values.agents), ledgerRows: Number(values.rows), seed: Number(values.seed), now: new Date() });
writeFileSync(resolve(values.keys), JSON.stringify(result.credentials));
console.log(`seeded ${values.db}: ${result.agents} agents, ${result.ledgerRows} ledger rows in ${Math.round(performance.now() - started)} ms; keys in ${values.keys}`);
