// Background jobs on pg-boss 10 (architecture.md, "Jobs"): outbound delivery retries, emails, timers. The
// queue lives in the same database, so a service enqueues inside the transaction of its change and the job
// exists only if that change committed. pg-boss reaches the database through `db.jobsAdapter`, which also
// makes it run on PGlite's single connection: its statements are single round trips (the only transactions
// are its own short maintenance scripts), and workers poll every 0.5 s instead of holding a connection.
import PgBoss from 'pg-boss';
import { sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { Db, Executor, Row } from './db';
import type { Logger } from './logger';

export type JobData = Record<string, unknown>;

/** What a handler receives: one job at a time. `retryCount` is 0 on the first attempt. */
export type Job<T extends JobData = JobData> = {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  retryLimit: number;
};

export type JobHandler<T extends JobData = JobData> = (job: Job<T>) => Promise<void>;

export type RetryOptions = {
  /** Attempts after the first; pg-boss's default is 2. */
  retryLimit?: number;
  /** Seconds before a retry (the base delay when retryBackoff is on). */
  retryDelay?: number;
  /** Doubles the delay at each retry, with jitter. */
  retryBackoff?: boolean;
};

export type SendOptions = RetryOptions & {
  /** A fixed id (uuid), to make a send idempotent. */
  id?: string;
  /** Runs no earlier than this date, or after this many seconds. */
  startAfter?: Date | number;
  /** With singletonSeconds: at most one job per key in each time slot. */
  singletonKey?: string;
  singletonSeconds?: number;
  priority?: number;
  /** How long a handler may run before the job is failed (and retried). */
  expireInSeconds?: number;
};

export type JobToSend = { name: string; data: JobData; options?: SendOptions };

export type WorkOptions = RetryOptions & {
  expireInSeconds?: number;
  /** Jobs of this queue handled at the same time by this process (default 1). */
  concurrency?: number;
};

export interface Jobs {
  /**
   * Enqueues a job now, outside any transaction; resolves to its id (null when a singleton dropped it).
   * Inside a transaction use sendInTransaction: on PGlite this would wait for the transaction's connection.
   */
  send<T extends JobData>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Enqueues a job through the caller's transaction: it exists only if that transaction commits. */
  sendInTransaction<T extends JobData>(
    tx: Executor,
    name: string,
    data: T,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Cancels a job that has not run yet (a no-op once it ran or when there is none). */
  cancel(name: string, id: string): Promise<void>;
  /** Enqueues several jobs (of any queues) through the caller's transaction, with one statement. */
  sendManyInTransaction(tx: Executor, jobs: ReadonlyArray<JobToSend>): Promise<void>;
  /** Handles jobs of `name` in this process; the retry options become the queue's defaults. */
  work<T extends JobData>(name: string, options: WorkOptions, handler: JobHandler<T>): Promise<void>;
  /** Sends `name` on a cron schedule (needs `schedule: true` on one process at least). */
  schedule<T extends JobData>(name: string, cron: string, data: T, options?: { tz?: string }): Promise<void>;
  /** Stops fetching, waits for running handlers (up to the shutdown timeout), then lets go of the database. */
  stop(): Promise<void>;
}

export type JobsOptions = {
  logger: Logger;
  /** Run the cron clock on this process. */
  schedule?: boolean;
  /** How often an idle worker asks for work; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing them (they are retried later). */
  shutdownTimeoutMs?: number;
};

/** pg-boss's schema; its `queue` table and `create_queue` function are used directly to create queues. */
const BOSS_SCHEMA = 'pgboss';
/** Jobs fetched per worker loop. */
const JOB_BATCH = 10;

/** Starts pg-boss on `db`, installing or upgrading its schema (advisory-locked, so nodes may race). */
export async function startJobs(db: Db, opts: JobsOptions): Promise<Jobs> {
  const { logger } = opts;
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? 30_000;
  const inFlight = new InFlight();
  let stopped = false;

  // Every statement pg-boss runs goes through here, so stop() can wait for the last one before the caller
  // closes the database, and nothing reaches a closed PGlite afterwards.
  const adapter: PgBoss.Db = {
    executeSql(text, values) {
      if (stopped) return Promise.reject(new Error('jobs are stopped'));
      return inFlight.track(db.jobsAdapter.executeSql(text, values));
    },
  };

  const boss = new PgBoss({
    db: adapter,
    schema: BOSS_SCHEMA,
    schedule: opts.schedule ?? false,
    supervise: true,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5,
  });
  boss.on('error', (err) => {
    if (stopped) logger.debug({ err }, 'job queue error after stop');
    else logger.error({ err }, 'job queue error');
  });
  await boss.start();

  // Queues known to exist (committed); saves the existence check on later sends.
  const ready = new Set<string>();
  const ensureQueue = async (name: string): Promise<void> => {
    if (ready.has(name)) return;
    await db.orm.transaction((tx) => ensureQueueIn(tx, name));
    ready.add(name);
  };

  return {
    async send(name, data, options) {
      await ensureQueue(name);
      return boss.send(name, data, toBossSendOptions(options));
    },

    async cancel(name, id) {
      await ensureQueue(name);
      await boss.cancel(name, id);
    },

    async sendInTransaction(tx, name, data, options) {
      // On PGlite the one connection belongs to this transaction until it ends, so the queue is ensured
      // through the transaction too: going through pg-boss's adapter would wait forever.
      if (!ready.has(name) && (await ensureQueueIn(tx, name)) === 'existed') ready.add(name);
      return boss.send(name, data, { ...toBossSendOptions(options), db: transactionAdapter(tx) });
    },

    async sendManyInTransaction(tx, jobs) {
      if (jobs.length === 0) return;
      for (const name of new Set(jobs.map((j) => j.name)))
        if (!ready.has(name) && (await ensureQueueIn(tx, name)) === 'existed') ready.add(name);
      await boss.insert(
        jobs.map(({ name, data, options }) => toBossInsert(name, data, options)),
        { db: transactionAdapter(tx) },
      );
    },

    async work<T extends JobData>(name: string, options: WorkOptions, handler: JobHandler<T>) {
      await ensureQueue(name);
      const { concurrency = 1, ...queueOptions } = options;
      // Jobs copy the retry settings of their queue when inserted, so a worker's policy also applies to
      // jobs sent by nodes that never call work() (HTTP-only nodes).
      if (Object.values(queueOptions).some((v) => v !== undefined)) {
        await boss.updateQueue(name, { name, ...queueOptions });
      }

      const run = async (job: PgBoss.JobWithMetadata<T>) => {
        try {
          await handler({
            id: job.id,
            name: job.name,
            data: job.data,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          });
        } catch (err) {
          const attempt = `${job.retryCount + 1}/${job.retryLimit + 1}`;
          const isLast = job.retryCount >= job.retryLimit;
          logger[isLast ? 'error' : 'warn']({ err, queue: name, jobId: job.id, attempt }, 'job failed');
          // Failed one by one, so the rest of the batch completes; pg-boss schedules the retry.
          await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
        }
      };
      // Each fetch takes a batch, handled concurrently; a full batch means more are waiting, so the worker
      // fetches again at once instead of sleeping pg-boss's polling interval (0.5 s at least).
      for (let i = 0; i < concurrency; i++) {
        let workerId = '';
        workerId = await boss.work<T>(name, { batchSize: JOB_BATCH, includeMetadata: true }, async (jobs) => {
          await inFlight.track(Promise.all(jobs.map(run)).then(() => undefined));
          if (jobs.length === JOB_BATCH) boss.notifyWorker(workerId);
        });
      }
    },

    async schedule(name, cron, data, options) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: options?.tz ?? 'UTC' });
    },

    async stop() {
      if (stopped) return;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: shutdownTimeoutMs });
      // pg-boss's stop returns while a worker may still be in the middle of a fetch, or completing a job it
      // fetched just before stopping; let those finish.
      await inFlight.drain(shutdownTimeoutMs);
      stopped = true;
    },
  };
}

