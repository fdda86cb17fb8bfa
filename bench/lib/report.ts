/**
 * Renders a benchmark run as Markdown and writes it into BENCHMARKS.md between two markers, so a
 * new run replaces the measured section and leaves the hand-written analysis (causes, fixes,
 * before/after) around it untouched.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { RunReport } from './results.ts';
import { median } from './stats.ts';
import { issueTargets, renderTargets } from './targets.ts';

export const START = '<!-- bench:results:start (written by `npm run bench`; edit outside these markers) -->';
export const END = '<!-- bench:results:end -->';

const mb = (kb: number) => (Number.isFinite(kb) ? `${Math.round(kb / 1024)} MiB` : 'n/a');
export const num = (n: number, digits = 0) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
const ms = (n: number) => (typeof n === 'number' && Number.isFinite(n) ? `${n.toFixed(2)} ms` : 'n/a');
const pct = (n: number) => (typeof n === 'number' && Number.isFinite(n) ? `${Math.round(n * 100)}%` : 'n/a');

export function renderReport(run: RunReport): string {
  const lines: string[] = [];
  const { machine, settings } = run;
  const memory = /^Mem:\s+(\S+)/m.exec(machine.freeH)?.[1] ?? 'unknown';
  lines.push(`Measured ${machine.date} on ${machine.nproc} cores (${machine.cpuModel}), ${memory} of memory (\`free -h\`), ${machine.kernel}, Node ${machine.node}.`);
  lines.push('');
  lines.push(
    `Each path: ${settings.warmupSeconds} s warm-up, then ${settings.rounds} rounds of ${settings.roundSeconds} s at ${settings.connections} connections ` +
      '(autocannon in its own process, loopback, no pipelining); the table shows the median of the rounds. ' +
      'Server: `npm run serve` with the defaults a user runs: rate limits on (every request counted in every window; `RATE_LIMIT_SCALE=10000` only so that the one load-generator address is never refused) and `LOG_LEVEL=info`, its log written to a file. ' +
      'CPU columns are shares of one core while measured; "Other CPU" is everything else running on the machine at the time, the noise to read the numbers against. ' +
      'A read\'s ceiling is the bare node:http server answering the same bytes as the service does on that path (its body and header lines), measured in rounds alternating with the path\'s ("paired"), so its p99 is the tail this machine and load generator give any server on those bytes in the same minutes; the peers (Fastify 5 with its logger on, nginx with its access log on) and ours with one default switched off are in the same alternation, see "Peers and variants". The earn\'s ceiling is a trivial Astro POST endpoint through the same server, in the same alternation. ' +
      'Every read repeats its URLs, so the server answers from its response cache once it has computed a body (until a commit changes what it shows, or time alone would); ' +
      '"agent profile" walks all 10,000 seeded agents over and over (its warm-up is one pass over all of them, so its rounds are repeat views); stats and the leaderboard come after it, with those 10,000 profiles cached as on a live server.',
  );
  lines.push('');
  lines.push(`Load average when the run started: ${machine.loadAverage}; when it ended: ${run.loadAverageAtEnd ?? 'n/a'}.`);
  lines.push('');
  lines.push('### Targets (#34)');
  lines.push('');
  lines.push(...renderTargets(issueTargets(run)));
  lines.push('');

  lines.push('### Hot paths');
  lines.push('');
  lines.push('| Path | Requests/s | p50 | p99 | Ceiling | Ceiling p99 | % of ceiling | Server CPU | Load-gen CPU | Other CPU | Statuses | Target |');
  lines.push('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---|');
  for (const p of run.paths) {
    const statuses =
      Object.entries(p.statuses)
        .map(([code, n]) => `${code}×${n}`)
        .join(' ') + (p.errors ? ` errors×${p.errors}` : '');
    const target = p.target ? `${p.target.pass ? 'met' : '**missed**'}: ${p.target.text}` : '';
    lines.push(
      `| ${p.name} \`${p.method} ${p.path}\` | ${num(p.rps)} | ${ms(p.p50)} | ${ms(p.p99)} | ${p.ceiling ? `${p.ceiling.name} ${num(p.ceiling.rps)}/s${p.ceiling.ratio === undefined ? '' : ' (paired)'}` : ''} | ${p.ceiling?.p99 === undefined ? '' : ms(p.ceiling.p99)} | ${p.ceiling ? pct(p.ceiling.ratio ?? p.rps / p.ceiling.rps) : ''} | ${pct(p.serverCpu)} | ${pct(p.workerCpu)} | ${pct(p.otherCpu)} | ${statuses} | ${target} |`,
    );
  }
  lines.push('');
  for (const p of run.paths) if (p.note) lines.push(`${p.name}: ${p.note}`, '');
  lines.push('Every round of every path, and of its ceiling, is in `bench/out/results.json`.');
  lines.push('');
  const withPeers = run.paths.filter((p) => p.peers?.length);
  if (withPeers.length) {
    lines.push('### Peers and variants');
    lines.push('');
    lines.push(
      'Each in rounds alternating with ours (defaults on) on the same bytes; "ours / it" is the median of the per-round ratios of requests/s. CPU per request is the server\'s own (nginx: its worker), in µs of one core, the median over rounds.',
    );
    lines.push('');
    lines.push('| Path | Server | Requests/s | p99 | ours / it | CPU per request | Per round |');
    lines.push('|---|---|---:|---:|---:|---:|---|');
    for (const p of withPeers) {
      const ownCpu = median(p.rounds.map((r, i) => (p.roundCpu?.[i] ?? Number.NaN) / r.rps)) * 1e6;
      lines.push(`| ${p.name} | ours, defaults | ${num(p.rps)} | ${ms(p.p99)} | | ${num(ownCpu)} µs | ${p.rounds.map((r) => num(r.rps)).join(', ')} |`);
      for (const peer of p.peers ?? []) {
        if (peer.missing) lines.push(`| ${p.name} | ${peer.name} (${peer.note}) | not measured: ${peer.missing} | | | | |`);
        else
          lines.push(
            `| ${p.name} | ${peer.name} (${peer.note}) | ${num(peer.rps)} | ${ms(peer.p99)} | ${pct(peer.ratio)} | ${num(peer.cpuMicros)} µs | ${peer.rounds.map((r) => num(r)).join(', ')} |`,
          );
      }
    }
    lines.push('');
  }

  lines.push('### Ceilings');
  lines.push('');
  lines.push('| Ceiling | Rate | p50 | p99 | What it does |');
  lines.push('|---|---:|---:|---:|---|');
  for (const c of run.ceilings) lines.push(`| ${c.name} | ${num(c.rps)}/s | ${c.p50 === undefined ? '' : ms(c.p50)} | ${c.p99 === undefined ? '' : ms(c.p99)} | ${c.note} |`);
  lines.push('');

  lines.push('### Server process');
  lines.push('');
  lines.push('| Measure | Value |');
  lines.push('|---|---:|');
  lines.push(
    `| Start-up, spawn to first healthy \`/healthz\` (median of ${run.startup.samplesMs.length}: ${run.startup.samplesMs.map((s) => Math.round(s)).join(', ')} ms) | ${num(run.startup.medianMs)} ms |`,
  );
  lines.push(`| Resident memory idle after start (VmRSS) | ${mb(run.startup.idleRssKb)} |`);
  lines.push(`| Resident memory peak under load | ${mb(run.startup.peakRssKb)} |`);
  lines.push(`| Resident memory idle after the load | ${mb(run.startup.idleRssAfterLoadKb)} |`);
  if (run.demo) lines.push(`| Resident memory idle after start, demo catalog (median of ${run.demo.samplesKb.length}: ${run.demo.samplesKb.map(mb).join(', ')}) | ${mb(run.demo.idleRssKb)} |`);
  lines.push('');
  const bound = run.demo?.memoryBound;
  if (bound) {
    lines.push('### Memory under many client addresses (demo catalog)');
    lines.push('');
    lines.push(
      `\`bench/memory-bound.ts\`: ${num(bound.addresses)} client addresses (each request from its own loopback address, rate limits on at their published numbers, logging on), ` +
        `${num(bound.urls)} distinct on-demand URLs, in ${num(bound.seconds)} s; ${num(bound.failures)} answers other than 200. ` +
        `Resident memory idle ${num(bound.idleMiB)} MiB, peak ${num(bound.peakMiB)} MiB, at the end ${num(bound.lastMiB)} MiB; ` +
        `the bound (idle + ${num(bound.cacheMiB)} MiB of response cache + 160 MiB + 2 KiB per address, docs/limits-and-hardening.md) is ${num(bound.boundMiB)} MiB: ${bound.peakMiB <= bound.boundMiB ? 'within' : '**beyond**'}. ` +
        `By requests: ${bound.samples.map((x) => `${num(x.requests / 1000)}k ${num(x.rssMiB)}`).join(', ')} MiB.`,
    );
    lines.push('');
  }
  if (run.limiter) {
    lines.push('### Rate limiter: ours against rate-limiter-flexible (`bench/rate-limiter-cost.ts`)');
    lines.push('');
    lines.push('In-process, the same policies behind the same gate, only the counting differs.');
    lines.push('');
    const counts = [...new Set(run.limiter.costs.map((c) => c.identities))];
    lines.push(`| Counting | ${counts.map((n) => `µs per read, ${num(n)} identities`).join(' | ')} | Heap per identity, 100,000 seen |`);
    lines.push(`|---|${counts.map(() => '---:|').join('')}---:|`);
    for (const store of [...new Set(run.limiter.costs.map((c) => c.store))]) {
      const cells = counts.map((n) => run.limiter?.costs.find((c) => c.store === store && c.identities === n));
      const heap = run.limiter.bytesPerIdentity[store];
      lines.push(`| ${store} | ${cells.map((c) => (c ? num(c.microsPerRead, 1) : '')).join(' | ')} | ${heap === undefined ? '' : `${num(heap)} B`} |`);
    }
    lines.push('');
  }

  if (run.build) {
    const b = run.build;
    lines.push(`### Build of the generated catalog (${num(b.videos)} videos, ${num(b.clips)} clips)`);
    lines.push('');
    if (b.reused) lines.push(`Reused the build measured at ${b.measuredAt} (\`--no-build\`).`, '');
    lines.push('| Step | Wall time | Peak memory (largest process) |');
    lines.push('|---|---:|---:|');
    if (b.generateSeconds !== undefined) lines.push(`| generate content (\`scripts/generate-catalog.ts\`, not part of the build) | ${num(b.generateSeconds, 1)} s | |`);
    for (const s of b.steps) lines.push(`| \`${s.command}\` | ${num(s.seconds, 1)} s | ${mb(s.peakRssKb)} |`);
    lines.push(`| **\`npm run build\` total** | **${num(b.totalSeconds, 1)} s** | **${mb(b.peakRssKb)}** |`);
    lines.push('');
    lines.push(`Target: ${b.target.text}: ${b.target.pass ? 'met' : '**missed**'}.`);
    lines.push('');
  }

  if (run.concierge) {
    const c = run.concierge;
    lines.push('### Concierge, per question');
    lines.push('');
    lines.push(
      `Each of the ${num(c.questions)} questions of the evaluation set asked once over HTTP, one at a time, after an untimed pass: p50 ${ms(c.p50)}, **p99 ${ms(c.p99)}**, max ${ms(c.max)}` +
        `${c.failures ? `; **${num(c.failures)} not answered 200**` : ''}. Slowest: ${c.slowest.map((s) => `${JSON.stringify(s.question)} ${ms(s.ms)}`).join(', ')}.`,
    );
    lines.push('');
  }
  if (run.seed) {
    lines.push('### Database');
    lines.push('');
    lines.push(`Seeded ${num(run.seed.agents)} agents and ${num(run.seed.ledgerRows)} ledger rows in ${num(run.seed.seconds, 1)} s.${run.seed.note ? ` ${run.seed.note}` : ''}`);
    lines.push('');
  }
  if (run.integrity) {
    const i = run.integrity;
    lines.push('### Integrity after the write load');
    lines.push('');
    lines.push(
      `${i.ok ? 'No point lost, none doubled' : '**Points lost or doubled**'}: of ${num(i.agents)} agents, ${num(i.mismatched)} have totals that differ from the sums of their ledger rows; ` +
        `${num(i.acknowledged)} earns answered 200 and ${num(i.missing)} of them are missing from the ledger; ${num(i.duplicated)} urls were awarded twice. ` +
        `${num(i.ledgerRowsAdded)} ledger rows were added in all, ${num(i.unacknowledged)} of them for requests still in flight when a round stopped (committed, answer not read).`,
    );
    lines.push('');
  }
  if (run.postgres) lines.push(...renderPostgres(run, run.postgres));
  if (run.skipped.length) {
    lines.push('### Not measured in this run');
    lines.push('');
    for (const s of run.skipped) lines.push(`- ${s}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** CPU per request, in ms of one core: the share of a core used, over the requests it answered. */
