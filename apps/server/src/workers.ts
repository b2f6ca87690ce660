// The background roles of a process (architecture.md "Runtime shapes"): the ingest worker draining stored
// webhooks, and the job handlers (delivery, media). Started by buildApp unless the process is HTTP-only.
import type { Deps } from './deps';
import { startIngestWorker } from './platform/ingest-queue';
import { downloadMedia, MEDIA_JOB, processInbound } from './modules/inbound';
import { deliverMessage, DELIVER_JOB, DELIVERY_RETRY } from './modules/messages';
import * as assignment from './modules/assignment';

/** Registers every job handler and starts the ingest worker; resolves to a stop function. */
export async function startWorkers(deps: Deps): Promise<() => Promise<void>> {
  await deps.jobs.work(DELIVER_JOB, { ...DELIVERY_RETRY, concurrency: 4 }, (job) =>
    deliverMessage(deps, job as Parameters<typeof deliverMessage>[1]),
  );
  await deps.jobs.work(
    MEDIA_JOB,
    { retryLimit: 5, retryDelay: 2, retryBackoff: true, concurrency: 2 },
    (job) => downloadMedia(deps, job as Parameters<typeof downloadMedia>[1]),
  );
  await deps.jobs.work(assignment.ASSIGN_JOB, { ...assignment.ASSIGN_RETRY, concurrency: 4 }, (job) =>
    assignment.runAssignJob(deps, job),
  );
  await deps.jobs.work(assignment.BACKLOG_JOB, { ...assignment.ASSIGN_RETRY, concurrency: 2 }, (job) =>
    assignment.runBacklogJob(deps, job),
  );
  await deps.jobs.work(assignment.SWEEP_JOB, { retryLimit: 0 }, () => assignment.sweepBacklogs(deps));
  // Every minute: waiting issues go out when a shift starts, a break or a time off ends.
  await deps.jobs.schedule(assignment.SWEEP_JOB, '* * * * *', {});
  const ingest = await startIngestWorker(deps.db, {
    logger: deps.logger,
    handle: (row) => processInbound(deps, row),
    // Claimed batches are small so several loops (and processes) share a burst evenly.
    batchSize: 20,
    concurrency: deps.db.kind === 'postgres' ? deps.config.INGEST_CONCURRENCY : 1,
  });
  return () => ingest.stop();
}
