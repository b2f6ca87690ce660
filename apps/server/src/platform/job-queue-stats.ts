// How far behind each job queue is, read from pg-boss's tables when metrics are scraped. The one place that
// knows pg-boss's table layout besides jobs.ts: adapt this statement when pg-boss changes it.
import type { Db } from './db';
import { BOSS_SCHEMA } from './jobs';

export type JobQueueStats = {
  queue: string;
  /** Jobs due now and not started (created or waiting for a retry). */
  waiting: number;
  /** Jobs not due yet (a delay, a retry's backoff). */
  deferred: number;
  /** Seconds the longest-waiting due job has been due (0 when none is waiting). */
  oldestWaitingSeconds: number;
};

/**
 * Every queue, with jobs not yet started. Reads pg-boss 12's `job` table through its partial indexes on
 * jobs not yet finished (`job_i11`: `WHERE state < 'active'`, the states before `active` being `created`
 * and `retry`), so the cost grows with the jobs waiting, not with those kept after completion.
 */
export async function readJobQueueStats(db: Db): Promise<JobQueueStats[]> {
  const rows = await db.query<{
    queue: string;
    waiting: number;
    deferred: number;
    oldest_waiting_seconds: number | string | null;
  }>(
    `SELECT q.name AS queue, coalesce(j.waiting, 0)::int AS waiting, coalesce(j.deferred, 0)::int AS deferred,
       extract(epoch FROM now() - j.oldest_due)::float8 AS oldest_waiting_seconds
     FROM ${BOSS_SCHEMA}.queue q
     LEFT JOIN (
       SELECT name,
         count(*) FILTER (WHERE start_after <= now()) AS waiting,
         count(*) FILTER (WHERE start_after > now()) AS deferred,
         min(start_after) FILTER (WHERE start_after <= now()) AS oldest_due
       FROM ${BOSS_SCHEMA}.job WHERE state < 'active' GROUP BY name
     ) j ON j.name = q.name
     ORDER BY q.name`,
  );
  return rows.map((r) => ({
    queue: r.queue,
    waiting: r.waiting,
    deferred: r.deferred,
    oldestWaitingSeconds: Math.max(0, Number(r.oldest_waiting_seconds ?? 0)),
  }));
}
