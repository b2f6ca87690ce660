// Nodes on a PostgreSQL server sharing a DATA_DIR all start, as scaling out needs: the one-process lock
// (data-dir-lock.pglite.test.ts) guards only an embedded database.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/db';
import { startServerProcess } from '../../test/server-process';
import { lockFileOf } from './data-dir-lock';

let dataDir = '';
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const ready = (url: string) => fetch(`${url}/readyz`).then((r) => r.status);

describe('nodes on a PostgreSQL server', () => {
  it('all start on one DATA_DIR: the lock guards only an embedded database', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabai-lock-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: await testDatabaseUrl(), SEED_DEMO: 'never' };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    expect([await ready(a.url), await ready(b.url)]).toEqual([200, 200]);
    expect(existsSync(lockFileOf(path.join(env.DATA_DIR, 'pglite')))).toBe(false);
  }, 300_000);
});
