// Background jobs on pg-boss 12 (docs/architecture.md, "Jobs"): outbound delivery retries, emails, timers.
// The queue lives in the same database, so a service enqueues inside the transaction of its change and the
// job exists only if that change committed. pg-boss reaches the database through `db.jobsAdapter`, which also
// makes it run on PGlite's single connection: its statements are single round trips (the only transactions
// are its own short maintenance scripts). Every queue notifies on insert and every process listens, so a
// worker wakes when a job is committed (on any node) instead of at its next poll; a delayed job or a retry
// wakes it when it comes due (due-wakes.ts); polls remain as a floor.
// Each kind of job is declared once with defineJob (name, schema of its data, retry defaults): sends are
// typed from it and every payload is validated when handled; one that does not fit becomes a dead letter.
import {
  PgBoss,
  type Db as BossDb,
  type JobInsert,
  type JobWithMetadata,
  type SendOptions as BossSendOptions,
} from 'pg-boss';
import { sql, type SQL, type SQLChunk } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from './db';
import { startDueWakes } from './due-wakes';
import { idsIn, runWithLogContext } from './log-context';
import type { Logger } from './logger';

export type JobData = Record<string, unknown>;

/** What a handler receives: one job at a time. `retryCount` is 0 on the first attempt. */
export type Job<T = JobData> = {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  retryLimit: number;
};

export type RetryOptions = {
  /** Attempts after the first; pg-boss's default is 2. */
  retryLimit?: number;
  /** Seconds before a retry (the base delay when retryBackoff is on). */
  retryDelay?: number;
  /** Doubles the delay at each retry, with jitter. */
  retryBackoff?: boolean;
};

/** A job kind's defaults: applied to each send and, by work(), to its queue. */
export type JobDefaults = RetryOptions & {
  /** How long a handler may run before the job is failed (and retried). */
  expireInSeconds?: number;
};

/** A kind of job: its queue's name, the schema of its data, and its defaults. Made by defineJob. */
export type JobDefinition<S extends z.ZodType<JobData, JobData> = z.ZodType<JobData, JobData>> = {
  readonly name: string;
  readonly schema: S;
  readonly defaults: JobDefaults;
};

/** The data a sender gives for jobs of `D`. */
export type JobInput<D extends JobDefinition> = z.input<D['schema']>;
/** The job a handler of `D` receives, its data parsed by `D`'s schema. */
export type JobOf<D extends JobDefinition> = Job<z.output<D['schema']>>;

/**
 * Every kind of job defined so far. startJobs creates their queues: pg-boss sends to a queue it has read,
 * and inside a transaction it could not read one (PGlite's one connection is the transaction's).
 */
const definedJobs = new Map<string, JobDefinition>();

/** Declares a kind of job once, next to its handler; senders and the worker are typed from it. */
export function defineJob<S extends z.ZodType<JobData, JobData>>(
  name: string,
  schema: S,
  defaults: JobDefaults = {},
): JobDefinition<S> {
  const definition = { name, schema, defaults };
  definedJobs.set(name, definition);
  return definition;
}

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

/** One job of a bulk send; `data` is checked against `job`'s schema. */
export type JobToSend<D extends JobDefinition = JobDefinition> = {
  job: D;
  data: JobInput<D>;
  options?: SendOptions;
};

export type WorkOptions = RetryOptions & {
  /** Jobs of this queue handled at the same time by this process (default 1). */
  concurrency?: number;
};

/** The queue that receives jobs whose data did not fit their schema (one per installation). */
export const DEAD_LETTER_QUEUE = 'jobs.dead-letter';

