// One process per embedded data directory: real server processes on one DATA_DIR. The
// second refuses to start and names the holder, and a lock left by a killed holder is taken over. (Nodes on
// a PostgreSQL server sharing a DATA_DIR: data-dir-lock.postgres.test.ts.)
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, runServerProcessToExit, startServerProcess } from '../../test/server-process';
import { acquireDataDirLock, DataDirInUseError, lockFileOf } from './data-dir-lock';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
async function freshDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabai-lock-'));
  dirs.push(dir);
  return dir;
}
const ready = (url: string) => fetch(`${url}/readyz`).then((r) => r.status);

describe('the embedded data directory lock', () => {
  it('refuses a second process on the same data directory, naming the holder', async () => {
    const env = { DATA_DIR: await freshDir(), SEED_DEMO: 'never' };
    const first = await startServerProcess(env);

    const second = await runServerProcessToExit(env, 25_000);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`is in use by process ${first.child.pid} on host ${os.hostname()}`);
    expect(await ready(first.url)).toBe(200);

    first.child.kill('SIGTERM');
    await exited(first.child);
    expect(existsSync(lockFileOf(path.join(env.DATA_DIR, 'pglite')))).toBe(false);
  }, 300_000);

  it('takes over the lock of a holder killed with SIGKILL', async () => {
    const env = { DATA_DIR: await freshDir(), SEED_DEMO: 'never' };
    const lockFile = lockFileOf(path.join(env.DATA_DIR, 'pglite'));
    const first = await startServerProcess(env);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });

    const second = await startServerProcess(env);
    expect(await ready(second.url)).toBe(200);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: second.child.pid });
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 300_000);

  it('is taken once per process, and a lock of this pid from a previous life is stale', async () => {
    const dataDir = path.join(await freshDir(), 'pglite');
    // A restarted container can get the same pid (and host name) as the killed process had.
    await writeFile(
      lockFileOf(dataDir),
      JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: 'before' }),
    );
    const release = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('is never taken over from a holder on another host', async () => {
    const dataDir = path.join(await freshDir(), 'pglite');
    await writeFile(
      lockFileOf(dataDir),
      JSON.stringify({ pid: 999_999, host: `not-${os.hostname()}`, startedAt: 'now' }),
    );
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process 999999 on host not-/);
  });
});
