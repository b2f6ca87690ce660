// Readiness is the ability to do the work, and the work writes: a database that still answers `SELECT 1`
// on a full disk fails every sign-in. So the probe checks that the database accepts writes (not a read-only
// replica or session) and, where this node keeps data on its own disk (the embedded database and its
// files), writes a page's worth of bytes there.
import { mkdir } from 'node:fs/promises';
import type { Db } from './db';
import type { Logger } from './logger';
import { describeCause, probeWrite } from './storage-errors';

export type ReadinessOptions = {
  db: Db;
  /** The directory holding this node's embedded database and files; omitted when it keeps none. */
  dataDir?: string;
  logger: Logger;
};

/** Resolves to null when ready, else to why not (no paths: `/readyz` is public; the log has the detail). */
export function createReadinessProbe(opts: ReadinessOptions): () => Promise<string | null> {
  const { db, dataDir, logger } = opts;
  let lastProblem: string | null = null;

  const findProblem = async (): Promise<{ reason: string; detail: string } | null> => {
    let row: { recovery: boolean; read_only: string } | undefined;
    try {
      [row] = await db.query<{ recovery: boolean; read_only: string }>(
        `SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only`,
      );
    } catch (err) {
      return { reason: 'Database unavailable', detail: err instanceof Error ? err.message : String(err) };
    }
    if (row?.recovery || row?.read_only === 'on')
      return { reason: 'Database is read-only', detail: 'the database accepts no writes' };
    if (dataDir) {
      // Created on first use by the storage too; a failure shows in the probe's own error.
      await mkdir(dataDir, { recursive: true }).catch(() => undefined);
      const code = await probeWrite(dataDir);
      if (code) {
        const cause = await describeCause(code, dataDir);
        return { reason: `Cannot write to the data directory: ${cause}`, detail: `${dataDir}: ${cause}` };
      }
    }
    return null;
  };

  return async () => {
    const problem = await findProblem();
    // Load balancers poll often: log the changes, not every answer.
    if ((problem?.detail ?? null) !== lastProblem) {
      if (problem) logger.warn({ problem: problem.detail }, 'not ready');
      else logger.info('ready again');
      lastProblem = problem?.detail ?? null;
    }
    return problem?.reason ?? null;
  };
}