export interface Jobs {
  /**
   * Enqueues a job now, outside any transaction; resolves to its id (null when a singleton dropped it).
   * Inside a transaction use sendInTransaction: on PGlite this would wait for the transaction's connection.
   */
  send<D extends JobDefinition>(job: D, data: JobInput<D>, options?: SendOptions): Promise<string | null>;
  /** Enqueues a job through the caller's transaction: it exists only if that transaction commits. */
  sendInTransaction<D extends JobDefinition>(
    tx: Executor,
    job: D,
    data: JobInput<D>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Cancels a job that has not run yet (a no-op once it ran or when there is none). */
  cancel(job: JobDefinition, id: string): Promise<void>;
  /**
   * Enqueues several jobs (of any queues) through the caller's transaction, one statement per queue. Each
   * element's data is checked against its own definition (build mixed lists with `jobToSend`).
   */
  sendManyInTransaction<const T extends readonly JobDefinition[]>(
    tx: Executor,
    jobs: { readonly [K in keyof T]: JobToSend<T[K]> },
  ): Promise<void>;
  /**
   * Handles jobs of `job` in this process with its data parsed by the schema; the definition's defaults,
   * overridden by `options`' retry settings, become the queue's. Data that does not fit the schema fails
   * the job once, without retries, into DEAD_LETTER_QUEUE.
   */
  work<D extends JobDefinition>(
    job: D,
    options: WorkOptions,
    handler: (job: JobOf<D>) => Promise<unknown>,
  ): Promise<void>;
  /** Sends `job` on a cron schedule (needs `schedule: true` on one process at least). */
  schedule<D extends JobDefinition>(
    job: D,
    cron: string,
    data: JobInput<D>,
    options?: { tz?: string },
  ): Promise<void>;
  /**
   * Creates the queues of kinds of jobs defined after the jobs started (those defined before have theirs),
   * so they may be sent inside a transaction.
   */
  prepare(...definitions: JobDefinition[]): Promise<void>;
  /** Jobs set aside as dead letters (still kept), per queue they were sent to. */
  countDeadLetters(): Promise<Record<string, number>>;
  /** Stops fetching, waits for running handlers (up to the shutdown timeout), then lets go of the database. */
  stop(): Promise<void>;
}

/** One element of a bulk send, checked against its definition where it is built. */
export function jobToSend<D extends JobDefinition>(
  job: D,
  data: JobInput<D>,
  options?: SendOptions,
): JobToSend<D> {
  return options === undefined ? { job, data } : { job, data, options };
}

export type JobsOptions = {
  logger: Logger;
  /** Run the cron clock on this process. */
  schedule?: boolean;
  /**
   * How often an idle worker asks for work anyway (pg-boss's minimum is 0.5 s): a new job wakes its workers
   * at once and a delayed one or a retry when it comes due, so polls only catch what both missed.
   */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing them (they are retried later). */
  shutdownTimeoutMs?: number;
};

/** pg-boss's schema; its `queue` table and `create_queue` function are used directly to create queues. */
export const BOSS_SCHEMA = 'pgboss';
/** Jobs fetched per worker loop. */
const JOB_BATCH = 10;
/** The idle workers' poll: a safety net (see pollingIntervalSeconds). */
const SAFETY_POLL_SECONDS = 10;

/** Starts pg-boss on `db`, installing or upgrading its schema (advisory-locked, so nodes may race). */
export async function startJobs(db: Db, opts: JobsOptions): Promise<Jobs> {
  const { logger } = opts;
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? 30_000;
  const inFlight = new InFlight();
  let stopped = false;

  const workers = new QueueWorkers();
  // Every statement pg-boss runs goes through here, so stop() can wait for the last one before the caller
  // closes the database, and nothing reaches a closed PGlite afterwards.
  const adapter: BossDb = {
    executeSql(text, values) {
      if (stopped) return Promise.reject(new Error('jobs are stopped'));
      return inFlight.track(db.jobsAdapter.executeSql(text, values));
    },
    // The process's one LISTEN connection (PGlite: in process) carries pg-boss's job notifications too (the
    // payload is a queue's name). They wake one worker of the queue (QueueWorkers), not pg-boss's every
    // one; after a lost connection pg-boss still wakes them all.
    async listen(channel, _onNotification, onReconnect) {
      return { close: await db.listen(channel, (queue) => workers.wakeOne(queue), onReconnect) };
    },
  };
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? SAFETY_POLL_SECONDS;
  const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };

  const boss = new PgBoss({
    db: adapter,
    schema: BOSS_SCHEMA,
    backend: db.kind,
    useListenNotify: true,
    schedule: opts.schedule ?? false,
    supervise: true,
  });
  boss.on('error', (err) => {
    if (stopped) logger.debug({ err }, 'job queue error after stop');
    else logger.error({ err }, 'job queue error');
  });
  await boss.start();
  workers.notify = (id) => boss.notifyWorker(id);

  // A worked queue's workers are woken, as by a notification, when one of its delayed jobs or retries comes
  // due; each fetches a batch and, while batches come full, the next at once.
  const dueWakes = startDueWakes({
    schema: BOSS_SCHEMA,
    executeSql: (text, values) => adapter.executeSql(text, values),
    wake: (queue) => workers.wakeOne(queue),
    logger,
  });
  const sentForLater = (queue: string, options: SendOptions) => {
    const { startAfter } = options;
    if (startAfter === undefined) return;
    dueWakes.dueIn(queue, startAfter instanceof Date ? startAfter.getTime() - Date.now() : startAfter * 1000);
  };

