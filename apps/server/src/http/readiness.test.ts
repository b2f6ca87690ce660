// Start-up and readiness on failing storage (issue 14 item 20), with real server processes. Embedded: a
// first start on a full disk or a read-only directory names the directory and the cause, and /readyz
// answers 503 while the data directory's disk is full mid-run. PostgreSQL: /readyz answers 503 while the
// database accepts no writes. Both come back to 200 once the storage takes writes again.
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, TEST_DB_KIND } from '../../test/db';
import {
  exited,
  runServerProcessToExit,
  startServerProcess,
  stopServerProcesses,
} from '../../test/server-process';
import { mountTmpfs, type TestFs } from '../../test/tmpfs';
import { DEMO_PASSWORD } from '../db/seed';
import { openDb } from '../platform/db';

const mounts: TestFs[] = [];
afterAll(async () => {
  stopServerProcesses();
  for (const m of mounts) await m.dispose();
});
async function tmpfs(opts: { sizeMb: number; readOnly?: boolean }) {
  const fs = await mountTmpfs(opts);
  mounts.push(fs);
  return fs.dir;
}

const readyz = (url: string) =>
  fetch(`${url}/readyz`).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
const login = (url: string) =>
  fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.local', password: DEMO_PASSWORD }),
  }).then((r) => r.status);

type Readyz = Awaited<ReturnType<typeof readyz>>;

/** Polls /readyz (for up to 20 s) until its answer satisfies `done`; resolves to the last answer. */
async function readyzUntil(url: string, done: (r: Readyz) => boolean) {
  let last = await readyz(url);
  for (let i = 0; i < 100 && !done(last); i++) {
    await new Promise((r) => setTimeout(r, 200));
    last = await readyz(url);
  }
  return last;
}

/** Writes zeros into `file` until the device is full. */
async function fillDisk(file: string) {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) await handle.write(chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

describe.runIf(TEST_DB_KIND === 'pglite')('the embedded database on failing storage', () => {
  it('refuses a first start on a full disk, naming the directory and the cause', async () => {
    const dir = await tmpfs({ sizeMb: 8 }); // a fresh embedded database needs ~40 MB
    const { code, output } = await runServerProcessToExit({ DATA_DIR: dir }, 120_000);
    expect(code).toBe(1);
    expect(output).toContain(
      `Cannot open the embedded database in ${path.join(dir, 'pglite')}: no space left on the device`,
    );
  }, 180_000);

  it('refuses a read-only data directory, naming the directory and the cause', async () => {
    const dir = await tmpfs({ sizeMb: 1, readOnly: true });
    const { code, output } = await runServerProcessToExit({ DATA_DIR: dir }, 120_000);
    expect(code).toBe(1);
    expect(output).toMatch(
      new RegExp(
        `Cannot open the embedded database in ${path.join(dir, 'pglite')}: ` +
          `(the file system is read-only|permission denied)`,
      ),
    );
  }, 180_000);

  it('is not ready while the disk is full mid-run, and ready again once space is freed', async () => {
    const dir = await tmpfs({ sizeMb: 160 });
    const { url, child } = await startServerProcess({ DATA_DIR: dir, SEED_DEMO: 'always' });
    expect((await readyz(url)).status).toBe(200);

    const filler = path.join(dir, 'filler');
    await fillDisk(filler);
    const full = await readyzUntil(url, (r) => r.status === 503);
    expect(full).toEqual({
      status: 503,
      body: { error: { code: 'not_ready', message: expect.stringMatching(/no space left on the device/) } },
    });

    await rm(filler);
    expect((await readyzUntil(url, (r) => r.status === 200)).status).toBe(200);
    expect(await login(url)).toBe(200);
    child.kill('SIGTERM');
    await exited(child);
  }, 300_000);
});

describe.runIf(TEST_DB_KIND === 'postgres')('a node on a PostgreSQL server', () => {
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
      // At once: the job workers' failing polls (each costs pg-pool its connection) have a pool of their
      // own, so a sign-in does not queue behind them (it waited minutes when they shared one).
      const asked = Date.now();
      expect(await login(url)).toBe(500);
      expect(Date.now() - asked).toBeLessThan(10_000);

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
