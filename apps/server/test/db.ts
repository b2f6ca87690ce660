import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDb, type Db } from '../src/platform/db';
import { createPostgresDatabase, FILE_DATABASE_INFIX } from './postgres-database';

export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let fileDatabase: Promise<string> | undefined;

/**
 * This test file's PostgreSQL database, made on first use as a copy of the run's migrated one (which nobody
 * connects to, so it can be copied): the file's apps and server processes share it, and no other file's
 * job workers or ingest loops take its work (they did when every file shared one database). The global
 * teardown drops the copies.
 */
export function testDatabaseUrl(): Promise<string> {
  fileDatabase ??= copyRunDatabase();
  return fileDatabase;
}

/** The next test file in this process makes a copy of its own. */
export function forgetFileDatabase(): void {
  fileDatabase = undefined;
}

async function copyRunDatabase(): Promise<string> {
  const runUrl = inject('postgresUrl');
  const base = process.env.TEST_DATABASE_URL;
  if (!runUrl || !base) throw new Error('global setup provided no PostgreSQL database');
  const template = new URL(runUrl).pathname.slice(1);
  const name = `${template}${FILE_DATABASE_INFIX}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database for one test file: a fresh PGlite from the run's snapshot, or its own PostgreSQL. */
export async function openTestDb(): Promise<Db> {
  if (TEST_DB_KIND === 'postgres') return openDb({ databaseUrl: await testDatabaseUrl(), poolSize: 5 });
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  return openDb({ loadDataDir: snapshot });
}

/**
 * An empty PostgreSQL database beside the run's (for tests of a fresh installation, which the run's shared
 * database is not); `drop` removes it.
 */
export function createFreshPostgresDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for a fresh PostgreSQL database');
  return createPostgresDatabase(base, 'sabai_fresh');
}
