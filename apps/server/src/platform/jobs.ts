// Background jobs on pg-boss 10 (architecture.md, "Jobs"): outbound delivery retries, emails, timers. The
// queue lives in the same database, so a service enqueues inside the transaction of its change and the job
// exists only if that change committed. pg-boss reaches the database through `db.jobsAdapter`, which also
// makes it run on PGlite's single connection: nothing here holds that connection between statements.
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

export type WorkOptions = RetryOptions & {
  expireInSeconds?: number;
  /** Jobs of this queue handled at the same time by this process (default 1). */
  concurrency?: number;
};

export interface Jobs {
  /** Enqueues a job now, outside any transaction; resolves to its id (null when a singleton dropped it). */
  send<T extends JobData>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Enqueues a job through the caller's transaction: it exists only if that transaction commits. */
  sendInTransaction<T extends JobData>(
    tx: Executor,
    name: string,
    data: T,
    options?: SendOptions,
  ): Promise<string | null>;
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

/** pg-boss's schema; `create_queue` in it is called directly when a queue is first used in a transaction. */
const BOSS_SCHEMA = 'pgboss';

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

  // createQueue is idempotent; these only save a round trip per send once a queue is known to exist.
  const ensuring = new Map<string, Promise<void>>();
  const ready = new Set<string>();
  const ensureQueue = (name: string): Promise<void> => {
    let pending = ensuring.get(name);
    if (!pending) {
      pending = boss.createQueue(name).then(
        () => void ready.add(name),
        (err: unknown) => {
          ensuring.delete(name);
          throw err;
        },
      );
      ensuring.set(name, pending);
    }
    return pending;
  };

  return {
    async send(name, data, options) {
      await ensureQueue(name);
      return boss.send(name, data, toBossSendOptions(options));
    },

    async sendInTransaction(tx, name, data, options) {
      const txDb = transactionAdapter(tx);
      if (!ready.has(name)) {
        // The queue must exist before the insert, and on PGlite its one connection belongs to this
        // transaction until it ends: creating the queue through pg-boss's own adapter would wait forever.
        // So the first use creates it through the transaction too (idempotent), and the queue is also
        // ensured outside, once the transaction lets go, for the next sends.
        await txDb.executeSql(`SELECT ${BOSS_SCHEMA}.create_queue($1, $2)`, [name, { policy: 'standard' }]);
        ensureQueue(name).catch((err: unknown) => logger.warn({ err, queue: name }, 'could not ensure job queue'));
      }
      return boss.send(name, data, { ...toBossSendOptions(options), db: txDb });
    },

    async work<T extends JobData>(name: string, options: WorkOptions, handler: JobHandler<T>) {
      await ensureQueue(name);
      const { concurrency = 1, ...queueOptions } = options;
      // Jobs copy the retry settings of their queue when inserted, so a worker's policy also applies to
      // jobs sent by nodes that never call work() (HTTP-only nodes).
      if (Object.values(queueOptions).some((v) => v !== undefined)) await boss.updateQueue(name, { name, ...queueOptions });

      const run = async ([job]: PgBoss.JobWithMetadata<T>[]) => {
        if (!job) return;
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
          logger.warn({ err, queue: name, jobId: job.id, attempt }, 'job failed');
          throw err;
        }
      };
      for (let i = 0; i < concurrency; i++) {
        await boss.work<T>(name, { batchSize: 1, includeMetadata: true }, (jobs) => inFlight.track(run(jobs)));
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

function toBossSendOptions(options: SendOptions = {}): PgBoss.SendOptions {
  const { startAfter, ...rest } = options;
  return { ...rest, ...(startAfter === undefined ? {} : { startAfter }) };
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
