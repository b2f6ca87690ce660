import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { openTestDb } from '../../test/db';
import type { Db } from './db';
import {
  BOSS_SCHEMA,
  DEAD_LETTER_QUEUE,
  defineJob,
  jobToSend,
  startJobs,
  transactionAdapter,
  type Job,
  type JobDefaults,
  type Jobs,
} from './jobs';
import { silentLogger } from './logger';

let db: Db;
let jobs: Jobs;

beforeAll(async () => {
  db = await openTestDb();
  jobs = await startJobs(db, { logger: silentLogger, pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 5_000 });
});

afterAll(async () => {
  await jobs.stop();
  await db.close();
});

// Queues are global to the database, which the PostgreSQL run shares between test files.
const queueName = (label: string) => `test-${label}-${randomUUID().slice(0, 8)}`;
/** A job of a new queue whose data is any object (what most tests here send). */
const anyJob = (label: string, defaults?: JobDefaults) =>
  defineJob(queueName(label), z.record(z.string(), z.unknown()), defaults);
const wait = { timeout: 10_000, interval: 50 };

async function jobRow(name: string, id: string) {
  const [row] = await db.query<{ state: string; retry_count: number }>(
    'select state, retry_count from pgboss.job where name = $1 and id = $2',
    [name, id],
  );
  return row;
}

