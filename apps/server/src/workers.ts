// The background roles of a process (architecture.md "Runtime shapes"): the ingest worker draining stored
// webhooks, and the job handlers (delivery, media). Started by buildApp unless the process is HTTP-only.
import type { Deps } from './deps';
import { startIngestWorker } from './platform/ingest-queue';
import { downloadMedia, MEDIA_JOB, processInbound } from './modules/inbound';
import { deliverMessage, DELIVER_JOB, DELIVERY_RETRY } from './modules/messages';

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
  const ingest = await startIngestWorker(deps.db, {
    logger: deps.logger,
    handle: (row) => processInbound(deps, row),
    // Claimed batches are small so several loops (and processes) share a burst evenly.
    batchSize: 20,
    concurrency: deps.db.kind === 'postgres' ? deps.config.INGEST_CONCURRENCY : 1,
  });
  return () => ingest.stop();
}
