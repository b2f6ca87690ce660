// Backups of a PostgreSQL installation: `npm run backup` takes pg_dump's snapshot while a
// real server receives webhooks, the restore goes into a new empty database, and a server started on it has
// every message acknowledged before the backup began. A database that holds tables is refused.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupUnderTraffic, runBackupCli } from '../../test/backup-support';
import { createFreshPostgresDatabase } from '../../test/db';
import { openDb } from '../platform/db';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
async function freshDir(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sabai-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
async function freshDatabase() {
  const db = await createFreshPostgresDatabase();
  cleanups.push(() => db.drop());
  return db.url;
}

const tableCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
};

describe('backups of a PostgreSQL installation', () => {
  let backupFile = '';
  let sourceUrl = '';

  it('are taken with pg_dump during webhook traffic and restore every acknowledged message', async () => {
    sourceUrl = await freshDatabase();
    const targetUrl = await freshDatabase();
    // A PostgreSQL installation is migrated explicitly before its nodes start (operations.md).
    const db = await openDb({ databaseUrl: sourceUrl, poolSize: 1 });
    await db.migrate();
    await db.close();
    backupFile = path.join(await freshDir('backup-files'), 'sabai.tar');
    const server = (url: string, seed: 'always' | 'never', dataDir: string) => ({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: seed,
      PROVIDER_BASE_URL: 'http://127.0.0.1:1',
    });

    const run = await backupUnderTraffic({
      source: server(sourceUrl, 'always', await freshDir('backup-node')),
      cli: { DATABASE_URL: sourceUrl, DATA_DIR: await freshDir('backup-cli') },
      backupFile,
      restore: (file) => runBackupCli(['restore', file, '--into', targetUrl], {}),
      target: server(targetUrl, 'never', await freshDir('backup-node')),
    });
    console.warn(
      `[figure] postgres backup: ${run.ackedBefore.length} acknowledged before, ${run.ackedDuring} during the backup ` +
        `(${run.backup.ms.toFixed(0)} ms); restore ${run.restore.ms.toFixed(0)} ms`,
    );

    expect(run.backup.output).toContain('pg_dump snapshot');
    expect(run.backup.code).toBe(0);
    expect(run.restore.code).toBe(0);
    expect(run.ackedBefore.length).toBeGreaterThanOrEqual(30);
    expect(run.ackedDuring).toBeGreaterThan(0);
    expect(run.missing).toEqual([]);
    expect(run.pictureRestored).toBe(true);
  }, 300_000);

  it('verify a backup with pg_restore', async () => {
    const verified = await runBackupCli(['backup', '--verify', backupFile], {});
    expect(verified.output).toMatch(/Archive whole: postgres backup of .*every checksum matches/);
    expect(verified.output).toMatch(/Dump readable by pg_restore: \d+ tables with data/);
    expect(verified.code).toBe(0);
  }, 60_000);

  it('restore only into an empty database', async () => {
    const before = await tableCount(sourceUrl);
    const refused = await runBackupCli(['restore', backupFile, '--into', sourceUrl], {});
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /Not restored: the database is not empty \(it holds \d+ tables: drizzle\.__drizzle_migrations, /,
    );
    expect(await tableCount(sourceUrl)).toBe(before);

    const embedded = await runBackupCli(['restore', backupFile, '--into', await freshDir('backup-dir')], {});
    expect(embedded.code).toBe(1);
    expect(embedded.output).toContain('Not restored: this is a backup of a PostgreSQL database');
  }, 60_000);
});
