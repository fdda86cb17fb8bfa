/**
 * The engine for more than one machine: PostgreSQL (DATABASE_URL) through kysely's
 * PostgresDialect and a pooled `pg` driver. Several instances share it.
 *
 * How points stay exact when two instances take the same agent's writes at the same instant:
 * every write runs in a READ COMMITTED transaction that first locks the agent's row
 * (`select ... for update` in award-statements.ts: the apiKey lookup of a write, the referrer of a
 * registration, the agent of a reversal). Writes of one agent therefore run one after another,
 * whichever instance takes them, and each sees what the one before committed: the 24 h dedupe,
 * the daily caps, the Idempotency-Keys and the one partnership bonus hold as on SQLite, while
 * writes of different agents run in parallel. What spans agents is kept by the database: unique
 * names (a unique index; the losing registration is retried and then finds the name taken), one
 * claim per task (a conditional update), one reversal per award (a unique index). A write that
 * meets a deadlock, a serialization failure or a unique violation is retried from the start (up
 * to MAX_ATTEMPTS): it changed nothing, and on the retry it sees the row that beat it.
 *
 * Why not SERIALIZABLE: it would give the same guarantees without the explicit locks, but under
 * the earn load every pair of writes that touch the same index pages aborts one of them, and
 * retries cost more than a row lock that only same-agent writes ever wait on.
 *
 * When the database is down or restarting, a query fails with `service_unavailable` (503 with
 * Retry-After): nothing was acknowledged, and the pool reconnects by itself when it is back.
 * A COMMIT cut off by a lost connection may or may not have landed; it is answered 503 too, and
 * a client that retries with the same Idempotency-Key gets the stored answer if it did.
 */
import { createHash, randomUUID } from 'node:crypto';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DomainError } from '../domain/errors.ts';
import { ChangeFeed } from './change-feed.ts';
import { onCommit, recordingScope, registerEngine, tellCommit, type CommitListener, type Db, type Engine, type OpenDatabase, type Statement, type WriteScope } from './database.ts';
import type { Database } from './schema.ts';

/** The channel every instance listens on; payload: {"i": instance id, "at": ISO instant}. */
const CHANNEL = 'canopy_changes';
const MAX_ATTEMPTS = 8;
/** What a client is told to wait before retrying when the database is unreachable. */
const RETRY_AFTER_SECONDS = 2;

// count(*) and sums of integers come back as int8 and numeric, which pg hands over as strings to
// keep precision; every count and total here fits a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  /** PG_POOL_MAX: connections this instance may hold. */
  poolMax: number;
}

export function openPostgres(options: PostgresOptions): OpenDatabase {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000, application_name: 'canopy-cove' });
  // An idle client that loses its server emits 'error' on the pool: without a listener that would end the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
  const instance = randomUUID();
  const engine = new PostgresEngine(db, instance);
  registerEngine(db, engine);
  const changes = new ChangeFeed();
  onCommit(db, ({ at }) => changes.committed(at));
  const listener = new ChangeListenerConnection(options.url, instance, changes);
  listener.start();
  let closed = false;
  return {
    db,
    dialect: 'postgres',
    changes,
    prepare: <P extends unknown[], R>(text: string) => postgresStatement<P, R>(text),
    ping: async () => void (await sql`select 1`.execute(db)),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await listener.stop();
      await db.destroy();
    },
  };
}

/** The SQL of every statement made by `prepare`, and the name it is prepared under on each connection. */
const preparedNames = new Map<string, string>();

/** `?` placeholders (never inside a quoted literal in this code's SQL) become `$1`, `$2`, ... */
function postgresStatement<P extends unknown[], R>(text: string): Statement<P, R> {
  let n = 0;
  const numbered = text.replace(/'[^']*'|\?/g, (m) => (m === '?' ? `$${++n}` : m));
  preparedNames.set(numbered, `canopy_${createHash('sha1').update(numbered).digest('hex').slice(0, 16)}`);
  const run = async (db: Db, params: unknown[]) => (await db.executeQuery<R>(CompiledQuery.raw(numbered, params))).rows;
  return {
    sql: text,
    get: async (db, ...params) => (await run(db, params))[0],
    all: (db, ...params) => run(db, params),
    run: async (db, ...params) => void (await run(db, params)),
  };
}

class PostgresEngine implements Engine {
  readonly listeners = new Set<CommitListener>();
  readonly stats = { transactions: 0, writes: 0 };
  private readonly announcer: CommitAnnouncer;

  constructor(
    private readonly db: Db,
    instance: string,
  ) {
    this.announcer = new CommitAnnouncer(db, instance);
  }