  // Queues known to exist, notifying their workers of each new job.
  const ready = new Set<string>();
  const ensureQueue = async (name: string, defaults: JobDefaults = {}): Promise<void> => {
    if (ready.has(name)) return;
    // create_queue does nothing for an existing queue, and serialises creations (advisory lock).
    await boss.createQueue(name, { ...defaults, notify: true });
    ready.add(name);
  };
  const readyForTransaction = (name: string): void => {
    if (!ready.has(name))
      throw new Error(`queue ${name} was defined after the jobs started: prepare() it before sending it`);
  };
  // Every queue defined by now, made or brought up to date (queues of an older release did not notify).
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const { name, defaults } of [{ name: DEAD_LETTER_QUEUE, defaults: {} }, ...definedJobs.values()]) {
    const queue = existing.get(name);
    if (queue && !queue.notify) await boss.updateQueue(name, { notify: true });
    if (queue) ready.add(name);
    else await ensureQueue(name, defaults);
  }

  /** Fails a job whose data does not fit its schema once, for good, into DEAD_LETTER_QUEUE. */
  const deadLetter = async (job: JobWithMetadata<unknown>, error: z.ZodError): Promise<void> => {
    const reason = `invalid data: ${z.prettifyError(error)}`;
    logger.error({ queue: job.name, jobId: job.id, reason }, 'job set aside as a dead letter');
    await ensureQueue(DEAD_LETTER_QUEUE);
    // pg-boss retries while retry_count < retry_limit, and copies a finally failed job into its
    // dead_letter queue (with the failure as output): the same data would fail the same way every time.
    await adapter.executeSql(
      `UPDATE ${BOSS_SCHEMA}.job SET retry_limit = retry_count, dead_letter = $3
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [job.name, job.id, DEAD_LETTER_QUEUE],
    );
    await boss.fail(job.name, job.id, { queue: job.name, jobId: job.id, message: reason });
  };

  return {
    async send(job, data, options) {
      await ensureQueue(job.name, job.defaults);
      const id = await boss.send(job.name, data, toBossSendOptions({ ...job.defaults, ...options }));
      if (options) sentForLater(job.name, options);
      return id;
    },

    async cancel(job, id) {
      await ensureQueue(job.name, job.defaults);
      await boss.cancel(job.name, id);
    },

    async sendInTransaction(tx, job, data, options) {
      readyForTransaction(job.name);
      const id = await boss.send(job.name, data, {
        ...toBossSendOptions({ ...job.defaults, ...options }),
        db: transactionAdapter(tx),
      });
      if (options) sentForLater(job.name, options);
      return id;
    },

    async sendManyInTransaction(tx, jobs: ReadonlyArray<JobToSend>) {
      if (jobs.length === 0) return;
      // One insert per queue: pg-boss inserts into one queue at a time.
      const byQueue = new Map<string, JobInsert[]>();
      for (const { job, data, options } of jobs) {
        readyForTransaction(job.name);
        const list = byQueue.get(job.name) ?? [];
        list.push(toBossInsert(data, { ...job.defaults, ...options }));
        byQueue.set(job.name, list);
        if (options) sentForLater(job.name, options);
      }
      for (const [name, list] of byQueue) await boss.insert(name, list, { db: transactionAdapter(tx) });
    },

    async work<D extends JobDefinition>(
      definition: D,
      options: WorkOptions,
      handler: (job: JobOf<D>) => Promise<unknown>,
    ) {
      const { name } = definition;
      await ensureQueue(name, definition.defaults);
      const { concurrency = 1, ...retry } = options;
      const queueOptions: JobDefaults = { ...definition.defaults, ...retry };
      // Jobs copy the retry settings of their queue when inserted, so a worker's policy also applies to
      // jobs sent by nodes that never call work() (HTTP-only nodes).
      if (Object.values(queueOptions).some((v) => v !== undefined))
        await boss.updateQueue(name, queueOptions);

      // Everything a handler logs names its job, and the organisation and issue its data names.
      const run = (job: JobWithMetadata<unknown>) =>
        runWithLogContext({ queue: name, jobId: job.id, ...idsIn(job.data) }, () => runOne(job));
      const runOne = async (job: JobWithMetadata<unknown>) => {
        try {
          const parsed = await z.safeParseAsync<D['schema']>(definition.schema, job.data);
          if (!parsed.success) return await deadLetter(job, parsed.error);
          await handler({
            id: job.id,
            name: job.name,
            data: parsed.data,
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
      // `concurrency` workers, each started on its own so that it can be woken alone. Each fetch takes a
      // batch, handled concurrently; a full batch means more are waiting, so the worker fetches again at
      // once instead of waiting for a notification or a poll, and wakes one more worker.
      for (let i = 0; i < concurrency; i++) {
        let id = '';
        id = await boss.work(
          name,
          { ...polling, batchSize: JOB_BATCH, includeMetadata: true, burstWhenBatchFull: true },
          async (jobs: JobWithMetadata<unknown>[]) => {
            const done = workers.busy(name, id);
            if (jobs.length >= JOB_BATCH) workers.wakeOne(name);
            try {
              await inFlight.track(Promise.all(jobs.map(run)).then(() => undefined));
            } finally {
              done();
            }
          },
        );
        workers.add(name, id);
      }
      dueWakes.watch(name);
    },

    async prepare(...definitions) {
      for (const { name, defaults } of definitions) await ensureQueue(name, defaults);
    },

    async schedule(job, cron, data, options) {
      await ensureQueue(job.name, job.defaults);
      await boss.schedule(job.name, cron, data, { tz: options?.tz ?? 'UTC' });
    },

    async countDeadLetters() {
      // pg-boss's copy of a dead job keeps the queue it came from as its source.
      const { rows } = await adapter.executeSql(
        `SELECT source_name AS queue, count(*)::int AS n FROM ${BOSS_SCHEMA}.job
         WHERE name = $1 GROUP BY 1 ORDER BY 1`,
        [DEAD_LETTER_QUEUE],
      );
      return Object.fromEntries(rows.map((r) => [String(r.queue), Number(r.n)]));
    },

    async stop() {
      if (stopped) return;
      dueWakes.stop();
      await boss.stop({ graceful: true, close: false, timeout: shutdownTimeoutMs });
      // pg-boss's stop returns while a worker may still be in the middle of a fetch, or completing a job it
      // fetched just before stopping; let those finish.
      await inFlight.drain(shutdownTimeoutMs);
      stopped = true;
    },
  };
}

/**
 * The workers of each queue in this process, woken one at a time. pg-boss wakes every worker of a queue at
 * each notification, and each fetches: with about a job per notification, all but one fetch nothing (two
 * fetches in three in the busy-day soak, 40,000 in three minutes). One is woken instead, an idle one first
 * (a busy one fetches again as soon as its batch is done); a worker whose fetch came back full wakes the
 * next, so a burst still spreads over all of them.
 */
class QueueWorkers {
  notify: (workerId: string) => void = () => undefined;
  private readonly queues = new Map<string, { ids: string[]; busy: Set<string>; next: number }>();

  add(queue: string, workerId: string) {
    const workers = this.queues.get(queue) ?? { ids: [], busy: new Set(), next: 0 };
    workers.ids.push(workerId);
    this.queues.set(queue, workers);
  }

  /** Marks the worker as handling a batch; the returned function marks it done. */
  busy(queue: string, workerId: string): () => void {
    const busy = this.queues.get(queue)?.busy;
    busy?.add(workerId);
    return () => busy?.delete(workerId);
  }

  /** Wakes one of the queue's workers in this process (none when the queue is not worked here). */
  wakeOne(queue: string) {
    const workers = this.queues.get(queue);
    if (!workers) return;
    const { ids, busy } = workers;
    let pick = workers.next % ids.length;
    for (let k = 0; k < ids.length; k++) {
      const i = (workers.next + k) % ids.length;
      if (!busy.has(ids[i]!)) {
        pick = i;
        break;
      }
    }
    workers.next = pick + 1;
    this.notify(ids[pick]!);
  }
}

function toBossSendOptions(options: SendOptions = {}): BossSendOptions {
  const { startAfter, ...rest } = options;
  return { ...rest, ...(startAfter === undefined ? {} : { startAfter }) };
}

/** One job of a bulk insert: the same options as a send (a delay in seconds becomes an interval). */
function toBossInsert(data: JobData, options: SendOptions = {}): JobInsert {
  const { startAfter, ...rest } = options;
  return {
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
export function transactionAdapter(tx: Executor): BossDb {
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
