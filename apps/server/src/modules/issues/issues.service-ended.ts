// The end of service of an issue (resolved-success or closed) is announced as a job: the csat module sends
// the satisfaction survey from it. A job, not a call, because the csat module builds on messages, which
// builds on issues: issues only names the job, the worker wires it to its handler (workers.ts).
import { z } from 'zod';
import type { IssueStatus } from '@sabai/domain';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';

export const SERVICE_ENDED_JOB = defineJob(
  'issue.service-ended',
  z.object({ issueId: z.number().int().positive() }),
  { retryLimit: 3, retryDelay: 5, retryBackoff: true },
);

/** The statuses that end the service and may ask the customer for a rating. */
export const endsService = (status: IssueStatus) => status === 'resolved-success' || status === 'close';

/** Announces, inside the change's transaction, that the issue's service ended. */
export async function announceServiceEnded(deps: Deps, tx: Executor, issueId: number) {
  await deps.jobs.sendInTransaction(tx, SERVICE_ENDED_JOB, { issueId });
}
