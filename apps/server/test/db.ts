import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDb, type Db } from '../src/platform/db';
import { createPostgresDatabase } from './postgres-database';

export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated database for one test file: a fresh PGlite from the run's snapshot, or the run's PostgreSQL. */
export async function openTestDb(): Promise<Db> {
  if (TEST_DB_KIND === 'postgres') {
    const databaseUrl = inject('postgresUrl');
    if (!databaseUrl) throw new Error('global setup provided no PostgreSQL database');
    return openDb({ databaseUrl, poolSize: 5 });
  }
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
