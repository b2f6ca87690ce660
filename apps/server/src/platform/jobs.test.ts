import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../test/db';
import type { Db } from './db';
import { startJobs, transactionAdapter, type Job, type Jobs } from './jobs';
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
const wait = { timeout: 10_000, interval: 50 };

async function jobRow(name: string, id: string) {
  const [row] = await db.query<{ state: string; retry_count: number }>(
    'select state, retry_count from pgboss.job where name = $1 and id = $2',
    [name, id],
  );
  return row;
}

describe('jobs', () => {
  it('runs a job that was sent', async () => {
    const name = queueName('send');
    const seen: Job[] = [];
    await jobs.work(name, {}, async (job) => {
      seen.push(job);
    });

    const id = await jobs.send(name, { issueId: 42 });

    await vi.waitFor(() => expect(seen).toHaveLength(1), wait);
    expect(seen[0]).toMatchObject({ id, name, data: { issueId: 42 }, retryCount: 0 });
    await vi.waitFor(async () => expect((await jobRow(name, id ?? ''))?.state).toBe('completed'), wait);
  });

  it('runs a job sent in a committed transaction, never one sent in a rolled-back one', async () => {
    const name = queueName('tx');
    const seen: unknown[] = [];

    // Sent before any work() or send(), so the queue itself is created inside (and rolled back with) the
    // first transaction.
    await expect(
      db.orm.transaction(async (tx) => {
        await jobs.sendInTransaction(tx, name, { n: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committedId = await db.orm.transaction((tx) =>
      jobs.sendInTransaction(tx, name, { n: 'committed' }),
    );

    await jobs.work(name, {}, async (job) => {
      seen.push(job.data);
    });
    await vi.waitFor(() => expect(seen).toEqual([{ n: 'committed' }]), wait);
    expect(committedId).toEqual(expect.any(String));
    const [row] = await db.query<{ count: number }>(
      'select count(*)::int as count from pgboss.job where name = $1',
      [name],
    );
    expect(row?.count).toBe(1);
  });

  it('creates a new queue once when many transactions and sends race for it', async () => {
    // Without serialising creation, 20 racing sessions deadlocked inside pg-boss's create_queue every time.
    const name = queueName('race');
    const racers = 20;
    const inTransactions = Array.from({ length: racers }, (_, n) =>
      db.orm.transaction(async (tx) => {
        await jobs.sendInTransaction(tx, name, { n });
        await sleep(20); // keep the transaction (and whatever it locked) open a little
      }),
    );
    await Promise.all([...inTransactions, jobs.send(name, { n: 'direct' })]);
    const [row] = await db.query<{ count: number }>(
      'select count(*)::int as count from pgboss.job where name = $1',
      [name],
    );
    expect(row?.count).toBe(racers + 1);
  });

  it('retries a failing handler up to its retry limit, then marks the job failed', async () => {
    const name = queueName('retry');
    const attempts: number[] = [];
    await jobs.work(name, { retryLimit: 2, retryDelay: 0 }, async (job) => {
      attempts.push(job.retryCount);
      throw new Error('provider is down');
    });

    const id = (await jobs.send(name, {})) ?? '';

    await vi.waitFor(async () => expect((await jobRow(name, id))?.state).toBe('failed'), wait);
    expect(attempts).toEqual([0, 1, 2]);
    expect(await jobRow(name, id)).toMatchObject({ retry_count: 2 });
  });

  it('applies retry options given per send', async () => {
    const name = queueName('retry-send');
    let calls = 0;
    await jobs.work(name, {}, async () => {
      calls++;
      throw new Error('always');
    });
    const id = (await jobs.send(name, {}, { retryLimit: 0 })) ?? '';
    await vi.waitFor(async () => expect((await jobRow(name, id))?.state).toBe('failed'), wait);
    expect(calls).toBe(1);
  });

  it('sends several jobs of several queues in one statement, only when the transaction commits', async () => {
    const [first, second] = [queueName('many-a'), queueName('many-b')];
    const seen: Array<[string, unknown]> = [];
    await expect(
      db.orm.transaction(async (tx) => {
        await jobs.sendManyInTransaction(tx, [{ name: first, data: { n: 'rolled back' } }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.orm.transaction((tx) =>
      jobs.sendManyInTransaction(tx, [
        { name: first, data: { n: 1 } },
        { name: second, data: { n: 2 }, options: { retryLimit: 0 } },
        { name: first, data: { n: 3 }, options: { startAfter: 3600 } },
      ]),
    );
    for (const name of [first, second])
      await jobs.work(name, {}, async (job) => {
        seen.push([name, job.data]);
      });
    await vi.waitFor(() => expect(seen).toHaveLength(2), wait);
    expect(seen).toEqual(
      expect.arrayContaining([
        [first, { n: 1 }],
        [second, { n: 2 }],
      ]),
    );
    const rows = await db.query<{ name: string; retry_limit: number; later: boolean }>(
      `select name, retry_limit, start_after > now() + interval '50 minutes' as later from pgboss.job
       where name in ($1, $2) order by name, start_after`,
      [first, second],
    );
    expect(rows).toEqual([
      { name: first, retry_limit: expect.any(Number), later: false },
      { name: first, retry_limit: expect.any(Number), later: true },
      { name: second, retry_limit: 0, later: false },
    ]);
  });

  it('registers a cron schedule for a queue', async () => {
    const name = queueName('cron');
    await jobs.schedule(name, '*/5 * * * *', { kind: 'sla-check' }, { tz: 'Asia/Bangkok' });
    const rows = await db.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [name],
    );
    expect(rows).toEqual([{ cron: '*/5 * * * *', timezone: 'Asia/Bangkok' }]);
  });

  it('stop() waits for a running handler to finish before letting go of the database', async () => {
    const own = await startJobs(db, { logger: silentLogger, shutdownTimeoutMs: 5_000 });
    const name = queueName('stop');
    let started = false;
    let finished = false;
    await own.work(name, {}, async () => {
      started = true;
      await sleep(700);
      finished = true;
    });
    const id = (await own.send(name, {})) ?? '';
    await vi.waitFor(() => expect(started).toBe(true), wait);

    await own.stop();

    expect(finished).toBe(true);
    expect((await jobRow(name, id))?.state).toBe('completed');
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
});
