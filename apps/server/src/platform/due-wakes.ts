// Wakes a queue's worker when its next delayed job or retry comes due. A new job wakes its workers at once
// (NOTIFY on commit), but a job sent for later, or failed and retried later, notifies nobody when its moment
// comes. Polling every worker often enough to start those on time cost an idle server a sixth of a core and
// as much again in the database (every worker of every queue fetching twice a second). Instead one statement
// a second reads each worked queue's next moment, and a timer wakes the queue's worker then; the workers'
// own polls are only a safety net for what both miss.
import type { Logger } from './logger';

type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

export type DueWakes = {
  /** Wakes `queue` (by `wake`) whenever a job of it comes due from now on. */
  watch(queue: string): void;
  /** A job of `queue` comes due in `delayMs` (sent for later by this process): woken then. */
  dueIn(queue: string, delayMs: number): void;
  /** Stops the checks and clears the timers. */
  stop(): void;
};

/** How often the next due moments are read: a moment read then is met to the millisecond by its timer. */
const CHECK_EVERY_MS = 1_000;
/** A job is fetched once `start_after <= now()`: the timer fires this much after the moment. */
const AFTER_DUE_MS = 5;

export function startDueWakes(opts: {
  schema: string;
  executeSql: ExecuteSql;
  wake: (queue: string) => void;
  logger: Logger;
  checkEveryMs?: number;
}): DueWakes {
  const watched = new Set<string>();
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  let stopped = false;
  let check: NodeJS.Timeout | undefined;

  const dueIn = (queue: string, delayMs: number) => {
    if (stopped || !watched.has(queue)) return;
    const at = Date.now() + Math.max(0, delayMs);
    const current = timers.get(queue);
    if (current && current.at <= at) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(
      () => {
        timers.delete(queue);
        opts.wake(queue);
      },
      at - Date.now() + AFTER_DUE_MS,
    );
    timer.unref();
    timers.set(queue, { at, timer });
  };

  // Per queue, the soonest start of a job waiting (created) or to be retried, each an index lookup (pg-boss's
  // name, state, blocked, start_after); one already due (a retry that came due since the last check) wakes
  // the worker at once. Milliseconds from the database's now, so the clocks of this process and the
  // database need not agree.
  const nextMoments = `
    SELECT q.name, extract(epoch FROM least(
      (SELECT j.start_after FROM ${opts.schema}.job j WHERE j.name = q.name AND j.state = 'created'
         AND NOT j.blocked ORDER BY j.start_after LIMIT 1),
      (SELECT j.start_after FROM ${opts.schema}.job j WHERE j.name = q.name AND j.state = 'retry'
         AND NOT j.blocked ORDER BY j.start_after LIMIT 1)) - now()) * 1000 AS in_ms
    FROM unnest($1::text[]) AS q(name)`;

  const readMoments = async () => {
    if (stopped || watched.size === 0) return;
    try {
      const { rows } = await opts.executeSql(nextMoments, [[...watched]]);
      for (const row of rows) if (row.in_ms !== null) dueIn(String(row.name), Number(row.in_ms));
    } catch (err) {
      // The database is away or the jobs are stopping: the next check, or the workers' polls, catch up.
      if (!stopped) opts.logger.warn({ err }, 'could not read when delayed jobs come due');
    }
  };

  const loop = () => {
    check = setTimeout(() => {
      void readMoments().finally(() => {
        if (!stopped) loop();
      });
    }, opts.checkEveryMs ?? CHECK_EVERY_MS);
    check.unref();
  };
  loop();

  return {
    watch: (queue) => void watched.add(queue),
    dueIn,
    stop() {
      stopped = true;
      clearTimeout(check);
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
