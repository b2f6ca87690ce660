// One process per embedded database. PGlite has no cross-process locking: two processes on one data
// directory each keep their own view of it and overwrite each other's pages. A lock file beside the
// directory names its holder; it appears atomically (hard link of a complete file, which fails when one
// exists) and is stale when its holder's pid is no longer alive on this host.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export type LockHolder = { pid: number; host: string; startedAt: string };

/** Another live process holds the data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on host ${holder.host} (since ${holder.startedAt})`
      : 'another process (unreadable lock file)';
    super(
      `The embedded database in ${dataDir} is in use by ${who}. Only one process may use an embedded ` +
        `database: stop the other one first (for several processes use PostgreSQL, DATABASE_URL). If that ` +
        `process no longer runs, delete ${lockFile}.`,
    );
  }
}

/** Lock files this process holds: its own pid in a lock it does not hold means a previous life (restart). */
const held = new Set<string>();

/** The lock file guarding `dataDir`. */
export const lockFileOf = (dataDir: string) => `${dataDir}.lock`;

/**
 * Takes the lock on `dataDir` or throws DataDirInUseError; returns the release function (also run at process
 * exit). File system errors (read-only, full) propagate with their code.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) return holdUntilRelease(file, me);
    const holder = readHolder(file);
    if (holder === undefined) continue; // released meanwhile
    if (!holder || !isStale(file, holder)) throw new DataDirInUseError(dataDir, file, holder);
    removeStale(file, holder);
  }
  throw new DataDirInUseError(dataDir, file, readHolder(file) ?? null);
}

function tryCreate(file: string, me: LockHolder): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { flush: true });
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(draft);
  }
}

/** The holder named in `file`: undefined when there is no file, null when it cannot be read as a holder. */
function readHolder(file: string): LockHolder | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string')
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt) };
  } catch {
    // fall through: not a lock this code wrote
  }
  return null;
}

/** Only a holder on this host can be checked; our own pid is stale unless this process took the lock. */
function isStale(file: string, holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return !held.has(file);
  return !isAlive(holder.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/**
 * Moves the stale lock aside before deleting it, so two starters that both found it stale cannot delete a
 * lock the other has just taken: whoever moved a different holder's file puts it back.
 */
function removeStale(file: string, stale: LockHolder) {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readHolder(aside);
  const same = moved && moved.pid === stale.pid && moved.startedAt === stale.startedAt;
  if (!same) {
    try {
      linkSync(aside, file);
    } catch {
      // a third process took the lock meanwhile: its lock stands
    }
  }
  unlinkSync(aside);
}

function holdUntilRelease(file: string, me: LockHolder): () => void {
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.off('exit', release);
    const current = readHolder(file);
    if (current && current.pid === me.pid && current.startedAt === me.startedAt) unlinkSync(file);
  };
  // A process that exits without closing the database (a failed start) still frees the directory.
  process.on('exit', release);
  return release;
}
