// The background roles of a process (docs/architecture.md "Runtime shapes"): the ingest worker draining
// stored webhooks, and the job handlers (delivery, media, assignment, alerts, mails, timers). Started by
// buildApp unless the process is HTTP-only.
import type { Deps } from './deps';
import { startIngestWorker } from './platform/ingest-queue';
import {
  downloadMedia,
  fetchMemberProfile,
  fetchProfile,
  MEDIA_JOB,
  MEMBER_PROFILE_JOB,
  PROFILE_JOB,
  processInboundBatch,
} from './modules/inbound';
import { deliverMessage, DELIVER_AGENT_MESSAGE_JOB, DELIVER_JOB } from './modules/messages';
import { markChatRead, MARK_READ_JOB } from './modules/chat-signals';
import * as assignment from './modules/assignment';
import * as audit from './modules/audit';
import * as automation from './modules/automation';
import * as comments from './modules/comments';
import * as csat from './modules/csat';
import { FIRST_RESPONDER_JOB, runFirstResponder } from './modules/first-responder';
import * as sla from './modules/sla';
import * as issues from './modules/issues';
import * as reports from './modules/reports';
import { RESET_MAIL_JOB, resetMailWorkOptions, sendResetMail } from './modules/auth';
import { LINE_ALERT_JOB, sendLineAlert } from './modules/staff-alerts';
import { PUSH_JOB, sendPush } from './modules/web-push';
import * as outgoingWebhooks from './modules/outgoing-webhooks';

