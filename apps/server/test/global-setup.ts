// Prepares one migrated database per run: a PGlite snapshot that each test file loads in ~0.5 s (instead
// of ~4 s of initdb + migrations), or a fresh PostgreSQL database created beside TEST_DATABASE_URL's, which
// each test file copies (test/db.ts), all dropped at the end, so runs and files never see each other's data.
import { randomBytes } from 'node:crypto';
import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/paths';
import { openDb } from '../src/platform/db';
import { FILE_DATABASE_INFIX } from './postgres-database';
import { useServerBuild } from './spawn-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // One build for the run's server processes (the workers inherit SERVER_BUILD), made by the first project.
  const removeBuild = process.env.SERVER_BUILD ? undefined : useServerBuild();
  // The project's `env` reaches the workers, not this file: read it from the project config.
  const teardown =
    project.config.env.TEST_DB === 'postgres' ? await setupPostgres(project) : await setupPglite(project);
  return async () => {
    await teardown();
    removeBuild?.();
  };
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-pglite-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const snapshot = path.join(dir, 'snapshot.tar');
  await writeFile(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', snapshot);
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const name = `sabai_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  await db.migrate();
  await db.close();
  project.provide('postgresUrl', url.toString());
  return async () => {
    // The test files' copies (test/db.ts testDatabaseUrl), then the run's database.
    const copies = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${name}${FILE_DATABASE_INFIX}`],
    );
    for (const { datname } of copies.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
