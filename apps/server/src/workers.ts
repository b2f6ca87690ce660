// The background roles of a process (architecture.md "Runtime shapes"): the ingest worker draining stored
// webhooks, and the job handlers (delivery, media). Started by buildApp unless the process is HTTP-only.
import type { Deps } from './deps';
import { startIngestWorker } from './platform/ingest-queue';
import {
  downloadMedia,
  fetchProfile,
  MEDIA_JOB,
  MEDIA_RETRY,
  PROFILE_JOB,
  PROFILE_RETRY,
  processInboundBatch,
} from './modules/inbound';
import { deliverMessage, DELIVER_JOB, DELIVERY_RETRY } from './modules/messages';
import * as assignment from './modules/assignment';
import * as issues from './modules/issues';
import * as reports from './modules/reports';
import { RESET_MAIL_JOB, resetMailRetry, sendResetMail } from './modules/auth';
import { LINE_ALERT_JOB, LINE_ALERT_RETRY, sendLineAlert } from './modules/staff-alerts';
import { PUSH_JOB, PUSH_RETRY, sendPush } from './modules/web-push';

/** Registers every job handler and starts the ingest worker; resolves to a stop function. */
export async function startWorkers(deps: Deps): Promise<() => Promise<void>> {
  await deps.jobs.work(DELIVER_JOB, { ...DELIVERY_RETRY, concurrency: 4 }, (job) =>
    deliverMessage(deps, job as Parameters<typeof deliverMessage>[1]),
  );
  await deps.jobs.work(MEDIA_JOB, { ...MEDIA_RETRY, concurrency: 2 }, (job) =>
    downloadMedia(deps, job as Parameters<typeof downloadMedia>[1]),
  );
  await deps.jobs.work(PROFILE_JOB, { ...PROFILE_RETRY, concurrency: 4 }, (job) =>
    fetchProfile(deps, job as Parameters<typeof fetchProfile>[1]),
  );
  await deps.jobs.work(assignment.ASSIGN_JOB, { ...assignment.ASSIGN_RETRY, concurrency: 4 }, (job) =>
    assignment.runAssignJob(deps, job),
  );
  await deps.jobs.work(assignment.BACKLOG_JOB, { ...assignment.ASSIGN_RETRY, concurrency: 2 }, (job) =>
    assignment.runBacklogJob(deps, job),
  );
  await deps.jobs.work(LINE_ALERT_JOB, { ...LINE_ALERT_RETRY, concurrency: 2 }, (job) =>
    sendLineAlert(deps, job as Parameters<typeof sendLineAlert>[1]),
  );
  await deps.jobs.work(PUSH_JOB, { ...PUSH_RETRY, concurrency: 2 }, (job) =>
    sendPush(deps, job as Parameters<typeof sendPush>[1]),
  );
  await deps.jobs.work(RESET_MAIL_JOB, { ...resetMailRetry(deps), concurrency: 2 }, (job) =>
    sendResetMail(deps, job as Parameters<typeof sendResetMail>[1]),
  );
  await deps.jobs.work(assignment.SWEEP_JOB, { retryLimit: 0 }, () => assignment.sweepBacklogs(deps));
  // Every minute: waiting issues go out when a shift starts, a break or a time off ends.
  await deps.jobs.schedule(assignment.SWEEP_JOB, '* * * * *', {});
  // Report days are stored once they end (reports.rollup.ts): every 15 minutes, and now for a catch-up.
  await deps.jobs.work(reports.ROLLUP_JOB, { retryLimit: 1, expireInSeconds: 3600 }, () =>
    reports.rollUpAll(deps.db, deps.clock.now()),
  );
  await deps.jobs.schedule(reports.ROLLUP_JOB, '*/15 * * * *', {});
  // Every minute: the status tally's +1/-1 rows become one row per key (issues.tally.ts).
  await deps.jobs.work(issues.FOLD_TALLY_JOB, { retryLimit: 0 }, () => issues.foldStatusTally(deps.db.orm));
  await deps.jobs.schedule(issues.FOLD_TALLY_JOB, '* * * * *', {});
  await deps.jobs.send(reports.ROLLUP_JOB, {}, { singletonKey: 'catch-up', singletonSeconds: 60 });
  const ingest = await startIngestWorker(deps.db, {
    logger: deps.logger,
    handle: (rows) => processInboundBatch(deps, rows),
    // One transaction per batch: larger batches mean fewer commits, smaller ones spread a burst over the
    // loops (and processes) more evenly.
    batchSize: Number(process.env.TUNE_BATCH ?? 100),
    concurrency:
      deps.db.kind === 'postgres' ? Number(process.env.TUNE_CONC ?? deps.config.INGEST_CONCURRENCY) : 1,
  });
  return () => ingest.stop();
}
