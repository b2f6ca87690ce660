// Writing a backup (docs/operations.md "Backups"). Embedded: the database's own dump of its data directory
// (taken inside the process that owns it) and the file bodies under DATA_DIR/files. PostgreSQL: pg_dump's
// custom format (one snapshot) and, only if rows say so, bodies kept on disk; in server mode every body is
// in the database (file_chunks).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Db } from '../platform/db';
import type { Storage } from '../platform/storage';
import { createArchiveWriter } from './archive';
import {
  appVersion,
  FILES_PREFIX,
  MANIFEST_NAME,
  migrationLevel,
  PGLITE_DUMP_NAME,
  POSTGRES_DUMP_NAME,
  type Manifest,
  type MigrationLevel,
} from './manifest';

type Archive = ReturnType<typeof createArchiveWriter>;

const BODY_NAME = /^[A-Za-z0-9_-]{32}$/;

/** Every stored body under `filesDir` (`<two characters>/<id>`), skipping uploads still in progress. */
async function addStoredFiles(archive: Archive, filesDir: string) {
  let shards: string[];
  try {
    shards = (await readdir(filesDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const shard of shards.sort()) {
    const names = await readdir(path.join(filesDir, shard)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (!BODY_NAME.test(name) || name.slice(0, 2) !== shard) continue;
      await archive.addFile(`${FILES_PREFIX}${shard}/${name}`, path.join(filesDir, shard, name));
    }
  }
}

/** Adds the manifest; `createdAt` is when the database's copy was taken. */
async function finish(archive: Archive, kind: Manifest['kind'], migration: MigrationLevel, createdAt: Date) {
  const manifest: Manifest = {
    format: 'sabai-backup',
    formatVersion: 1,
    kind,
    createdAt: createdAt.toISOString(),
    appVersion: appVersion(),
    migration,
    entries: [...archive.digests],
  };
  await archive.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  await archive.finish();
  return manifest;
}

export type EmbeddedSource = {
  db: Db;
  /** DATA_DIR/files. */
  filesDir: string;
  /** The running server's storage: removed bodies stay on disk until the copy is done. */
  storage?: Pick<Storage, 'holdRemovals'>;
};

/**
 * Writes a backup of an embedded installation onto `out`. A body is on disk before its row commits and
 * leaves it only after the row is gone, so with removals held every row of the dump finds its body.
 */
export async function writeEmbeddedBackup(out: Writable, source: EmbeddedSource): Promise<Manifest> {
  if (!source.db.dumpDataDir) throw new Error('only the embedded database dumps its data directory');
  const release = source.storage?.holdRemovals();
  try {
    const migration = await migrationLevel(source.db);
    const createdAt = new Date();
    const dump = await source.db.dumpDataDir();
    const archive = createArchiveWriter(out);
    await archive.addBuffer(PGLITE_DUMP_NAME, Buffer.from(await dump.arrayBuffer()));
    await addStoredFiles(archive, source.filesDir);
    return await finish(archive, 'pglite', migration, createdAt);
  } finally {
    await release?.();
  }
}

export type ServerSource = {
  db: Db;
  databaseUrl: string;
  /** This node's DATA_DIR/files, read only when rows say bodies are on disk. */
  filesDir: string;
  /** Where pg_dump writes before the dump goes into the archive. */
  dumpFile: string;
  pgDump(args: string[]): Promise<unknown>;
};

/** Writes a backup of a PostgreSQL installation onto `out` (pg_dump's snapshot needs no server's help). */
export async function writeServerBackup(out: Writable, source: ServerSource): Promise<Manifest> {
  const migration = await migrationLevel(source.db);
  const [disk] = await source.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM files WHERE storage = 'disk'",
  );
  const createdAt = new Date();
  await source.pgDump(['--format=custom', `--file=${source.dumpFile}`]);
  const archive = createArchiveWriter(out);
  await archive.addFile(POSTGRES_DUMP_NAME, source.dumpFile);
  if ((disk?.n ?? 0) > 0) await addStoredFiles(archive, source.filesDir);
  return finish(archive, 'postgres', migration, createdAt);
}
