// Restoring a backup into an empty place only: a data directory with nothing in it, or a PostgreSQL
// database without tables, so a restore never mixes with or overwrites data. Nothing is migrated here: the
// server continues from the backup's level (embedded: at its next start; PostgreSQL: `npm run db:migrate`).
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDb } from '../platform/db';
import type { ArchiveEntry } from './archive';
import { FILES_PREFIX, migrationLevel, newerThanThisRelease, type MigrationLevel } from './manifest';
import type { VerifiedBackup } from './verify';

/** The target holds data, or the backup does not fit it: nothing was changed. */
export class RestoreRefused extends Error {}

const BODY_ENTRY = /^files\/([A-Za-z0-9_-]{2})\/([A-Za-z0-9_-]{32})$/;

/** Whether `dir` is absent or holds nothing. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

function refuseNewer(backup: VerifiedBackup) {
  const newer = newerThanThisRelease(backup.manifest.migration);
  if (newer) throw new RestoreRefused(`Not restored: ${newer}.`);
}

/** Writes the stored bodies under `filesDir`, checking each name (no entry may point outside it). */
async function restoreFiles(backup: VerifiedBackup, files: ArchiveEntry[], filesDir: string) {
  for (const entry of files) {
    const match = BODY_ENTRY.exec(entry.name);
    if (!match || !match[2]!.startsWith(match[1]!))
      throw new RestoreRefused(`Not restored: unexpected entry ${entry.name} in the backup.`);
    const dir = path.join(filesDir, match[1]!);
    await mkdir(dir, { recursive: true });
    await pipeline(
      backup.reader.stream(entry),
      createWriteStream(path.join(dir, match[2]!), { flags: 'wx' }),
    );
  }
}

const bodiesOf = (backup: VerifiedBackup) => backup.files.filter((e) => e.name.startsWith(FILES_PREFIX));

/** Restores an embedded backup into `dataDir`, which must be absent or empty. */
export async function restoreEmbedded(backup: VerifiedBackup, dataDir: string): Promise<MigrationLevel> {
  refuseNewer(backup);
  if (!(await isEmptyDir(dataDir)))
    throw new RestoreRefused(
      `Not restored: ${dataDir} is not empty. Restore into an empty or new directory (--into DIR), then ` +
        `point DATA_DIR at it.`,
    );
  await mkdir(dataDir, { recursive: true });
  try {
    const dump = new Blob([await backup.reader.read(backup.dump)]);
    const db = await openDb({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
    let level: MigrationLevel;
    try {
      level = await migrationLevel(db);
    } finally {
      await db.close();
    }
    await restoreFiles(backup, bodiesOf(backup), path.join(dataDir, 'files'));
    return level;
  } catch (err) {
    // The directory was empty: what is there now is this restore's half-done work.
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true });
    throw err;
  }
}

/** What the database at `databaseUrl` holds beyond a new database's empty `public` schema, in words. */
async function existingContent(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      tables: number;
      examples: string[] | null;
      schemas: string[] | null;
    }>(
      `SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')) AS tables,
              (SELECT array_agg(name) FROM (SELECT schemaname || '.' || tablename AS name FROM pg_tables
                WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1 LIMIT 3) t) AS examples,
              (SELECT array_agg(nspname ORDER BY nspname) FROM pg_namespace
                WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%') AS schemas`,
    );
    const { tables, examples, schemas } = rows[0]!;
    if (tables > 0) return `${tables} tables: ${examples!.join(', ')}${tables > 3 ? ', …' : ''}`;
    if (schemas?.length) return `the schemas ${schemas.join(', ')}`;
    return null;
  } finally {
    await client.end();
  }
}

export type ServerTarget = {
  databaseUrl: string;
  /** DATA_DIR/files of this node, for bodies the backup kept on disk (normally none). */
  filesDir: string;
  pgRestore(args: string[], databaseUrl: string): Promise<unknown>;
};

/** Restores a PostgreSQL backup into the database at `target.databaseUrl`, which must hold no tables. */
export async function restoreServer(backup: VerifiedBackup, target: ServerTarget): Promise<MigrationLevel> {
  refuseNewer(backup);
  const existing = await existingContent(target.databaseUrl);
  if (existing)
    throw new RestoreRefused(
      `Not restored: the database is not empty (it holds ${existing}). Create an empty database ` +
        '(createdb) and restore into it (--into postgres://…).',
    );
  const bodies = bodiesOf(backup);
  if (bodies.length > 0 && !(await isEmptyDir(target.filesDir)))
    throw new RestoreRefused(
      `Not restored: ${target.filesDir} is not empty, and the backup holds stored files.`,
    );
  const work = await mkdtemp(path.join(os.tmpdir(), 'sabai-restore-'));
  try {
    // pg_restore reads a custom-format dump out of order: it needs a file, not a pipe.
    const dumpFile = path.join(work, 'postgres.dump');
    await pipeline(backup.reader.stream(backup.dump), createWriteStream(dumpFile, { mode: 0o600 }));
    // One transaction: a failed restore leaves the database as empty as it was.
    await target.pgRestore(
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dumpFile],
      target.databaseUrl,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await restoreFiles(backup, bodies, target.filesDir);
  const db = await openDb({ databaseUrl: target.databaseUrl, poolSize: 1 });
  try {
    return await migrationLevel(db);
  } finally {
    await db.close();
  }
}