const cpuMs = (cores: number | undefined, rps: number) => (cores !== undefined && Number.isFinite(cores) && rps > 0 ? `${((cores / rps) * 1000).toFixed(3)} ms` : 'n/a');

function renderPostgres(run: RunReport, pg: NonNullable<RunReport['postgres']>): string[] {
  const lines: string[] = [];
  lines.push('### PostgreSQL beside SQLite');
  lines.push('');
  lines.push(
    `The same build on a copy of the seeded database in PostgreSQL (made with \`npm run db:copy\`'s code, then \`vacuum analyze\`: ${num(pg.copySeconds, 1)} s), \`PG_POOL_MAX=${pg.poolMax}\`, PostgreSQL running on this machine with its default settings. ` +
      'The earn alternates rounds with the SQLite server (SQLite, PostgreSQL, SQLite...) so both rates come from the same minutes; the share is the median of the per-round shares. ' +
      'The reads run as they do on SQLite above (the profile walk warms up over all 10,000 agents first). CPU per request is the share of a core a process used over the requests answered meanwhile, in milliseconds of one core.',
  );
  lines.push('');
  lines.push(
    '| Path | SQLite req/s | SQLite p99 | PostgreSQL req/s | PostgreSQL p99 | PostgreSQL / SQLite | Node CPU per request (SQLite / PostgreSQL) | PostgreSQL server CPU per request | Statuses | Target |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---|---:|---|---|');
  for (const p of pg.paths) {
    const base = p.name.replace(' (PostgreSQL)', '');
    const sqlite = base === 'earn' ? pg.sqliteEarn : run.paths.find((q) => q.name === base);
    const share = p.ceiling?.ratio ?? (sqlite ? p.rps / sqlite.rps : Number.NaN);
    const statuses = Object.entries(p.statuses)
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    const target = p.target ? `${p.target.pass ? 'met' : '**missed**'}: ${p.target.text}` : '';
    lines.push(
      `| ${base} \`${p.method} ${p.path}\` | ${sqlite ? num(sqlite.rps) : 'n/a'} | ${sqlite ? ms(sqlite.p99) : 'n/a'} | ${num(p.rps)} | ${ms(p.p99)} | ${pct(share)} | ${sqlite ? cpuMs(sqlite.serverCpu, sqlite.rps) : 'n/a'} / ${cpuMs(p.serverCpu, p.rps)} | ${cpuMs(p.dbCpu, p.rps)} | ${statuses}${p.errors ? ` errors×${p.errors}` : ''} | ${target} |`,
    );
  }
  lines.push('');
  lines.push(
    `Earn per round, PostgreSQL / SQLite: ${pg.paths[0].rounds.map((r, i) => `${num(r.rps)} / ${num(pg.sqliteEarn.rounds[i].rps)}`).join(', ')} requests/s; p99 ${pg.paths[0].rounds.map((r, i) => `${r.p99.toFixed(1)} / ${pg.sqliteEarn.rounds[i].p99.toFixed(1)}`).join(', ')} ms. ` +
      `CPU of the load generator ${pct(pg.paths[0].workerCpu)}, of everything else ${pct(pg.paths[0].otherCpu)} (PostgreSQL earn rounds).`,
  );
  lines.push('');
  const i = pg.integrity;
  lines.push(
    `Integrity on PostgreSQL: ${i.ok ? 'no point lost, none doubled' : '**points lost or doubled**'}: ${num(i.mismatched)} of ${num(i.agents)} agents with totals that differ from their ledger; ${num(i.acknowledged)} earns answered 200, ${num(i.missing)} of them missing from the ledger; ${num(i.duplicated)} urls awarded twice; ${num(i.unacknowledged)} rows committed for requests in flight when a round stopped.`,
  );
  lines.push('');
  return lines;
}

/** Replaces the measured section of the report file, creating the file from `template` if needed. */
export function writeReport(file: string, section: string, template: (section: string) => string): void {
  const block = `${START}\n${section}\n${END}`;
  if (!existsSync(file)) {
    writeFileSync(file, template(block));
    return;
  }
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  writeFileSync(file, start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + END.length) : `${current.trimEnd()}\n\n${block}\n`);
}