  async write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const scope = recordingScope();
      try {
        const value = await this.db.transaction().execute((trx) => fn(trx, scope));
        this.stats.transactions += 1;
        this.stats.writes += 1;
        if (scope.shown) {
          tellCommit(this.listeners, { shown: true, at: scope.at });
          // Acknowledged only once the other instances have been told.
          await this.announcer.announce(scope.at);
        }
        return value;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
        // Both writes lost the same race: apart by a little randomness, the retries do not meet again.
        await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  }

  read<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  }
}

/**
 * Tells the other instances (NOTIFY on CHANNEL) that commits changed what public reads show: one
 * notification for however many commits landed while the previous one was being sent, carrying
 * the newest write's instant. It is sent after the commit rather than inside the transaction: a
 * NOTIFY in a transaction costs it a round trip and makes PostgreSQL take a database-wide lock
 * for its commit, so every announcing commit of every instance would run one at a time. A write
 * is acknowledged once its announcement is sent; if the process dies between the two, the write
 * stands, unacknowledged (its Idempotency-Key replays it), and the others catch up at the next one.
 */
class CommitAnnouncer {
  /** Writes whose announcement is not sent yet, and the newest instant among them. */
  private waiting: Array<() => void> = [];
  private newestAt: string | undefined;
  private sending = false;

  constructor(
    private readonly db: Db,
    private readonly instance: string,
  ) {}

  announce(at: string | undefined): Promise<void> {
    if (at !== undefined && (this.newestAt === undefined || at > this.newestAt)) this.newestAt = at;
    const sent = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (!this.sending) void this.send();
    return sent;
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.length) {
      const { waiting, newestAt } = this;
      this.waiting = [];
      this.newestAt = undefined;
      try {
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ i: this.instance, at: newestAt ?? null })})`.execute(this.db);
      } catch {
        // The database went away after the commit: the writes stand; the other instances empty
        // their caches when their listening connection comes back (ChangeListenerConnection).
      }
      for (const resolve of waiting) resolve();
    }
    this.sending = false;
  }
}

/** Deadlock, serialization failure, unique violation: the write changed nothing and may run again. */
function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === '23505';
}

/** SQLSTATEs and socket errors that mean "the database cannot be reached now", not "this query is wrong". */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

function unavailable(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if ((typeof code === 'string' && UNAVAILABLE.has(code)) || /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(message)) {
    return new DomainError('service_unavailable', `The database is not reachable just now; nothing was changed by this request unless it was acknowledged. Retry in ${RETRY_AFTER_SECONDS} s.`, {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  return error;
}

/**
 * The pool as kysely sees it, with "cannot reach the database" errors turned into 503 problems,
 * both when a connection is taken and when a query fails on it.
 *
 * A connection the server ends while it is checked out (a failover, a restart, a pooler,
 * pg_terminate_backend) emits `error` on its client, and pg's pool listens on idle clients only:
 * unheard, that event would end the process. Every client is heard for its whole life; the query
 * on it fails with the same error (503), and the pool drops the dead client when it comes back.
 */
function guardedPool(pool: pg.Pool) {
  const guarded = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    let proxy = guarded.get(client);
    if (!proxy) {
      client.on('error', () => {});
      const query = (...args: Parameters<pg.PoolClient['query']>) => {
        // A statement of `prepare` runs as a named prepared statement: each connection parses and
        // plans it once, not on every call.
        const name = typeof args[0] === 'string' ? preparedNames.get(args[0]) : undefined;
        const call = name ? client.query({ name, text: args[0] as string, values: args[1] as unknown[] }) : (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        return call.catch((error: unknown) => {
          throw unavailable(error);
        });
      };
      proxy = new Proxy(client, {
        get(target, property) {
          if (property === 'query') return query;
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      guarded.set(client, proxy);
    }
    return proxy;
  };
  return {
    async connect() {
      try {
        return guard(await pool.connect());
      } catch (error) {
        throw unavailable(error);
      }
    },
    end: () => pool.end(),
  };
}

/**
 * One connection outside the pool that LISTENs for other instances' commits. When it is lost
 * (the database restarted), it reconnects with backoff; commits made meanwhile were not heard, so
 * on reconnecting it reports a change of unknown extent and the caches start over.
 */
class ChangeListenerConnection {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly instance: string,
    private readonly changes: ChangeFeed,
  ) {}

  start(): void {
    void this.connect(false);
  }

  private async connect(missed: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'canopy-cove-listen' });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => {});
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      let payload: { i?: unknown; at?: unknown } = {};
      try {
        payload = JSON.parse(message.payload ?? '{}') as typeof payload;
      } catch {
        // Not ours: treated as a change of unknown extent.
      }
      if (payload.i === this.instance) return; // our own commit, already told on commit
      this.changes.committed(typeof payload.at === 'string' ? payload.at : undefined);
    });
    try {
      this.client = client;
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.retryMs = 100;
      if (missed) this.changes.foreign();
    } catch {
      lost();
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect(true);
    }, wait);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