describe('jobs', () => {
  it('runs a job that was sent, with the data its schema parsed', async () => {
    const job = defineJob(
      queueName('send'),
      z.object({ issueId: z.number().int(), lang: z.enum(['en', 'th']).default('en') }),
    );
    const seen: Array<Job<{ issueId: number; lang: 'en' | 'th' }>> = [];
    await jobs.work(job, {}, async (received) => {
      seen.push(received);
    });

    const id = await jobs.send(job, { issueId: 42 });

    await vi.waitFor(() => expect(seen).toHaveLength(1), wait);
    expect(seen[0]).toMatchObject({ id, name: job.name, data: { issueId: 42, lang: 'en' }, retryCount: 0 });
    await vi.waitFor(async () => expect((await jobRow(job.name, id ?? ''))?.state).toBe('completed'), wait);
  });

  it('runs a job sent in a committed transaction, never one sent in a rolled-back one', async () => {
    const job = anyJob('tx');
    const seen: unknown[] = [];

    // A kind of job defined after the jobs started has its queue made before a transaction sends it.
    await jobs.prepare(job);
    await expect(
      db.orm.transaction(async (tx) => {
        await jobs.sendInTransaction(tx, job, { n: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committedId = await db.orm.transaction((tx) => jobs.sendInTransaction(tx, job, { n: 'committed' }));

    await jobs.work(job, {}, async (received) => {
      seen.push(received.data);
    });
    await vi.waitFor(() => expect(seen).toEqual([{ n: 'committed' }]), wait);
    expect(committedId).toEqual(expect.any(String));
    const [row] = await db.query<{ count: number }>(
      'select count(*)::int as count from pgboss.job where name = $1',
      [job.name],
    );
    expect(row?.count).toBe(1);
  });

  it('creates a new queue once when many transactions and sends race for it', async () => {
    // Without serialising creation, 20 racing sessions deadlocked inside pg-boss's create_queue every time.
    const job = anyJob('race');
    await jobs.prepare(job);
    const racers = 20;
    const inTransactions = Array.from({ length: racers }, (_, n) =>
      db.orm.transaction(async (tx) => {
        await jobs.sendInTransaction(tx, job, { n });
        await sleep(20); // keep the transaction (and whatever it locked) open a little
      }),
    );
    await Promise.all([...inTransactions, jobs.send(job, { n: 'direct' })]);
    const [row] = await db.query<{ count: number }>(
      'select count(*)::int as count from pgboss.job where name = $1',
      [job.name],
    );
    expect(row?.count).toBe(racers + 1);
  });

  it('retries a failing handler up to its retry limit, then marks the job failed', async () => {
    const job = anyJob('retry');
    const attempts: number[] = [];
    await jobs.work(job, { retryLimit: 2, retryDelay: 0 }, async (received) => {
      attempts.push(received.retryCount);
      throw new Error('provider is down');
    });

    const id = (await jobs.send(job, {})) ?? '';

    await vi.waitFor(async () => expect((await jobRow(job.name, id))?.state).toBe('failed'), wait);
    expect(attempts).toEqual([0, 1, 2]);
    expect(await jobRow(job.name, id)).toMatchObject({ retry_count: 2 });
  });

  it("applies the definition's retry defaults to each send, and options given per send over them", async () => {
    const job = anyJob('retry-send', { retryLimit: 0 });
    let calls = 0;
    await jobs.work(job, {}, async () => {
      calls++;
      throw new Error('always');
    });
    const id = (await jobs.send(job, {})) ?? '';
    const later = (await jobs.send(job, {}, { retryLimit: 4, startAfter: 3600 })) ?? '';
    await vi.waitFor(async () => expect((await jobRow(job.name, id))?.state).toBe('failed'), wait);
    expect(calls).toBe(1);
    const [row] = await db.query<{ retry_limit: number }>(
      'select retry_limit from pgboss.job where name = $1 and id = $2',
      [job.name, later],
    );
    expect(row?.retry_limit).toBe(4);
  });

  it('sends several jobs of several queues at once, only when the transaction commits', async () => {
    const first = defineJob(queueName('many-a'), z.object({ n: z.union([z.number(), z.string()]) }));
    const second = defineJob(queueName('many-b'), z.object({ n: z.number() }), { retryLimit: 0 });
    await jobs.prepare(first, second);
    const seen: Array<[string, unknown]> = [];
    await expect(
      db.orm.transaction(async (tx) => {
        await jobs.sendManyInTransaction(tx, [{ job: first, data: { n: 'rolled back' } }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.orm.transaction((tx) =>
      jobs.sendManyInTransaction(tx, [
        { job: first, data: { n: 1 } },
        jobToSend(second, { n: 2 }),
        { job: first, data: { n: 3 }, options: { startAfter: 3600 } },
      ]),
    );
    for (const job of [first, second])
      await jobs.work(job, {}, async (received) => {
        seen.push([job.name, received.data]);
      });
    await vi.waitFor(() => expect(seen).toHaveLength(2), wait);
    expect(seen).toEqual(
      expect.arrayContaining([
        [first.name, { n: 1 }],
        [second.name, { n: 2 }],
      ]),
    );
    const rows = await db.query<{ name: string; retry_limit: number; later: boolean }>(
      `select name, retry_limit, start_after > now() + interval '50 minutes' as later from pgboss.job
       where name in ($1, $2) order by name, start_after`,
      [first.name, second.name],
    );
    expect(rows).toEqual([
      { name: first.name, retry_limit: expect.any(Number), later: false },
      { name: first.name, retry_limit: expect.any(Number), later: true },
      { name: second.name, retry_limit: 0, later: false },
    ]);
  });

  it('sets a job whose data does not fit its schema aside once, as a dead letter with the error', async () => {
    // What an older release (or a hand-made insert) may have queued under the same name.
    const name = queueName('dead');
    const before = defineJob(name, z.object({ messageId: z.string() }));
    const job = defineJob(name, z.object({ messageId: z.number().int() }), { retryLimit: 3, retryDelay: 0 });
    const error = vi.fn();
    const own = await startJobs(db, { logger: { ...silentLogger, error }, shutdownTimeoutMs: 5_000 });
    const handled: number[] = [];
    try {
      await own.work(job, {}, async (received) => {
        handled.push(received.data.messageId);
      });
      const badId = (await own.send(before, { messageId: 'abc' }, { retryLimit: 3 })) ?? '';
      await own.send(job, { messageId: 7 });

      await vi.waitFor(async () => expect((await jobRow(name, badId))?.state).toBe('failed'), wait);
      await vi.waitFor(() => expect(handled).toEqual([7]), wait);
      expect(await jobRow(name, badId)).toMatchObject({ retry_count: 0 });
      const dead = await db.query<{
        data: unknown;
        source_name: string;
        source_output: { queue: string; jobId: string; message: string };
      }>(`select data, source_name, source_output from pgboss.job where name = $1 and source_id = $2`, [
        DEAD_LETTER_QUEUE,
        badId,
      ]);
      expect(dead).toEqual([
        {
          data: { messageId: 'abc' },
          source_name: name,
          source_output: { queue: name, jobId: badId, message: expect.stringContaining('messageId') },
        },
      ]);
      expect((await own.countDeadLetters())[name]).toBe(1);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ queue: name, jobId: badId, reason: expect.stringContaining('number') }),
        'job set aside as a dead letter',
      );
      // Not retried: `failed` is final in pg-boss (a retry would be state `retry`), and nothing was re-queued.
      const [count] = await db.query<{ n: number }>(
        'select count(*)::int as n from pgboss.job where name = $1',
        [name],
      );
      expect(count?.n).toBe(2);
      expect(handled).toEqual([7]);
    } finally {
      await own.stop();
    }
  });

  it('starts a job sent for later, by this process or another, and a retry when they come due', async () => {
    // Polls every 60 s: only the due wakes can start these jobs within the wait.
    const own = await startJobs(db, {
      logger: silentLogger,
      pollingIntervalSeconds: 60,
      shutdownTimeoutMs: 5_000,
    });
    const job = anyJob('due', { retryLimit: 1, retryDelay: 1 });
    const seen: unknown[] = [];
    try {
      await own.prepare(job);
      await own.work(job, {}, async (received) => {
        seen.push(received.data);
        if (received.data.n === 'retried' && received.retryCount === 0) throw new Error('once');
      });
      await sleep(500); // the worker's first fetch, at start, found nothing: it now waits
      await own.send(job, { n: 'here' }, { startAfter: 1 });
      // Sent by another node: this process learns of it from the database.
      await jobs.send(job, { n: 'elsewhere' }, { startAfter: new Date(Date.now() + 1_500) });
      await vi.waitFor(() => expect(seen).toEqual([{ n: 'here' }, { n: 'elsewhere' }]), wait);
      await own.send(job, { n: 'retried' });
      await vi.waitFor(() => expect(seen.slice(2)).toEqual([{ n: 'retried' }, { n: 'retried' }]), wait);
    } finally {
      await own.stop();
    }
  });

  it('wakes an idle worker when a job is committed, without waiting for its next poll', async () => {
    // Polls every 60 s: only the queue's notification can bring these jobs in time.
    const own = await startJobs(db, {
      logger: silentLogger,
      pollingIntervalSeconds: 60,
      shutdownTimeoutMs: 5_000,
    });
    const job = anyJob('notify');
    const seen: unknown[] = [];
    try {
      await own.prepare(job);
      await own.work(job, {}, async (received) => {
        seen.push(received.data);
      });
      await sleep(500); // the worker's first fetch, at start, found nothing: it now waits
      await own.send(job, { n: 'sent' });
      await vi.waitFor(() => expect(seen).toEqual([{ n: 'sent' }]), { timeout: 5_000, interval: 20 });
      await db.orm.transaction((tx) => own.sendInTransaction(tx, job, { n: 'committed' }));
      await vi.waitFor(() => expect(seen).toEqual([{ n: 'sent' }, { n: 'committed' }]), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await own.stop();
    }
  });

  it('wakes one idle worker per notification, and more while their fetches come back full', async () => {
    const job = anyJob('wake-one');
    // The same database, counting the fetches of this queue pg-boss sends.
    let fetches = 0;
    const counting: Db = {
      ...db,
      jobsAdapter: {
        executeSql(text, values) {
          if (text.includes('SKIP LOCKED') && text.includes(`'${job.name}'`)) fetches += 1;
          return db.jobsAdapter.executeSql(text, values);
        },
      },
    };
    // Polls every 60 s: only notifications and full batches can bring these jobs in time.
    const own = await startJobs(counting, {
      logger: silentLogger,
      pollingIntervalSeconds: 60,
      shutdownTimeoutMs: 5_000,
    });
    let running = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      await own.prepare(job);
      await own.work(job, { concurrency: 3 }, async () => {
        running += 1;
        await released;
      });
      await sleep(500); // the workers' first fetches, at start, found nothing: they now wait
      const atStart = fetches;
      // One job: one worker fetches it and stays busy with it; the others do not fetch.
      await own.send(job, { n: 0 });
      await vi.waitFor(() => expect(running).toBe(1), { timeout: 5_000, interval: 20 });
      expect(fetches - atStart).toBe(1);
      // One notification for 25 jobs: the worker woken takes 10 and wakes the third, which takes 10 and
      // wakes the busy one (it fetches again once done).
      await db.orm.transaction((tx) =>
        own.sendManyInTransaction(
          tx,
          Array.from({ length: 25 }, (_, n) => jobToSend(job, { n: n + 1 })),
        ),
      );
      await vi.waitFor(() => expect(running).toBe(21), { timeout: 5_000, interval: 20 });
      expect(fetches - atStart).toBe(3);
      release();
      await vi.waitFor(() => expect(running).toBe(26), { timeout: 5_000, interval: 20 });
    } finally {
      release();
      await own.stop();
    }
  });

  it('registers a cron schedule for a queue', async () => {
    const job = anyJob('cron');
    await jobs.schedule(job, '*/5 * * * *', { kind: 'sla-check' }, { tz: 'Asia/Bangkok' });
    const rows = await db.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [job.name],
    );
    expect(rows).toEqual([{ cron: '*/5 * * * *', timezone: 'Asia/Bangkok' }]);
  });

  it('stop() waits for a running handler to finish before letting go of the database', async () => {
    const own = await startJobs(db, { logger: silentLogger, shutdownTimeoutMs: 5_000 });
    const job = anyJob('stop');
    let started = false;
    let finished = false;
    await own.work(job, {}, async () => {
      started = true;
      await sleep(700);
      finished = true;
    });
    const id = (await own.send(job, {})) ?? '';
    await vi.waitFor(() => expect(started).toBe(true), wait);

    await own.stop();

    expect(finished).toBe(true);
    expect((await jobRow(job.name, id))?.state).toBe('completed');
  });
});

describe('jobs with the cron clock', () => {
  it('starts and stops cleanly with schedule on', async () => {
    const error = vi.fn();
    const own = await startJobs(db, { logger: { ...silentLogger, error }, schedule: true });
    await sleep(200); // let the clock's first tick (clock skew, cron check) run
    await own.stop();
    expect(error).not.toHaveBeenCalled();
  });
});

describe("the database's jobs adapter", () => {
  it('answers a script with the rows of every statement, as pg-boss reads its claims and maintenance', async () => {
    const { rows } = await db.jobsAdapter.executeSql(
      'BEGIN; SELECT 1 AS "first"; SELECT 2 AS "second"; COMMIT;',
    );
    expect(rows).toEqual([{ first: 1 }, { second: 2 }]);
  });

  it('lets pg-boss claim its own migrations and run its maintenance without an error', async () => {
    // pg-boss itself on the adapter (startJobs would hide the call): its claims and maintenance walk assert
    // on the rows of their scripts, and report a failure as an error event.
    const boss = new PgBoss({ db: db.jobsAdapter, schema: BOSS_SCHEMA, backend: db.kind, schedule: false });
    const errors: unknown[] = [];
    boss.on('error', (err) => errors.push(err));
    await boss.start();
    try {
      await boss.supervise();
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
    expect(errors).toEqual([]);
  });
});

describe('transactionAdapter', () => {
  it('keeps repeated placeholders bound to one parameter, typed by its first use', async () => {
    // pg-boss reuses $5 as text and as a timestamp cast; separate params would be typed timestamptz and
    // refuse '60'.
    const { rows } = await transactionAdapter(db.orm).executeSql(
      `select $2::int as n, case when right($1, 1) = 'Z' then 'date' else $1 end as v, cast(coalesce($1, '0') as interval) as i`,
      ['60', 7],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ n: 7, v: '60' });
  });

  it('reads a queue through its index in order, so the jobs already taken are skipped, not read again', async () => {
    const job = anyJob('index');
    let done = 0;
    await jobs.work(job, { concurrency: 4 }, async () => {
      done += 1;
    });
    await db.orm.transaction((tx) =>
      jobs.sendManyInTransaction(
        tx,
        Array.from({ length: 10 }, (_, i) => jobToSend(job, { i })),
      ),
    );
    await vi.waitFor(() => expect(done).toBe(10), wait);
    // A queue that ran for a while: its taken jobs fill pages the planner then expects to find rows in.
    await db.query(
      `INSERT INTO ${BOSS_SCHEMA}.job (name, data, state, completed_on)
       SELECT $1, '{}'::jsonb, 'completed', now() FROM generate_series(1, 30000)`,
      [job.name],
    );

    // pg-boss's fetch: a bitmap scan here would read every job the queue ever ran, at each fetch.
    const { rows } = await db.jobsAdapter.executeSql(
      `EXPLAIN (FORMAT JSON) SELECT j.id FROM ${BOSS_SCHEMA}.job j
       WHERE j.name = $1 AND j.state < 'active' AND NOT j.blocked AND j.start_after <= now()
       ORDER BY j.priority DESC, j.created_on LIMIT 10 FOR UPDATE OF j SKIP LOCKED`,
      [job.name],
    );
    const plan = JSON.stringify(rows);
    expect(plan).toContain('Index Scan');
    expect(plan).not.toContain('Bitmap');
    // The setting is the job queue's alone.
    expect(await db.query('SHOW enable_bitmapscan')).toEqual([{ enable_bitmapscan: 'on' }]);
    // The PostgreSQL run's database is shared: leave its job table as it was.
    await db.query(`DELETE FROM ${BOSS_SCHEMA}.job WHERE name = $1`, [job.name]);
  });
});
