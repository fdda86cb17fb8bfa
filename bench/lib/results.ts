/**
 * What a benchmark run measured, as bench/run.ts records it in bench/out/results.json: read by the
 * report (report.ts) and the targets' verdicts (targets.ts).
 */
import type { ConciergePass } from './concierge-pass.ts';
import type { Machine } from './machine.ts';
import type { RoundResult } from './load-spec.ts';
import type { Integrity } from './bench-database.ts';
import type { MemoryBound } from '../memory-bound.ts';
import type { LimiterCost } from '../rate-limiter-cost.ts';

export interface PathResult {
  name: string;
  method: string;
  path: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /**
   * The ceiling the path is compared with. `ratio` and `rounds` when it was measured in rounds
   * alternating with the path's (the ratio is then the median of the per-round ratios); for a
   * read, `p99` (the median of its rounds') and `p99Rounds`: the bare server's own tail on the
   * same bytes.
   */
  ceiling?: { name: string; rps: number; ratio?: number; rounds?: number[]; p99?: number; p99Rounds?: number[] };
  /**
   * Other servers measured in the same alternation on the same bytes: the peers a user would pick
   * instead (Fastify with its logger, nginx with its access log) and ours with one default switched
   * off. `ratio`: the median over rounds of ours / it; `missing`: why it was not measured.
   */
  peers?: PeerResult[];
  /** The server's CPU (in cores) in each measured round, when every round was a sample of its own. */
  roundCpu?: number[];
  /** Median share of one core the server used while measured. */
  serverCpu: number;
  /** On PostgreSQL: the median share of one core its server processes used meanwhile. */
  dbCpu?: number;
  workerCpu: number;
  /** Median CPU (in cores) everything else on the machine used meanwhile: the noise indicator. */
  otherCpu: number;
  peakRssKb: number;
  statuses: Record<string, number>;
  errors: number;
  target?: { text: string; pass: boolean };
  rounds: RoundResult[];
  /** 2xx answers in all, warm-up included (kept in results.json). */
  total2xx?: number;
  note?: string;
}

export interface PeerResult {
  name: string;
  note: string;
  rps: number;
  p99: number;
  ratio: number;
  /** Median over rounds of the server's CPU per request, µs of one core: less swayed by a busy machine than its rate. */
  cpuMicros: number;
  rounds: number[];
  missing?: string;
}

export interface BuildResult {
  reused: boolean;
  videos: number;
  clips: number;
  generateSeconds?: number;
  steps: Array<{ command: string; seconds: number; peakRssKb: number }>;
  totalSeconds: number;
  peakRssKb: number;
  target: { text: string; pass: boolean };
  measuredAt: string;
}

export interface RunReport {
  machine: Machine;
  settings: { warmupSeconds: number; rounds: number; roundSeconds: number; connections: number };
  build?: BuildResult;
  seed?: { agents: number; ledgerRows: number; seconds: number; note?: string };
  startup: { medianMs: number; samplesMs: number[]; idleRssKb: number; idleRssAfterLoadKb: number; peakRssKb: number };
  ceilings: Array<{ name: string; rps: number; p50?: number; p99?: number; note: string }>;
  paths: PathResult[];
  integrity?: Integrity;
  /** The concierge answering each evaluation question once (bench/lib/concierge-pass.ts). */
  concierge?: ConciergePass;
  /** The same build on a PostgreSQL copy of the seeded database (bench/lib/postgres-side.ts). */
  postgres?: { copySeconds: number; poolMax: number; sqliteEarn: PathResult; paths: PathResult[]; integrity: Integrity };
  /** The demo catalog's build (content/ as it is): idle resident memory after start, and the memory bound. */
  demo?: { idleRssKb: number; samplesKb: number[]; memoryBound?: MemoryBound };
  /** bench/rate-limiter-cost.ts: ours against rate-limiter-flexible, in-process. */
  limiter?: { costs: LimiterCost[]; bytesPerIdentity: Record<string, number> };
  skipped: string[];
  /** /proc/loadavg when the loads were done. */
  loadAverageAtEnd?: string;
}
