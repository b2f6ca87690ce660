// The rules that wait on time, checked every minute by a job: "idle for N minutes in a status" (no message
// either way for that long; each quiet period fires once) and the pending closes after inactivity (the
// customer stayed silent since the rule set them). Each issue is handled in its own transaction.
import { z } from 'zod';
import { stepsToClose } from '@sabai/domain';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import { changeStatus, lockOpenIssue, type Actor } from '../issues';
import { writeAutomatedMessage, type AutomatedMessage } from '../messages';
import { runRules } from './automation.engine';
import * as repo from './automation.repo';

export const AUTOMATION_TIMERS_JOB = defineJob('automation.timers', z.object({}), { retryLimit: 0 });

/** Issues per rule (and closes) handled per run; the rest wait for the next minute. */
const PER_RUN = 200;

export async function runTimers(deps: Deps) {
  await fireIdleRules(deps);
  await closeInactiveIssues(deps);
}

async function fireIdleRules(deps: Deps) {
  const now = deps.clock.now();
  for (const rule of await repo.activeIdleRules(deps.db.orm)) {
    if (rule.when.trigger !== 'idle') continue;
    const { status, minutes } = rule.when;
    for (const issue of await repo.idleIssues(deps.db.orm, rule, status, minutes, now, PER_RUN)) {
      const issueId = Number(issue.id);
      await deps.db.orm.transaction((tx) =>
        runRules(deps, tx, [
          {
            trigger: 'idle',
            organizationId: rule.organizationId,
            issueId,
            status,
            ruleId: rule.id,
            key: repo.idleKey(issueId, new Date(issue.last_response_at)),
          },
        ]),
      );
    }
  }
}

async function closeInactiveIssues(deps: Deps) {
  const now = deps.clock.now();
  for (const due of await repo.dueCloseTimers(deps.db.orm, now, PER_RUN)) {
    await deps.db.orm.transaction(async (tx) => {
      const timer = await repo.takeCloseTimer(tx, due.issueId, now);
      if (!timer) return;
      const issue = await lockOpenIssue(tx, timer.organizationId, timer.issueId);
      // The customer wrote since: the issue stays open.
      const customerWrote = issue?.lastCustomerMessageAt?.getTime() !== timer.customerMessageAt?.getTime();
      if (!issue || customerWrote) return;
      const steps = stepsToClose(issue.status);
      if (!steps) return;
      const actor: Actor = {
        organizationId: timer.organizationId,
        userId: null,
        canChangeStatus: true,
        automation: {
          source: 'rule',
          id: timer.ruleId ?? '',
          name: timer.ruleName,
          chain: { depth: 1, ruleIds: [] },
        },
      };
      // The last message goes when the customer can still get it; the close happens either way.
      if (timer.message)
        await lastMessage(deps, tx, {
          organizationId: timer.organizationId,
          issue,
          text: timer.message,
          isPrivateNote: false,
          senderUserId: null,
          automation: { source: 'rule', id: timer.ruleId ?? '', name: timer.ruleName },
          at: now,
        });
      let current = issue;
      for (const status of steps) {
        await changeStatus(deps, tx, actor, current, status, now);
        current = { ...current, status };
      }
    });
  }
}

async function lastMessage(deps: Deps, tx: Executor, message: AutomatedMessage) {
  try {
    await writeAutomatedMessage(deps, tx, message);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}
