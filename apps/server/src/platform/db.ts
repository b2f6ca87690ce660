// One database interface over the two runtimes of docs/architecture.md: embedded PGlite (default, one
// process) and a PostgreSQL server (DATABASE_URL, many processes). Both speak the same SQL, so every repo and
// test runs on both.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from '../db/schema';
import { MIGRATIONS_DIR } from '../paths';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';
import { describeCause, errnoCode, probeWrite } from './storage-errors';
import { outsideLogContext } from './log-context';
import { ahead, takeTurns } from './pglite-turns';

type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repo can run a query on: the database or an open transaction. */
export type Executor = Orm | Tx;

export type Row = Record<string, unknown>;
export type NotificationHandler = (payload: string) => void;

export interface Db {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /** Raw parameterised SQL, for hot paths and the job queue. */
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * The statement that stores webhook deliveries before they are acknowledged: on the embedded database it
   * runs ahead of the statements waiting for their turn (pglite-turns.ts).
   */
  ackQuery(text: string, params: unknown[]): Promise<void>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. `onReconnect` runs each time the listening
   * connection is back after a loss, when notifications may have been missed.
   */
  listen(
    channel: string,
    handler: NotificationHandler,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded only: the data directory as a gzipped tar, consistent as of the call (queries wait while it is
   * read; a transaction still open then is not in it). What `loadDataDir` opens again.
   */
  dumpDataDir?(): Promise<Blob>;
  /** The pg-boss `db` adapter (executeSql). */
  jobsAdapter: { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };
  /** This process's connections per pool, for the metrics (read when they are scraped). */
  poolStats(): PoolStats[];
}

/**
 * A connection pool's use: node-postgres counts open (`total`) and idle connections and the queries waiting
 * for one; the embedded database is one connection, shared by everything, without such counts.
 */
export type PoolStats = { pool: string; max: number; total: number; idle?: number; waiting?: number };

export type DbOptions = { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob; poolSize?: number };

/** Opens PostgreSQL when a URL is given, else PGlite under `dataDir` (in memory when dataDir is omitted). */
export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

/** The embedded database could not be opened: names the directory and the cause. */
export class DataDirError extends Error {}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const release = dataDir ? await claimDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  } catch (err) {
    release?.();
    throw dataDir ? await explainOpenFailure(dataDir, err) : err;
  }
  takeTurns(client);
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    async query<T extends Row>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async ackQuery(text, params) {
      await ahead(() => client.query(text, params));
    },
    async listen(channel, handler) {
      // PGlite delivers a notification inside whichever query is running: not in that query's log context.
      const unsubscribe = await client.listen(channel, (payload) =>
        outsideLogContext(() => handler(payload)),
      );
      return async () => unsubscribe();
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await client.close();
      release?.();
    },
    poolStats: () => [{ pool: 'embedded', max: 1, total: client.closed ? 0 : 1 }],
    async dumpDataDir() {
      // A checkpoint first, so the copy needs no WAL replay when it is opened.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    jobsAdapter: {
      // PGlite's `query` takes one statement with parameters; pg-boss also sends multi-statement scripts
      // without parameters (its schema install, maintenance, migrations), which only `exec` accepts.
      async executeSql(text, values) {
        // The job queue's settings for its statement only: the connection is everyone's.
        if (values && values.length > 0)
          return client.transaction(async (tx) => {
            await tx.exec(JOB_QUEUE_SETTINGS_LOCAL);
            return tx.query<Row>(text, values);
          });
        try {
          return rowsOfEveryStatement(await client.exec(text));
        } catch (err) {
          // A failed `BEGIN … COMMIT` script would leave the only connection in an aborted transaction.
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
    },
  };
}

/**
 * A script's rows, every statement's in order: pg-boss reads a claim's or a maintenance batch's row after
 * its lock's and before COMMIT's, and asserts on them (only the last statement's made both fail).
 */
function rowsOfEveryStatement(results: { rows: Row[] }[]): { rows: Row[] } {
  return { rows: results.flatMap((result) => result.rows) };
}

/** Creates the directory and takes its one-process lock, failing with the directory and the cause. */
async function claimDataDir(dataDir: string): Promise<() => void> {
  try {
    await mkdir(dataDir, { recursive: true });
    return acquireDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError) throw err;
    throw await explainOpenFailure(dataDir, err);
  }
}

/**
 * PGlite reports a full disk as `ErrnoError` 51 and a read-only directory as "failed to initialize
 * properly": name the directory and find the cause, probing the directory when the error does not carry it.
 */
async function explainOpenFailure(dataDir: string, err: unknown): Promise<DataDirError> {
  // Node's recursive mkdir reports a read-only parent as ENOENT, and PGlite often names no cause: probe.
  const reported = errnoCode(err);
  const code = reported && reported !== 'ENOENT' ? reported : ((await probeClosest(dataDir)) ?? reported);
  const errno = (err as { errno?: unknown } | null)?.errno;
  const detail = err instanceof Error ? err.message : `file system error ${String(errno ?? err)}`;
  const cause = code ? await describeCause(code, dataDir) : detail;
  return new DataDirError(`Cannot open the embedded database in ${dataDir}: ${cause}.`, { cause: err });
}

/** Probes `dir`, or its parent when `dir` does not exist (it could not be created). */
async function probeClosest(dir: string) {
  const code = await probeWrite(dir);
  return code === 'ENOENT' ? probeWrite(path.dirname(dir)) : code;
}

