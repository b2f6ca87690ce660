// Compile-time checks of the typed jobs, run by `npm run typecheck` (never imported, never executed): each
// `@ts-expect-error` fails the type check if the wrong payload below it ever compiles.
import { z } from 'zod';
import type { Executor } from './db';
import { defineJob, jobToSend, type Jobs } from './jobs';

const deliver = defineJob('types.deliver', z.object({ messageId: z.number().int() }));
const assign = defineJob('types.assign', z.object({ issueId: z.number(), note: z.string().optional() }));

export async function typedJobFixtures(jobs: Jobs, tx: Executor): Promise<void> {
  await jobs.send(deliver, { messageId: 1 });
  // @ts-expect-error the message id is a number
  await jobs.send(deliver, { messageId: '1' });
  // @ts-expect-error the message id is required
  await jobs.send(deliver, {});

  await jobs.sendInTransaction(tx, assign, { issueId: 1 });
  // @ts-expect-error the data of another job
  await jobs.sendInTransaction(tx, assign, { messageId: 1 });

  await jobs.sendManyInTransaction(tx, [
    { job: deliver, data: { messageId: 1 } },
    { job: assign, data: { issueId: 2, note: 'vip' } },
    jobToSend(deliver, { messageId: 3 }),
  ]);
  // @ts-expect-error each element is checked against its own job
  await jobs.sendManyInTransaction(tx, [{ job: deliver, data: { issueId: 1 } }]);
  // @ts-expect-error a list built elsewhere too, through jobToSend
  jobToSend(assign, { issueId: 'x' });

  await jobs.work(deliver, { concurrency: 2 }, async (job) => {
    const id: number = job.data.messageId;
    // @ts-expect-error the handler sees only its job's fields
    void job.data.issueId;
    void id;
  });

  await jobs.schedule(assign, '* * * * *', { issueId: 1 });
  // @ts-expect-error a schedule's data is checked too
  await jobs.schedule(assign, '* * * * *', {});
}
