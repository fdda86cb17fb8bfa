/**
 * Issue #34's targets, judged from one run's report (bench/out/results.json): each a ratio of two
 * servers measured in the same alternating rounds, or a memory figure of the same run. Met,
 * missed, or not measured (a peer not installed, a step not run): never asserted in a test.
 *
 *   npx tsx bench/lib/targets.ts [bench/out/results.json]   (prints the table of the last run)
 */
import { readFileSync } from 'node:fs';
import type { PathResult, RunReport } from './results.ts';

export interface TargetRow {
  target: string;
  measured: string;
  /** undefined: not measured in this run. */
  met: boolean | undefined;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const mib = (n: number) => `${Math.round(n)} MiB`;

/** Ours against the Fastify peer on a path: the median of the per-round ratios. */
function againstFastify(path: PathResult | undefined, target: string): TargetRow {
  const peer = path?.peers?.find((p) => p.name.startsWith('Fastify'));
  if (!path || !peer) return { target, measured: 'not measured (path not run)', met: undefined };
  if (peer.missing) return { target, measured: `not measured: Fastify ${peer.missing}`, met: undefined };
  const rounds = path.rounds.map((r, i) => `${Math.round(r.rps)}/${Math.round(peer.rounds[i])}`).join(', ');
  return { target, measured: `${pct(peer.ratio)} (ours / Fastify per round: ${rounds} req/s)`, met: peer.ratio >= 0.8 };
}

export function issueTargets(run: RunReport): TargetRow[] {
  const path = (name: string) => run.paths.find((p) => p.name === name);
  const rows: TargetRow[] = [
    againstFastify(path('pre-rendered read'), 'Pre-rendered read `GET /api/public/videos`, defaults on: ≥ 80% of Fastify 5 with its logger on, same bytes'),
    againstFastify(path('leaderboard (points)'), 'Cached leaderboard `GET /api/public/ai/leaderboard`, defaults on: ≥ 80% of Fastify 5 with its logger on, same bytes'),
  ];
  const earn = path('earn');
  const earnTarget = 'Earn, defaults on: ≥ 50% of a trivial Astro POST endpoint, nothing lost';
  if (earn?.ceiling?.ratio === undefined) rows.push({ target: earnTarget, measured: 'not measured (path not run)', met: undefined });
  else {
    const lost = run.integrity
      ? run.integrity.ok
        ? 'integrity check passed'
        : `**integrity check failed**: ${run.integrity.missing} missing, ${run.integrity.mismatched} totals off, ${run.integrity.duplicated} doubled`
      : 'integrity not checked';
    rows.push({ target: earnTarget, measured: `${pct(earn.ceiling.ratio)}; ${lost}`, met: earn.ceiling.ratio >= 0.5 && run.integrity?.ok === true });
  }
  const idleTarget = 'Idle resident memory ≤ 150 MiB, demo catalog';
  rows.push(
    run.demo
      ? { target: idleTarget, measured: mib(run.demo.idleRssKb / 1024), met: run.demo.idleRssKb / 1024 <= 150 }
      : { target: idleTarget, measured: 'not measured (no demo build)', met: undefined },
  );
  const bound = run.demo?.memoryBound;
  const boundTarget = 'Memory within the documented bound (idle + response cache + 160 MiB + 2 KiB per address) under 100,000 client addresses a day';
  if (!bound) rows.push({ target: boundTarget, measured: 'not measured', met: undefined });
  else {
    const enough = bound.addresses >= 100_000;
    rows.push({
      target: boundTarget,
      measured: `peak ${mib(bound.peakMiB)} of ${mib(bound.boundMiB)} with ${bound.addresses.toLocaleString('en-US')} addresses and ${bound.urls.toLocaleString('en-US')} distinct URLs${bound.failures ? `, ${bound.failures} answers not 200` : ''}${enough ? '' : ' (fewer addresses than the target: a smoke run)'}`,
      met: enough ? bound.peakMiB <= bound.boundMiB && bound.failures === 0 : undefined,
    });
  }
  return rows;
}

export function renderTargets(rows: TargetRow[]): string[] {
  return ['| Target | This run | |', '|---|---|---|', ...rows.map((r) => `| ${r.target} | ${r.measured} | ${r.met === undefined ? 'not measured' : r.met ? 'met' : '**missed**'} |`)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = JSON.parse(readFileSync(process.argv[2] ?? 'bench/out/results.json', 'utf8')) as RunReport;
  console.log(renderTargets(issueTargets(run)).join('\n'));
}
