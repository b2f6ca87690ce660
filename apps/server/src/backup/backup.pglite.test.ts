// Backups of the embedded database, with real processes as an operator runs them: the
// running server writes the backup over its backup socket while webhooks keep arriving, the restore goes
// into a fresh data directory, and a server started on it has every message acknowledged before the
// backup began. A stopped data directory is backed up directly; a directory that holds data is refused.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupUnderTraffic, runBackupCli } from '../../test/backup-support';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
async function freshDir(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sabai-${name}-`));
  dirs.push(dir);
  return dir;
}

const serverEnv = (dataDir: string, seed: 'always' | 'never') => ({
  DATA_DIR: dataDir,
  SEED_DEMO: seed,
  PROVIDER_BASE_URL: 'http://127.0.0.1:1',
});

describe('backups of the embedded database', () => {
  let backupFile = '';
  let restoredDir = '';

  it('are taken from the running server during webhook traffic and restore every acknowledged message', async () => {
    const sourceDir = await freshDir('backup-source');
    restoredDir = path.join(await freshDir('backup-target'), 'data');
    backupFile = path.join(await freshDir('backup-files'), 'sabai.tar');

    const run = await backupUnderTraffic({
      source: serverEnv(sourceDir, 'always'),
      cli: { DATA_DIR: sourceDir },
      backupFile,
      restore: (file) => runBackupCli(['restore', file, '--into', restoredDir], { DATA_DIR: sourceDir }),
      target: serverEnv(restoredDir, 'never'),
    });
    console.warn(
      `[figure] pglite backup: ${run.ackedBefore.length} acknowledged before, ${run.ackedDuring} during the backup ` +
        `(${run.backup.ms.toFixed(0)} ms); restore ${run.restore.ms.toFixed(0)} ms`,
    );

    expect(run.backup.output).toContain('written by the running server');
    expect(run.backup.code).toBe(0);
    expect(run.restore.code).toBe(0);
    expect(run.restore.output).toContain(`into ${restoredDir}`);
    expect(run.ackedBefore.length).toBeGreaterThanOrEqual(30);
    expect(run.ackedDuring).toBeGreaterThan(0);
    expect(run.missing).toEqual([]);
    expect(run.pictureRestored).toBe(true);
  }, 300_000);

  it('are taken from a stopped data directory too, and verified', async () => {
    const again = path.join(await freshDir('backup-files'), 'stopped.tar');
    const backup = await runBackupCli(['backup', '--out', again], { DATA_DIR: restoredDir });
    expect(backup.output).toContain('no server was running');
    expect(backup.code).toBe(0);

    const verified = await runBackupCli(['backup', '--verify', again], { DATA_DIR: restoredDir });
    expect(verified.output).toMatch(/Archive whole: pglite backup of .*every checksum matches/);
    expect(verified.output).toMatch(
      /Database opens: migration \d{4}_\w+ \(\d+ migrations\); \{"organizations":2,/,
    );
    expect(verified.code).toBe(0);
  }, 120_000);

  it('restore only into an empty data directory', async () => {
    const occupied = await freshDir('backup-occupied');
    await writeFile(path.join(occupied, 'notes.txt'), 'an operator was here');
    const refused = await runBackupCli(['restore', backupFile, '--into', occupied], {});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Not restored: ${occupied} is not empty`);
    expect(await readdir(occupied)).toEqual(['notes.txt']);
  }, 60_000);

  it('refuse a damaged or truncated backup file before touching the target', async () => {
    const bytes = await readFile(backupFile);
    const dir = await freshDir('backup-damaged');
    const truncated = path.join(dir, 'truncated.tar');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = path.join(dir, 'damaged.tar');
    const flipped = Buffer.from(bytes);
    flipped[5000] = flipped[5000]! ^ 0xff; // inside the database dump
    await writeFile(damaged, flipped);

    const target = path.join(dir, 'target');
    const a = await runBackupCli(['restore', truncated, '--into', target], {});
    expect(a.code).toBe(1);
    expect(a.output).toMatch(/truncated|no manifest/);
    const b = await runBackupCli(['restore', damaged, '--into', target], {});
    expect(b.code).toBe(1);
    expect(b.output).toContain('database/pglite.tar.gz is damaged');
    expect(await readdir(dir)).toEqual(['damaged.tar', 'truncated.tar']);
  }, 60_000);
});
