// Storage failures in words an operator can act on. Node reports file system errors by code (ENOSPC);
// PGlite's file system reports them by WASI errno number (`ErrnoError` 51) or only as "PGlite failed to
// initialize properly", so the data directory itself is probed for the cause.
import { statfs, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** WASI errno numbers of PGlite's `ErrnoError` for the causes we can name. */
const WASI_CODES: Record<number, string> = { 2: 'EACCES', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

/** The errno code of a file system error from Node or PGlite, if it carries one. */
export function errnoCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; errno?: unknown; name?: unknown } | null;
  if (typeof e?.code === 'string' && e.code.startsWith('E')) return e.code;
  if (e?.name === 'ErrnoError' && typeof e.errno === 'number') return WASI_CODES[e.errno];
  return undefined;
}

/** Writes (and removes) one database page's worth of bytes in `dir`; resolves to the error code, or null. */
export async function probeWrite(dir: string): Promise<string | null> {
  const file = path.join(dir, `.write-probe-${process.pid}`);
  try {
    await writeFile(file, Buffer.alloc(8192), { flush: true });
    return null;
  } catch (err) {
    return errnoCode(err) ?? (err instanceof Error ? err.message : String(err));
  } finally {
    await unlink(file).catch(() => undefined);
  }
}

/** A human description of an errno code met in `dir`. */
export async function describeCause(code: string, dir: string): Promise<string> {
  switch (code) {
    case 'ENOSPC':
      return `no space left on the device (${await freeSpace(dir)} free)`;
    case 'EDQUOT':
      return 'the disk quota is exhausted';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
      return `permission denied for user id ${process.getuid?.() ?? '?'}`;
    default:
      return code;
  }
}

/** Free space on the device of `dir` (or of its parent, when `dir` could not be created). */
async function freeSpace(dir: string): Promise<string> {
  try {
    const s = await statfs(dir).catch(() => statfs(path.dirname(dir)));
    const bytes = s.bavail * s.bsize;
    return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`;
  } catch {
    return 'unknown';
  }
}
