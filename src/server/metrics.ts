/**
 * What operators scrape at GET /metrics (src/api/operations.ts), in the Prometheus text format,
 * built with prom-client on a registry of this process's own (each instance is scraped by
 * itself; Prometheus sums them):
 * - `http_requests_total` and `http_request_duration_seconds`, by method, route and status (each
 *   response is observed once, in the histogram, and the counter reads its counts when scraped): the
 *   route is the Astro route pattern that answered (`/api/public/ai/agent/[name]`), `(static)` for
 *   a pre-rendered file and `(none)` for anything no route answered (a 404, a refusal at the gate),
 *   so the label set stays bounded whatever paths clients send;
 * - `canopy_earns_total` by action type and outcome (awarded, replayed, or the problem code);
 * - `canopy_rate_limit_refusals_total` by problem code;
 * - `canopy_webhook_deliveries_total` by outcome of each attempt (delivered, retry, failed);
 * - the response cache's hits, misses, entries and bytes, and the database pool's connections
 *   (in use, idle, waiting), read when scraped;
 * - Node's own process metrics (CPU, memory, event-loop delay, GC).
 */
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { PoolStats } from '../store/database.ts';

/** The method labels: the methods kept as they are, and `other` for any other. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other'];

/** What the scrape reads at the time it runs. */
export interface MetricsSources {
  cache: { hits: number; misses: number; size: number; bytes: number };
  pool(): PoolStats;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly durations: RequestDurations;
  private readonly earns: Counter<'action_type' | 'outcome'>;
  private readonly refusals: Counter<'code'>;
  private readonly webhookAttempts: Counter<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const durations = new RequestDurations([0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
    // The registry reads a metric through its name and get() alone; prom-client's type names only its own classes.
    this.registry.registerMetric(durations as unknown as Metric);
    this.durations = durations;
    new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const { labels, count } of durations.series()) this.inc(labels, count);
      },
    });
    this.earns = new Counter({
      name: 'canopy_earns_total',
      help: 'Earn and share calls (HTTP and MCP), by action type and outcome: awarded, replayed, or the problem code.',
      labelNames: ['action_type', 'outcome'],
      registers,
    });
    this.refusals = new Counter({
      name: 'canopy_rate_limit_refusals_total',
      help: 'Requests refused at the gate before any route ran, by problem code (rate_limited, service_unavailable).',
      labelNames: ['code'],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: 'canopy_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: delivered; retry (failed, tried again later); failed (the last attempt failed, or the endpoint was disabled).',
      labelNames: ['outcome'],
      registers,
    });
    // Read when scraped: the response cache's counts and the database pool.
    const { cache, pool } = sources;
    const total = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const level = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    total('canopy_response_cache_hits_total', 'Response-cache lookups answered from the cache.', () => cache.hits);
    total('canopy_response_cache_misses_total', 'Response-cache lookups that found nothing.', () => cache.misses);
    level('canopy_response_cache_entries', 'Responses the cache holds.', () => cache.size);
    level('canopy_response_cache_bytes', 'Memory the cached responses hold, in bytes.', () => cache.bytes);
    new Gauge({
      name: 'canopy_db_pool_connections',
      help: 'Database connections by state: in_use, idle, waiting (requests queued for one). SQLite has one writer connection.',
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** One finished response; `seconds` from the request's arrival. */
  request(method: string | undefined, route: string, status: number, seconds: number): void {
    this.durations.observe(method, route, status, seconds);
  }

  earned(actionType: string, outcome: string): void {
    this.earns.inc({ action_type: actionType, outcome });
  }

  refused(code: string): void {
    this.refusals.inc({ code });
  }

  webhookAttempt(outcome: string): void {
    this.webhookAttempts.inc({ outcome });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

type RequestLabels = Record<'method' | 'route' | 'status', string>;

/** One label set's histogram: a count per bucket (not cumulative), their sum and count. */
interface Series {
  labels: RequestLabels;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, the one metric every response adds to. It is a metric of the
 * registry like the others (prom-client formats it, as a histogram with the same lines its own
 * Histogram writes), but observing is a lookup in two maps by values the server already has: the
 * route, the status and the method. prom-client's Histogram builds and hashes a label string and
 * reads each bucket by a number's string on every observation: about 0.6 µs in a loop, and 3% of
 * the CPU of a pre-rendered read (bench/paired.ts).
 */
class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from the request to the last byte handed to the socket, by method, route and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By route, then by status and method together (`status * METHODS.length + the method's index`). */
  private readonly byRoute = new Map<string, Map<number, Series>>();

  constructor(private readonly upperBounds: readonly number[]) {}

  /** `method`: any method not in METHODS is counted as `other`. */
  observe(method: string | undefined, route: string, status: number, seconds: number): void {
    const known = method ? METHODS.indexOf(method) : -1;
    const methodIndex = known >= 0 ? known : METHODS.length - 1;
    let byStatus = this.byRoute.get(route);
    if (!byStatus) this.byRoute.set(route, (byStatus = new Map()));
    const key = status * METHODS.length + methodIndex;
    let series = byStatus.get(key);
    if (!series) byStatus.set(key, (series = { labels: { method: METHODS[methodIndex], route, status: String(status) }, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 }));
    const bucket = this.upperBounds.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  *series(): Iterable<Series> {
    for (const byStatus of this.byRoute.values()) yield* byStatus.values();
  }

  /** What the registry formats: per label set, the cumulative buckets, +Inf, the sum and the count (as prom-client's Histogram gives them). */
  get() {
    const { name } = this;
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: RequestLabels; value: number; metricName: string }> = [];
    for (const { labels, buckets, sum, count } of this.series()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += buckets[i];
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${name}_bucket` });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` });
    }
    return { name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
