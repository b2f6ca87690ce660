// Shared set-up for benchmarks: a server on a fresh embedded or PostgreSQL database seeded with the demo
// data, or on an already seeded bench database, listening on a free loopback port.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toRoleEntries, type PermissionMatrix } from '@sabai/domain';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_ORG, seedDemo } from '../apps/server/src/db/seed';
import { createTokenService } from '../apps/server/src/modules/auth';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDb, type Db } from '../apps/server/src/platform/db';
import { loadCipher } from '../apps/server/src/platform/secrets';
import { createPostgresDatabase } from '../apps/server/test/postgres-database';
import { exited, spawnServer } from '../apps/server/test/spawn-server';
import type { FastifyInstance } from 'fastify';

/** Production refuses the demo provider secrets (config): benches run as production with their own. */
export const BENCH_PROVIDER_SECRETS = {
  META_APP_SECRET: 'bench-meta-app-secret',
  META_VERIFY_TOKEN: 'bench-verify-token',
} as const;

/** Production's environment for the benches: their provider secrets and an https PUBLIC_URL (unused). */
export const BENCH_PRODUCTION_ENV = {
  ...BENCH_PROVIDER_SECRETS,
  PUBLIC_URL: 'https://bench.sabai.test',
} as const;

/** The value at fraction `p` (0–1) of an ascending list. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A request to send: its body and headers. */
export type PacedRequest = { body: string; headers: Record<string, string> };

/**
 * POSTs `next()` to `url` for `seconds` with Poisson arrivals at `rate` a second, as customers write: each
 * request leaves at its own time whether or not earlier ones were answered (autocannon's rate sends each
 * second's requests together at its start, a burst several times the rate). Resolves to the rate achieved
 * and the answers that were not 2xx.
 */
export async function sendPoisson(url: string, rate: number, seconds: number, next: () => PacedRequest) {
  const start = performance.now();
  const end = start + seconds * 1000;
  const sent: Array<Promise<boolean>> = [];
  let at = start;
  for (;;) {
    at += (-Math.log(1 - Math.random()) / rate) * 1000;
    if (at >= end) break;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { body, headers } = next();
    sent.push(
      fetch(url, { method: 'POST', body, headers }).then(
        async (res) => (await res.arrayBuffer(), res.ok),
        () => false,
      ),
    );
  }
  const answers = await Promise.all(sent);
  return { rate: sent.length / seconds, failed: answers.filter((ok) => !ok).length };
}

/** A process's resident memory in MB (Linux). */
export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
};

/** A fresh PostgreSQL database on BENCH_DATABASE_URL's server (default the local one) and how to drop it. */
export function createBenchDatabase(prefix: string) {
  return createPostgresDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    prefix,
  );
}

/**
 * `count` agents with the demo organisation's Staff role, inserted set-based (they never sign in), and
 * access tokens for them signed with `jwtSecret` (the server's JWT_SECRET).
 */
export async function addStaffAgents(db: Db, count: number, jwtSecret: string) {
  const [org] = await db.query<{ id: string }>('select id from organizations where name = $1', [DEMO_ORG]);
  const [role] = await db.query<{ id: string; permissions: PermissionMatrix }>(
    `select id, permissions from roles where organization_id = $1 and name = 'Staff'`,
    [org!.id],
  );
  const tag = Math.random().toString(36).slice(2, 10);
  const agents = await db.query<{ id: string }>(
    `insert into users (email, username, first_name, last_name)
     select 'agent' || g || '-${tag}@bench.local', 'agent${tag}_' || g, 'Agent', g::text
       from generate_series(1, $1::int) g returning id`,
    [count],
  );
  await db.query(
    `insert into memberships (user_id, organization_id, role_id) select unnest($1::uuid[]), $2, $3`,
    [agents.map((a) => a.id), org!.id, role!.id],
  );
  const tokens = createTokenService(jwtSecret, systemClock);
  const tokenOf = (userId: string) =>
    tokens.signAccess({
      sub: userId,
      organizationId: org!.id,
      roleName: 'Staff',
      role: toRoleEntries(role!.permissions),
      sv: 0, // a new user's session version
      sid: randomUUID(),
    });
  return { organizationId: org!.id, agents, tokenOf };
}

export type BenchServer = { url: string; kind: string; db: Db; close(): Promise<void> };

/** Starts the real app for a benchmark; `kind` is 'pglite' or 'postgres' (needs BENCH_DATABASE_URL or the local server). */
export async function startBenchServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance, db: Db) => Promise<void>,
  opts: { serveWebApp?: boolean } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-'));
  let dropDb = async () => {};
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const created = await createBenchDatabase('sabai_bench');
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    ...BENCH_PRODUCTION_ENV,
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
  const { app } = await buildApp({ config, db, serveWebApp: opts.serveWebApp });
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

/**
 * The real server in its own process (apps/server main.ts, production settings) on a fresh PostgreSQL
 * database, seeded with the demo data and then changed by `prepare` before the server starts: the load a
 * bench generates in its own process then does not share the server's event loop, as in production. `db` is
 * the bench's own connection to that database, for reading results.
 */
export async function spawnBenchServer(
  env: Record<string, string>,
  prepare?: (db: Db) => Promise<void>,
  opts: { nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const database = await createBenchDatabase('sabai_bench');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-'));
  const serverEnv = {
    NODE_ENV: 'production',
    ...BENCH_PRODUCTION_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_DEMO: 'never',
    LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
    ...env,
  };
  const db = await openDb({ databaseUrl: database.url, dataDir: path.join(dataDir, 'pglite'), poolSize: 4 });
  let child: ChildProcess | null = null;
  try {
    await db.migrate();
    await seedDemo(db, await loadCipher(loadConfig(serverEnv), db));
    await prepare?.(db);
    const server = await spawnServer(serverEnv, {
      onSpawn: (spawned) => (child = spawned),
      nodeArgs: opts.nodeArgs,
    });
    return {
      url: server.url,
      kind: 'postgres',
      db,
      async close() {
        server.child.kill('SIGTERM');
        await exited(server.child);
        await db.close();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    (child as ChildProcess | null)?.kill('SIGKILL');
    await db.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

export type SeededServer = { root: string; close(): Promise<void> };

/**
 * The real app on an already seeded PostgreSQL database `db` (opened and migrated by the caller), on a
 * loopback port: no workers, and the websocket or the built web app only when asked; `env` adds to or
 * overrides its settings. `close` also closes db.
 */
export async function serveSeededDb(
  db: Db,
  databaseUrl: string,
  opts: { serveWebApp?: boolean; env?: Record<string, string> } = {},
): Promise<SeededServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    ...BENCH_PRODUCTION_ENV,
    LOG_LEVEL: 'fatal', // a call a bench gives up on is cancelled, and would log an error
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
    ...opts.env,
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
