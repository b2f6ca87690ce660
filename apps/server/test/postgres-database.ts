// An empty PostgreSQL database on the server of `baseUrl`, and how to drop it: for tests of a fresh
// installation and for the benches (no vitest import, so plain scripts can use it too).
import pg from 'pg';

/** Between the run's database name and a test file's copy of it (test/db.ts). */
export const FILE_DATABASE_INFIX = '_f_';

export async function createPostgresDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
