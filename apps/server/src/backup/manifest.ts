// What a backup says about itself (the archive's last entry, `manifest.json`), and the migration level a
// database is at: drizzle applies every committed migration newer than the newest one it recorded, so a
// restored database continues from the backup's level at the next migrate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR, SERVER_DIR } from '../paths';
import type { Db } from '../platform/db';

export const MANIFEST_NAME = 'manifest.json';
export const PGLITE_DUMP_NAME = 'database/pglite.tar.gz';
export const POSTGRES_DUMP_NAME = 'database/postgres.dump';
/** Stored files kept outside the database: `files/<first two characters>/<id>`, as under DATA_DIR/files. */
export const FILES_PREFIX = 'files/';

const MigrationLevel = z.object({
  /** Migrations recorded as applied. */
  applied: z.number().int().min(0),
  /** The newest one's tag (`0027_api_tokens`), null when none ran or this release does not know it. */
  latest: z.string().nullable(),
  /** The newest one's timestamp (drizzle's `created_at`, the journal's `when`). */
  latestAt: z.number().nullable(),
});
export type MigrationLevel = z.infer<typeof MigrationLevel>;

export const Manifest = z.object({
  format: z.literal('sabai-backup'),
  formatVersion: z.literal(1),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  appVersion: z.string(),
  migration: MigrationLevel,
  /** Every other entry of the archive with its size and SHA-256. */
  entries: z.array(z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string() })),
});
export type Manifest = z.infer<typeof Manifest>;

type JournalEntry = { tag: string; when: number };

/** This release's migrations, oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The migration level of a database (none on an empty one). */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [present] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!present?.present) return { applied: 0, latest: null, latestAt: null };
  const [row] = await db.query<{ applied: number; latest_at: string | null }>(
    'SELECT count(*)::int AS applied, max(created_at)::text AS latest_at FROM drizzle.__drizzle_migrations',
  );
  const latestAt = row?.latest_at ? Number(row.latest_at) : null;
  const latest = knownMigrations().find((m) => m.when === latestAt)?.tag ?? null;
  return { applied: row?.applied ?? 0, latest, latestAt };
}

/** Why this release cannot run on a database at `level`, or null when it can. */
export function newerThanThisRelease(level: MigrationLevel): string | null {
  if (level.latestAt === null) return null;
  const known = knownMigrations();
  if (known.some((m) => m.when === level.latestAt)) return null;
  const newest = known.at(-1);
  return (
    `the backup's database has a migration this release does not know (applied ${level.applied}, this ` +
    `release has ${known.length} up to ${newest?.tag ?? 'none'}): restore it with the release that made it ` +
    `or a newer one`
  );
}

/** The server's version (apps/server/package.json). */
export function appVersion(): string {
  const file = path.join(SERVER_DIR, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
