// The clocks' notices: at 80% of a target the issue's agent hears it, on a breach the manager of its team
// (the bell, the live socket, web push and LINE alerts follow each user's settings, as for every
// notification). Each clock's notice is sent once, on time: the job runs at the moment a notice falls due
// (woken by the clocks as they are stored, and by its own run for the next moment), and every minute besides
// for whatever a lost wake left behind.
import { NOTICE_TEXTS } from '@sabai/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { stableUuid } from '../../platform/crypto';
import { defineJob } from '../../platform/jobs';
import { notify } from '../notifications';
import * as repo from './sla.repo';

export const SLA_NOTICES_JOB = defineJob('sla.notices', z.object({}), { retryLimit: 1 });

/**
 * Runs the notice job at `at` (at once when it has passed). One job per second: the many clocks that share a
 * moment, and every process that hears of it, make one run.
 */
async function wakeAt(deps: Deps, at: number) {
  if (at - deps.clock.now().getTime() > repo.WAKE_AHEAD_MS) return;
  const second = Math.ceil(at / 1000);
  await deps.jobs.send(
    SLA_NOTICES_JOB,
    {},
    { id: stableUuid(`sla-notices:${second}`), startAfter: new Date(second * 1000) },
  );
}

/** Wakes the notice job for the moment stored clocks announce (repo.announceSoonClocks). */
export async function wakeOnClocks(deps: Deps): Promise<() => Promise<void>> {
  return deps.db.listen(repo.CLOCKS_CHANNEL, (payload) => {
    const at = Number(payload);
    if (!Number.isFinite(at)) return;
    wakeAt(deps, at).catch((err: unknown) => deps.logger.warn({ err }, 'could not wake the SLA notices'));
  });
}

export async function sendDueNotices(deps: Deps) {
  const now = deps.clock.now();
  await sendNotices(deps, now);
  const next = await repo.nextNoticeAt(deps.db.orm, now, new Date(now.getTime() + repo.WAKE_AHEAD_MS));
  if (next) await wakeAt(deps, next.getTime());
}

async function sendNotices(deps: Deps, now: Date) {
  const due = await repo.noticesDue(deps.db.orm, now);
  const byIssue = new Map<number, repo.DueNotice[]>();
  for (const n of due) byIssue.set(n.issue_id, [...(byIssue.get(n.issue_id) ?? []), n]);
  for (const [issueId, notices] of byIssue) {
    await deps.db.orm.transaction(async (tx) => {
      // Under the clocks' lock: a notice another worker (or an earlier run) sent is not sent again.
      const sent = await repo.lockNotified(tx, issueId);
      const unsent = notices.filter((n) => sent !== null && !sent.includes(repo.noticeKey(n)));
      if (unsent.length === 0) return;
      for (const n of unsent) {
        const userId = n.kind === 'warn' ? n.assignee_user_id : n.manager_user_id;
        if (!userId) continue;
        await notify(tx, {
          organizationId: n.organization_id,
          userId,
          type: n.kind === 'warn' ? 'sla_warning' : 'sla_breached',
          content:
            n.kind === 'warn'
              ? NOTICE_TEXTS.slaWarning(issueId, n.target)
              : NOTICE_TEXTS.slaBreached(issueId, n.target),
          issueId,
          createdAt: now,
        });
      }
      await repo.markNotified(tx, issueId, unsent.map(repo.noticeKey));
      // Rules waiting for a clock at 80% or breached run in the same transaction, once per notice.
      await deps.automation.run(
        deps,
        tx,
        unsent.map((n) => ({
          trigger: n.kind === 'warn' ? ('sla_warning' as const) : ('sla_breached' as const),
          organizationId: n.organization_id,
          issueId,
          key: `sla:${issueId}:${repo.noticeKey(n)}`,
        })),
      );
    });
  }
}
