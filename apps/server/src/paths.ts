// Where the server's own files are. This module sits one folder below apps/server both as a source file
// (apps/server/src) and inside the built server (apps/server/dist, tools/scripts/build-server.mjs), so the
// paths below hold for either.
import path from 'node:path';

/** apps/server. */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The repository root, so relative paths work from any working directory. */
export const ROOT_DIR = path.resolve(SERVER_DIR, '../..');

/** The database migrations, read when the server starts. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