/**
 * Creates the queue (pg-boss's `create_queue`: a row and a partition of the job table) unless it exists,
 * on `executor`'s transaction. Two sessions creating the same new queue deadlock inside `create_queue`
 * (the row insert waits on the other's row, the partition's foreign key then waits on the queue table), so
 * creation is serialised by an advisory lock; the lock-free existence check keeps the common path cheap.
 */
async function ensureQueueIn(executor: Executor, name: string): Promise<'existed' | 'created'> {
  const db = transactionAdapter(executor);
  const { rows } = await db.executeSql(`SELECT 1 FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, [name]);
  if (rows.length > 0) return 'existed';
  await db.executeSql(`SELECT pg_advisory_xact_lock(hashtext('${BOSS_SCHEMA}.queue'), hashtext($1))`, [name]);
  await db.executeSql(`SELECT ${BOSS_SCHEMA}.create_queue($1, $2)`, [name, { policy: 'standard' }]);
  return 'created';
}

function toBossSendOptions(options: SendOptions = {}): PgBoss.SendOptions {
  const { startAfter, ...rest } = options;
  return { ...rest, ...(startAfter === undefined ? {} : { startAfter }) };
}

/** One job of a bulk insert: the same options as a send (a delay in seconds becomes an interval). */
function toBossInsert(name: string, data: JobData, options: SendOptions = {}): PgBoss.JobInsert {
  const { startAfter, ...rest } = options;
  return {
    name,
    data,
    ...rest,
    ...(startAfter === undefined
      ? {}
      : { startAfter: startAfter instanceof Date ? startAfter.toISOString() : `${startAfter} seconds` }),
  };
}

/**
 * A pg-boss `db` over a drizzle transaction. pg-boss writes `$1..$n` placeholders, some used twice; each
 * first use becomes a drizzle param and later uses point at the number drizzle gave it, so PostgreSQL infers
 * the same types as with pg-boss's own text (one param per number, typed by its first use).
 */
export function transactionAdapter(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result: unknown = await tx.execute(toDrizzleSql(text, values));
      return { rows: rowsOf(result) };
    },
  };
}

function toDrizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQLChunk[] = [];
  const numbering = new Map<number, number>();
  let nextNumber = 1;
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]);
    chunks.push(sql.raw(text.slice(last, match.index)));
    const assigned = numbering.get(index);
    if (assigned === undefined) {
      if (index < 1 || index > values.length) throw new Error(`no value for placeholder $${index}`);
      numbering.set(index, nextNumber++);
      chunks.push(sql.param(values[index - 1]));
    } else {
      chunks.push(sql.raw(`$${assigned}`));
    }
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

// node-postgres and PGlite both answer `execute` with an object carrying `rows`.
function rowsOf(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  return [];
}

/** Counts promises still running, so shutdown can wait for them. */
class InFlight {
  private count = 0;

  track<T>(promise: Promise<T>): Promise<T> {
    this.count++;
    return promise.finally(() => {
      this.count--;
    });
  }

  async drain(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.count > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
}