// PGlite reads int8 (counts, sums, bigserial ids) as numbers, node-postgres as strings: read them as numbers
// here too, so a query's rows have one shape on either database and code tested on one holds on the other.
// Every int8 the product keeps is far below 2^53. (Both already read timestamps alike through drizzle.)
const INT8_ARRAY = 1016 as Parameters<typeof pg.types.getTypeParser>[0];
const readInt8Array = pg.types.getTypeParser(INT8_ARRAY);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(INT8_ARRAY, (value: string) =>
  (readInt8Array(value) as Array<string | null>).map((item) => (item === null ? null : Number(item))),
);

/**
 * A pool whose connections, dropped by the server or lost, are logged instead of ending the process.
 * `settings` are the connections' own (startup `-c` options).
 */
function openPool(url: string, max: number, settings: Record<string, string> = {}): pg.Pool {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: url, max, ...(options ? { options } : {}) });
  pool.on('error', (err) => console.error('postgres pool error', err));
  // pg-pool listens for errors only on idle clients: a connection ended by the server (restart, failover,
  // pg_terminate_backend) while checked out between two queries would otherwise crash the process. Its
  // next query fails instead, and the pool drops it on release.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.error('postgres connection lost', err.message)),
  );
  return pool;
}

/**
 * pg-boss's statements take jobs by key from partial indexes. Where the job table has no statistics
 * (autovacuum off or behind) the planner reads those with bitmap scans, which never mark the entries of
 * jobs already taken as dead: each fetch then read every job the queue ever ran (0.06 ms a fetch in a
 * soak's first minute, 0.98 ms in its third, 5,984 index entries to find none). A plain index scan marks
 * them as it passes, so the next fetch skips them. JIT would only compile plans made costly by this.
 */
const JOB_QUEUE_SETTINGS = { enable_bitmapscan: 'off', jit: 'off' };
const JOB_QUEUE_SETTINGS_LOCAL = Object.entries(JOB_QUEUE_SETTINGS)
  .map(([name, value]) => `SET LOCAL ${name} = ${value};`)
  .join(' ');

async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = openPool(url, poolSize);
  // pg-boss polls each queue twice a second through a pool of its own. pg-pool drops a connection whose
  // query failed, so while the database refuses those polls (read-only, failing over) every one costs a
  // new connection: in the shared pool they queued sign-ins and reads behind them for minutes.
  const jobsPoolSize = Math.max(2, Math.ceil(poolSize / 4));
  const jobsPool = openPool(url, jobsPoolSize, JOB_QUEUE_SETTINGS);
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  const listener = new PgListener(url);
  return {
    kind: 'postgres',
    orm,
    async query<T extends Row>(text: string, params?: unknown[]) {
      return (await pool.query<T>(text, params)).rows;
    },
    async ackQuery(text, params) {
      await pool.query(text, params);
    },
    listen: (channel, handler, onReconnect) => listener.listen(channel, handler, onReconnect),
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await listener.close();
      await Promise.all([pool.end(), jobsPool.end()]);
    },
    poolStats: () => [
      { pool: 'main', max: poolSize, ...countsOf(pool) },
      { pool: 'jobs', max: jobsPoolSize, ...countsOf(jobsPool) },
    ],
    jobsAdapter: {
      async executeSql(text, values) {
        if (values && values.length > 0) return jobsPool.query(text, values);
        // Parameterless scripts may hold `BEGIN … COMMIT`: run them on a dedicated connection and roll back
        // on failure, so no pooled connection is handed back inside an aborted transaction.
        const client = await jobsPool.connect();
        try {
          const result: unknown = await client.query(text);
          // node-postgres answers a multi-statement script with one result per statement.
          return rowsOfEveryStatement(
            Array.isArray(result) ? (result as { rows: Row[] }[]) : [result as { rows: Row[] }],
          );
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
    },
  };
}

const countsOf = (pool: pg.Pool) => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** One dedicated connection per process for LISTEN, reconnecting (and re-listening) when it drops. */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private handlers = new Map<string, Set<NotificationHandler>>();
  private reconnectHooks = new Set<() => void>();
  private closed = false;
  /** LISTEN statements one after another: a pg client runs one query at a time. */
  private statements: Promise<unknown> = Promise.resolve();

  constructor(private readonly url: string) {}

  async listen(
    channel: string,
    handler: NotificationHandler,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.listenOn(client, channel);
    }
    set.add(handler);
    if (onReconnect) this.reconnectHooks.add(onReconnect);
    return async () => {
      set.delete(handler);
      if (onReconnect) this.reconnectHooks.delete(onReconnect);
    };
  }

  private listenOn(client: pg.Client, channel: string): Promise<unknown> {
    const statement = this.statements.then(() => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
    this.statements = statement.catch(() => undefined);
    return statement;
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) =>
        outsideLogContext(() => {
          for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        }),
      );
      client.on('error', (err) => {
        console.error('postgres listener error', err);
        this.client = null;
        if (!this.closed) setTimeout(() => void this.reconnect(), 1000);
      });
      await client.connect();
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  private async reconnect() {
    try {
      const client = await this.connect();
      for (const channel of this.handlers.keys()) await this.listenOn(client, channel);
      for (const hook of this.reconnectHooks) hook();
    } catch (err) {
      console.error('postgres listener reconnect failed', err);
      this.connecting = null;
      if (!this.closed) setTimeout(() => void this.reconnect(), 2000);
    }
  }

  async close() {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }
}

/**
 * Whether `err` (or its cause, as drizzle wraps driver errors) is the database refusing or losing a
 * statement: a PostgreSQL error (SQLSTATE and severity, from pg or PGlite) or a lost connection.
 */
export function isDatabaseFailure(err: unknown): boolean {
  for (let e = err as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown } | null; e;) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string')
      return true;
    if (typeof e.message === 'string' && /^Connection terminated|not queryable/.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The rows of a drizzle `execute` answer: node-postgres and PGlite both carry them in `rows`. */
export function rowsOf<T = Row>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
