/**
 * An open-loop load at an even rate: request k is due at start + k / rate seconds, whatever the
 * answers before it did, over at most `connections` keep-alive connections. Used for the
 * background earns of the row "agent profile, while agents earn".
 *
 * Why not autocannon's `overallRate`: autocannon limits each connection to its share of requests
 * per second and lets it send them back to back from the start of each second, then pauses it
 * until the next. "200 earns a second" over 8 connections was a burst of 200 earns, 8 at a time
 * as fast as the server answered, once a second, and nothing for the rest of the second.
 *
 * Latency is measured from the instant a request was due, not from when a connection was free
 * to send it, so a server that falls behind shows it in the percentiles (no coordinated omission).
 */
import { Agent, request as httpRequest } from 'node:http';
import type { RoundResult } from './load-spec.ts';
import { LatencyRecorder } from './stats.ts';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedLoadOptions {
  origin: string;
  /** Requests a second, evenly spaced. */
  rate: number;
  connections: number;
  /** The next request to send. */
  next(): PacedRequest;
  /** Told every answer, with its body as text. */
  onResponse?(status: number, body: string): void;
  /** Resolves when the load should stop sending; requests in flight are still awaited. */
  until: Promise<void>;
}

/** How long a request may go unanswered before it counts as a timeout. */
const TIMEOUT_MS = 10_000;

export async function pacedLoad(options: PacedLoadOptions): Promise<RoundResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new LatencyRecorder();
  const statuses: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let inFlight = 0;
  let stopped = false;
  let allAnswered: () => void = () => {};
  const interval = 1000 / options.rate;
  const started = performance.now();
  let due = started;
  let timer: NodeJS.Timeout | undefined;

  const send = (dueAt: number) => {
    const { method, path, headers, body } = options.next();
    inFlight += 1;
    let settled = false;
    const done = (outcome: 'answered' | 'error' | 'timeout') => {
      if (settled) return;
      settled = true;
      if (outcome === 'error') errors += 1;
      if (outcome === 'timeout') timeouts += 1;
      inFlight -= 1;
      if (stopped && inFlight === 0) allAnswered();
    };
    const req = httpRequest(new URL(path, options.origin), { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (settled) return;
        latencies.record(performance.now() - dueAt);
        const status = res.statusCode ?? 0;
        statuses[status] = (statuses[status] ?? 0) + 1;
        options.onResponse?.(status, Buffer.concat(chunks).toString('utf8'));
        done('answered');
      });
      res.on('error', () => done('error'));
    });
    // As autocannon's `timeout: 10`: a request whose connection stays silent for 10 s is a timeout.
    req.setTimeout(TIMEOUT_MS, () => {
      done('timeout');
      req.destroy();
    });
    req.on('error', () => done('error'));
    req.end(body);
  };

  const tick = () => {
    const now = performance.now();
    while (!stopped && due <= now) {
      send(due);
      due += interval;
    }
    if (!stopped) timer = setTimeout(tick, Math.max(0, due - performance.now()));
  };
  tick();

  await options.until;
  stopped = true;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
  agent.destroy();
  const [p50, p90, p99, max] = latencies.percentiles([50, 90, 99, 100]);
  return { requests: latencies.count, seconds, rps: latencies.count / seconds, p50, p90, p99, max, statuses, errors, timeouts };
}
