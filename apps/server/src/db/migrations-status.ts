// Which committed migrations a PostgreSQL server has not applied yet (drizzle keeps applied hashes in
// drizzle.__drizzle_migrations), so a node refuses to start on a stale schema instead of failing later.
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from '../platform/db';

/** Tags of migrations not yet applied. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const [exists] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  const applied = exists?.present
    ? new Set(
        (await db.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations')).map(
          (r) => r.hash,
        ),
      )
    : new Set<string>();
  return files.filter((m) => !applied.has(m.hash)).map((m) => String(m.folderMillis));
}
