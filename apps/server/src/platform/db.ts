// One database interface over the two runtimes of architecture.md: embedded PGlite (default, one process)
// and a PostgreSQL server (DATABASE_URL, many processes). Both speak the same SQL, so every repo and test
// runs on both.
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
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The pg-boss `db` adapter (executeSql). */
  jobsAdapter: { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../db/migrations');

export type DbOptions = { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob; poolSize?: number };

/** Opens PostgreSQL when a URL is given, else PGlite under `dataDir` (in memory when dataDir is omitted). */
export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20)
    : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    async query<T extends Row>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return async () => unsubscribe();
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    jobsAdapter: {
      // PGlite's `query` takes one statement with parameters; pg-boss also sends multi-statement scripts
      // without parameters (its schema install), which only `exec` accepts.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query<Row>(text, values);
        try {
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        } catch (err) {
          // A failed `BEGIN … COMMIT` script would leave the only connection in an aborted transaction.
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (err) => console.error('postgres pool error', err));
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  const listener = new PgListener(url);
  return {
    kind: 'postgres',
    orm,
    async query<T extends Row>(text: string, params?: unknown[]) {
      return (await pool.query<T>(text, params)).rows;
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await listener.close();
      await pool.end();
    },
    jobsAdapter: {
      async executeSql(text, values) {
        if (values && values.length > 0) return pool.query(text, values);
        // Parameterless scripts may hold `BEGIN … COMMIT`: run them on a dedicated connection and roll back
        // on failure, so no pooled connection is handed back inside an aborted transaction.
        const client = await pool.connect();
        try {
          return await client.query(text);
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

/** One dedicated connection per process for LISTEN, reconnecting (and re-listening) when it drops. */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
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
      for (const channel of this.handlers.keys())
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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

/** The rows of a drizzle `execute` answer: node-postgres and PGlite both carry them in `rows`. */
export function rowsOf<T = Row>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
