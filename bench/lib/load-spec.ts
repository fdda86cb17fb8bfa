/**
 * What the orchestrator (bench/run.ts) asks the load worker (bench/load-worker.ts) to do, and
 * what the worker reports back. The worker is a separate process so the load generator never
 * shares an event loop with the server or with the orchestrator's bookkeeping.
 */

/** How each request of a workload is made. */
export type LoadKind =
  /** The same request every time. */
  | 'fixed'
  /** GET {path}{name}, cycling over the agents in the data file. */
  | 'profile'
  /** POST earn, each request for the next agent with its own url, so nothing is deduplicated. */
  | 'earn'
  /** POST register with a fresh name every time. */
  | 'register'
  /** The earn as an MCP tools/call to /mcp, the agent's apiKey as its Bearer header. */
  | 'mcp-earn';

export interface LoadSpec {
  name: string;
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  kind: LoadKind;
  connections: number;
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
  body?: string;
  /** Request headers beyond Content-Type (an MCP client's Accept). */
  headers?: Record<string, string>;
  /** JSON list of `{ name, apiKey }` written by the seeder (profile, earn). */
  agentsFile?: string;
  /** Makes generated urls and names unique across runs against the same database. */
  runTag: string;
  /**
   * A round ends after this many requests instead of after `roundSeconds`: the cold profile asks
   * for each of the 10,000 agents exactly once.
   */
  requestsPerRound?: number;
  /** The warm-up ends after this many requests instead of `warmupSeconds` (a pass over every agent). */
  warmupRequests?: number;
  /** Earn only: where to write the url of every award the server acknowledged with a 2xx. */
  ackFile?: string;
}

export interface RoundResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Responses by status code, e.g. { "200": 51234 }. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface LoadResult {
  spec: LoadSpec;
  rounds: RoundResult[];
  /** Every 2xx response, warm-up included: what a write workload must find in the database. */
  total2xx: number;
  totalRequests: number;
}
