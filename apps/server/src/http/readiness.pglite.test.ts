// Start-up and readiness of the embedded database on failing storage, with real server
// processes: a first start on a full disk or a read-only directory names the directory and the cause, and
// /readyz answers 503 while the data directory's disk is full mid-run, 200 once it takes writes again.
// (A PostgreSQL server that accepts no writes: readiness.postgres.test.ts.)
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exited,
  runServerProcessToExit,
  startServerProcess,
  stopServerProcesses,
} from '../../test/server-process';
import { login, readyz, readyzUntil } from '../../test/readyz';
import { mountTmpfs, type TestFs } from '../../test/tmpfs';

const mounts: TestFs[] = [];
afterAll(async () => {
  await stopServerProcesses();
  for (const m of mounts) await m.dispose();
});
async function tmpfs(opts: { sizeMb: number; readOnly?: boolean }) {
  const fs = await mountTmpfs(opts);
  mounts.push(fs);
  return fs.dir;
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

describe('the embedded database on failing storage', () => {
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
