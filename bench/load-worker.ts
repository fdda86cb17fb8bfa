/**
 * The load generator, run as its own process by bench/run.ts: one workload (a LoadSpec as JSON in
 * argv[2]), a warm-up, then timed rounds with autocannon. Prints one JSON event per line on
 * stdout: `round-start`, `round-end` (so the orchestrator samples the server only while it is
 * measured) and finally `done` with every round's numbers.
 *
 * Latency percentiles come from autocannon's per-response timings at microsecond resolution
 * rather than its whole-millisecond histogram, so sub-millisecond paths still read sensibly.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec, RoundResult } from './lib/load-spec.ts';
import { LatencyRecorder } from './lib/stats.ts';

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const needsAgents = spec.kind === 'profile' || spec.kind === 'earn' || spec.kind === 'mcp-earn';
const agents = needsAgents && spec.agentsFile ? (JSON.parse(readFileSync(spec.agentsFile, 'utf8')) as Array<{ name: string; apiKey: string }>) : [];
if (needsAgents && agents.length === 0) throw new Error(`${spec.name}: needs agents in ${spec.agentsFile}`);

const earnTypes = ['api_use', 'share', 'mention', 'promote', 'content_submit', 'referral'] as const;
let sequence = 0;
let total2xx = 0;
let totalRequests = 0;
/** Urls of the awards the server confirmed: the integrity check looks each one up in the ledger. */
const acknowledged: string[] = [];

function onEarnResponse(status: number, body: string): void {
  if (status !== 200) return;
  if (spec.kind === 'mcp-earn') {
    // A JSON-RPC answer: the award is the tool's structured result, unless the tool failed.
    const { result } = JSON.parse(body) as { result?: { isError?: boolean; structuredContent?: { activity: { url: string } } } };
    if (result && !result.isError && result.structuredContent) acknowledged.push(result.structuredContent.activity.url);
    return;
  }
  acknowledged.push((JSON.parse(body) as { activity: { url: string } }).activity.url);
}

/**
 * The n-th earn of a run, HTTP or MCP alike. Earns walk the agents in order and move to the next
 * actionType after each full pass, so every agent's daily cap of every type stays far away, and
 * every url is new, so the anti-farming dedupe never turns a write into a 409.
 */
function nthEarn(n: number) {
  const agent = agents[n % agents.length];
  const actionType = earnTypes[Math.floor(n / agents.length) % earnTypes.length];
  return { agent, award: { actionType, url: `https://bench.example/${spec.runTag}/${n}` } };
}

/** One request description per workload kind. */
function setupRequest(request: Record<string, unknown>): Record<string, unknown> {
  const n = sequence++;
  switch (spec.kind) {
    case 'profile':
      return { ...request, path: `${spec.path}${encodeURIComponent(agents[(n * 7919) % agents.length].name)}` };
    case 'earn': {
      const { agent, award } = nthEarn(n);
      return { ...request, body: JSON.stringify({ apiKey: agent.apiKey, ...award }) };
    }
    case 'mcp-earn': {
      const { agent, award } = nthEarn(n);
      const call = { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'earn', arguments: award } };
      return { ...request, headers: { ...(request.headers as Record<string, string>), authorization: `Bearer ${agent.apiKey}` }, body: JSON.stringify(call) };
    }
    case 'register':
      return { ...request, body: JSON.stringify({ name: `b${spec.runTag}-${n}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32), operator: 'bench' }) };
    default:
      return request;
  }
}

function emit(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** The running autocannon instance: a background load stops it on SIGTERM. */
let current: { stop(): void } | undefined;
let stopped = false;
process.once('SIGTERM', () => {
  stopped = true;
  current?.stop();
});

/** One round (or the warm-up): autocannon's closed loop. */
async function run(seconds: number, amount = spec.requestsPerRound): Promise<RoundResult> {
  const result = await runClosed(seconds, amount);
  for (const [code, count] of Object.entries(result.statuses)) if (code.startsWith('2')) total2xx += count;
  totalRequests += result.requests;
  return result;
}

async function runClosed(seconds: number, amount: number | undefined): Promise<RoundResult> {
  const latencies = new LatencyRecorder();
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: spec.origin,
    connections: spec.connections,
    ...(amount ? { amount } : { duration: seconds }),
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        headers: { ...(spec.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...spec.headers },
        body: spec.body,
        ...(spec.kind === 'fixed' ? {} : { setupRequest }),
        ...((spec.kind === 'earn' || spec.kind === 'mcp-earn') && spec.ackFile ? { onResponse: onEarnResponse } : {}),
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.record(responseTime);
  });
  const started = performance.now();
  current = instance;
  if (stopped) instance.stop();
  const result = await instance;
  current = undefined;
  const elapsed = (performance.now() - started) / 1000;
  const requests = latencies.count;
  const [p50, p90, p99, max] = latencies.percentiles([50, 90, 99, 100]);
  return { requests, seconds: elapsed, rps: requests / elapsed, p50, p90, p99, max, statuses, errors: result.errors, timeouts: result.timeouts };
}

const rounds: RoundResult[] = [];
if (spec.warmupRequests) await run(0, spec.warmupRequests);
else if (spec.warmupSeconds > 0) await run(spec.warmupSeconds);
for (let i = 0; i < spec.rounds; i++) {
  emit({ event: 'round-start', round: i });
  rounds.push(await run(spec.roundSeconds));
  emit({ event: 'round-end', round: i });
}
// Appends: a paired measurement runs one worker per round against the same file.
if (spec.ackFile) writeFileSync(spec.ackFile, JSON.stringify([...(existsSync(spec.ackFile) ? (JSON.parse(readFileSync(spec.ackFile, 'utf8')) as string[]) : []), ...acknowledged]));
const done: LoadResult = { spec, rounds, total2xx, totalRequests };
emit({ event: 'done', result: done });
