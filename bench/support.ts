// Shared set-up for benchmarks: a server on a fresh embedded or PostgreSQL database seeded with the demo
// data, or on an already seeded bench database, listening on a free loopback port.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, loadCipher } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { seedDemo } from '../apps/server/src/db/seed';
import { openDb, type Db } from '../apps/server/src/platform/db';
import type { FastifyInstance } from 'fastify';

/** Production refuses the demo provider secrets (config): benches run as production with their own. */
export const BENCH_PROVIDER_SECRETS = {
  META_APP_SECRET: 'bench-meta-app-secret',
  META_VERIFY_TOKEN: 'bench-verify-token',
} as const;

export type BenchServer = { url: string; kind: string; db: Db; close(): Promise<void> };

/** Starts the real app for a benchmark; `kind` is 'pglite' or 'postgres' (needs BENCH_DATABASE_URL or the local server). */
export async function startBenchServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance, db: Db) => Promise<void>,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-'));
  let dropDb = async () => {};
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `sabai_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    ...BENCH_PROVIDER_SECRETS,
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = await openDb({ databaseUrl, dataDir: path.join(dataDir, 'pglite'), poolSize: 20 });
  await db.migrate();
  await seedDemo(db, await loadCipher(config, db));
  const { app } = await buildApp({ config, db });
  await configure?.(app, db);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    kind,
    db,
    async close() {
      await app.close();
      await db.close();
      await dropDb();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type SeededServer = { root: string; close(): Promise<void> };

/**
 * The real app on an already seeded PostgreSQL database `db` (opened and migrated by the caller), on a
 * loopback port: no workers, and the websocket or the built web app only when asked. `close` also closes db.
 */
export async function serveSeededDb(
  db: Db,
  databaseUrl: string,
  opts: { serveWebApp?: boolean } = {},
): Promise<SeededServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    ...BENCH_PROVIDER_SECRETS,
    LOG_LEVEL: 'fatal', // a call a bench gives up on is cancelled, and would log an error
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
  });
  const { app } = await buildApp({
    config,
    db,
    runWorkers: false,
    ...(opts.serveWebApp ? { serveWebApp: true } : { realtime: false }),
  });
  const root = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    root,
    async close() {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
