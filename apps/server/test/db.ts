import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDb, type Db } from '../src/platform/db';

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