/** Registers every job handler and starts the ingest worker; resolves to a stop function. */
export async function startWorkers(deps: Deps): Promise<() => Promise<void>> {
  // Retry settings come with each job's definition; handlers receive the data their schema parsed.
  await deps.jobs.work(DELIVER_JOB, { concurrency: 4 }, (job) => deliverMessage(deps, job));
  await deps.jobs.work(DELIVER_AGENT_MESSAGE_JOB, { concurrency: 4 }, (job) => deliverMessage(deps, job));
  await deps.jobs.work(MARK_READ_JOB, { concurrency: 2 }, (job) => markChatRead(deps, job));
  await deps.jobs.work(MEDIA_JOB, { concurrency: 2 }, (job) => downloadMedia(deps, job));
  await deps.jobs.work(comments.PRIVATE_REPLY_JOB, { concurrency: 4 }, (job) =>
    comments.sendPrivateReply(deps, job),
  );
  await deps.jobs.work(comments.POST_PREVIEW_JOB, { concurrency: 2 }, (job) =>
    comments.fetchPostPreview(deps, job),
  );
  await deps.jobs.work(PROFILE_JOB, { concurrency: 4 }, (job) => fetchProfile(deps, job));
  await deps.jobs.work(MEMBER_PROFILE_JOB, { concurrency: 2 }, (job) => fetchMemberProfile(deps, job));
  await deps.jobs.work(assignment.ASSIGN_JOB, { concurrency: 4 }, (job) =>
    assignment.runAssignJob(deps, job),
  );
  await deps.jobs.work(assignment.BACKLOG_JOB, { concurrency: 2 }, (job) =>
    assignment.runBacklogJob(deps, job),
  );
  // A job is an ingest batch's messages; it holds no database connection while it waits for the model
  // (the settings' timeout, 30 s by default), so several run at once: the process's limit on answers in
  // progress is the responder's own (first-responder.service.ts).
  await deps.jobs.work(FIRST_RESPONDER_JOB, { concurrency: 8 }, (job) => runFirstResponder(deps, job));
  // An issue resolved-success or closed: its channel's satisfaction survey.
  await deps.jobs.work(issues.SERVICE_ENDED_JOB, { concurrency: 2 }, (job) => csat.sendSurvey(deps, job));
  await deps.jobs.work(LINE_ALERT_JOB, { concurrency: 2 }, (job) => sendLineAlert(deps, job));
  await deps.jobs.work(PUSH_JOB, { concurrency: 2 }, (job) => sendPush(deps, job));
  await deps.jobs.work(RESET_MAIL_JOB, resetMailWorkOptions(deps), (job) => sendResetMail(deps, job));
  await deps.jobs.work(assignment.SWEEP_JOB, {}, () => assignment.sweepBacklogs(deps));
  // Every minute: waiting issues go out when a shift starts, a break or a time off ends.
  await deps.jobs.schedule(assignment.SWEEP_JOB, '* * * * *', {});
  // Report days are stored once they end (reports.rollup.ts): every 15 minutes, and now for a catch-up.
  await deps.jobs.work(reports.ROLLUP_JOB, {}, () => reports.rollUpAll(deps.db, deps.clock.now()));
  await deps.jobs.schedule(reports.ROLLUP_JOB, '*/15 * * * *', {});
  // Every minute: the status tally's +1/-1 rows become one row per key (issues.tally.ts).
  await deps.jobs.work(issues.FOLD_TALLY_JOB, {}, () => issues.foldStatusTally(deps.db.orm));
  await deps.jobs.schedule(issues.FOLD_TALLY_JOB, '* * * * *', {});
  // Service level notices (80% to the agent, a breach to the team's manager) when each falls due, and
  // every minute.
  await deps.jobs.work(sla.SLA_NOTICES_JOB, {}, () => sla.sendDueNotices(deps));
  await deps.jobs.schedule(sla.SLA_NOTICES_JOB, '* * * * *', {});
  const stopSlaWakes = await sla.wakeOnClocks(deps);
  await deps.jobs.work(sla.SLA_RECOMPUTE_JOB, {}, (job) =>
    sla.recomputeOrganization(deps, job.data.organizationId),
  );
  // Every minute: automation rules waiting on time (idle issues, closes after inactivity).
  await deps.jobs.work(automation.AUTOMATION_TIMERS_JOB, {}, () => automation.runTimers(deps));
  await deps.jobs.schedule(automation.AUTOMATION_TIMERS_JOB, '* * * * *', {});
  // Daily at 03:00 UTC: the audit trail keeps each organisation's retention period.
  await deps.jobs.work(audit.AUDIT_PURGE_JOB, {}, () => audit.purgeExpiredEntries(deps));
  await deps.jobs.schedule(audit.AUDIT_PURGE_JOB, '0 3 * * *', {});
  // Outgoing webhooks: sent by this process's loops when events are recorded (NOTIFY), and by a dispatch
  // job when a retry falls due and every minute (a wake lost with a crashed process, a lease that
  // lapsed); their events are kept 30 days.
  await deps.jobs.work(outgoingWebhooks.DISPATCH_JOB, { concurrency: 2 }, () =>
    outgoingWebhooks.deliverDue(deps),
  );
  await deps.jobs.schedule(outgoingWebhooks.DISPATCH_JOB, '* * * * *', {});
  await deps.jobs.work(outgoingWebhooks.PURGE_JOB, {}, () => outgoingWebhooks.purgeOldEvents(deps));
  await deps.jobs.schedule(outgoingWebhooks.PURGE_JOB, '30 3 * * *', {});
  const stopWebhookWakes = await outgoingWebhooks.dispatchOnRecord(deps);
  await deps.jobs.send(reports.ROLLUP_JOB, {}, { singletonKey: 'catch-up', singletonSeconds: 60 });
  const ingest = await startIngestWorker(deps.db, {
    logger: deps.logger,
    handle: (rows) => processInboundBatch(deps, rows),
    // One transaction per batch: larger batches mean fewer commits, smaller ones spread a burst over the
    // loops (and processes) more evenly.
    batchSize: 100,
    concurrency: deps.db.kind === 'postgres' ? deps.config.INGEST_CONCURRENCY : 1,
  });
  return async () => {
    await stopWebhookWakes();
    await stopSlaWakes();
    await ingest.stop();
    // The hand-outs the ingest started after its last commits.
    await assignment.handOutsSettled(deps);
  };
}
