// Readiness of a node on a PostgreSQL server, with a real server process: /readyz
// answers 503 while the database accepts no writes and 200 once it does again. (The embedded database on
// failing storage: readiness.pglite.test.ts.)
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../../test/db';
import { login, readyz, readyzUntil } from '../../test/readyz';
import { exited, startServerProcess, stopServerProcesses } from '../../test/server-process';
import { openDb } from '../platform/db';

afterAll(() => stopServerProcesses());

describe('a node on a PostgreSQL server', () => {
  it('is not ready while the database accepts no writes, and ready again once it does', async () => {
    const fresh = await createFreshPostgresDatabase();
    const name = new URL(fresh.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: fresh.url });
    // The node's pooled connections take the database's default at connect: end them to apply a change.
    const setReadOnly = async (on: boolean) => {
      await admin.query(
        on
          ? `ALTER DATABASE ${name} SET default_transaction_read_only = on`
          : `ALTER DATABASE ${name} RESET default_transaction_read_only`,
      );
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
    };
    try {
      const db = await openDb({ databaseUrl: fresh.url, poolSize: 1 });
      await db.migrate();
      await db.close();
      const { url, child } = await startServerProcess({
        DATABASE_URL: fresh.url,
        SEED_DEMO: 'always',
        PROVIDER_BASE_URL: 'http://127.0.0.1:1',
      });
      await admin.connect();
      expect((await readyz(url)).status).toBe(200);

      await setReadOnly(true);
      // Connections ended under a request answer 'Database unavailable' once; then the state shows.
      const readOnly = await readyzUntil(url, (r) => JSON.stringify(r.body).includes('read-only'));
      expect(readOnly).toEqual({
        status: 503,
        body: { error: { code: 'not_ready', message: 'Database is read-only' } },
      });
      // The job workers' failing polls (each costs pg-pool its connection) have a pool of their own, so a
      // sign-in does not queue behind them: when they shared one it waited minutes, past the test's time.
      expect(await login(url)).toBe(500);

      await setReadOnly(false);
      expect((await readyzUntil(url, (r) => r.status === 200)).status).toBe(200);
      expect(await login(url)).toBe(200);
      child.kill('SIGTERM');
      await exited(child);
    } finally {
      await admin.end().catch(() => undefined);
      await fresh.drop();
    }
  }, 300_000);
});
