// The clocks' notices, checked every minute: at 80% of a target the issue's agent hears
// it, on a breach the manager of its team (the bell, the live socket, web push and LINE alerts follow each
// user's settings, as for every notification). Each clock's notice is sent once.
import { NOTICE_TEXTS } from '@sabai/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { defineJob } from '../../platform/jobs';
import { notify } from '../notifications';
import * as repo from './sla.repo';

export const SLA_NOTICES_JOB = defineJob('sla.notices', z.object({}), { retryLimit: 1 });

export async function sendDueNotices(deps: Deps) {
  const now = deps.clock.now();
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
