// The steps automation takes on an issue, for a rule's actions and a macro's steps alike: each runs in the
// caller's transaction through the change the issues, tags and messages modules make for a person, so the
// same rules hold (a rule may change status as a lead may; a macro as the agent running it may). A step the
// issue does not allow is skipped with the error code a person would get; the next step still runs.
import type { RuleAction } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { requestAssignment } from '../assignment';
import { findResponseToSend } from '../canned-responses';
import {
  changeStatus,
  giveIssue,
  lockOpenIssue,
  moveToTeam,
  teamPeople,
  traceOf,
  type Actor,
} from '../issues';
import { writeAutomatedMessage } from '../messages';
import { notify } from '../notifications';
import { toggleIssueTag } from '../tags';
import * as repo from './automation.repo';

export type StepResult = { type: RuleAction['type']; ok: boolean; code: string | null };

/** Takes one step on the issue; resolves to its outcome (a refused step is no failure of the run). */
export async function runStep(
  deps: Deps,
  tx: Executor,
  actor: Actor & { automation: NonNullable<Actor['automation']> },
  issueId: number,
  action: RuleAction,
  now: Date,
): Promise<StepResult> {
  try {
    await takeStep(deps, tx, actor, issueId, action, now);
    return { type: action.type, ok: true, code: null };
  } catch (err) {
    if (err instanceof AppError) return { type: action.type, ok: false, code: err.code };
    throw err;
  }
}

const missing = () => notFound('automation.reference_missing');

async function takeStep(
  deps: Deps,
  tx: Executor,
  actor: Actor & { automation: NonNullable<Actor['automation']> },
  issueId: number,
  action: RuleAction,
  now: Date,
) {
  const { organizationId } = actor;
  if (action.type === 'notify') return notifyUsers(tx, actor, issueId, action, now);
  if (action.type === 'add_tag' || action.type === 'remove_tag') {
    // One statement that also checks the issue is open: rules tag inside the ingest's batches.
    const tagActor = { organizationId, userId: actor.userId, trace: traceOf(actor) };
    return toggleIssueTag(tx, tagActor, issueId, action.tagId, action.type === 'add_tag', now);
  }
  // Every other step changes the issue: it must still be open (a closed issue never changes).
  const issue = await lockOpenIssue(tx, organizationId, issueId);
  if (!issue) throw conflict('issue.status.closed');
  const origin = { source: actor.automation.source, id: actor.automation.id, name: actor.automation.name };
  switch (action.type) {
    case 'assign_team':
      if (!(await repo.teamExists(tx, organizationId, action.teamId))) throw missing();
      return moveToTeam(deps, tx, actor, issue, action.teamId, now);
    case 'assign_agent': {
      const people = await teamPeople(tx, organizationId);
      if (!people.some((p) => p.team_id === action.teamId && p.user_id === action.userId))
        throw conflict('issue.assignee_not_in_team');
      if (issue.teamId === action.teamId && issue.assigneeUserId === action.userId) return;
      return giveIssue(deps, tx, actor, issue, { teamId: action.teamId, userId: action.userId }, now);
    }
    case 'auto_assign':
      if (!issue.teamId) throw conflict('issue.team_required');
      if (issue.assigneeUserId) throw conflict('issue.already_taken');
      return requestAssignment(deps, tx, issue.id);
    case 'send_canned': {
      const response = await findResponseToSend(tx, organizationId, action.cannedResponseId);
      // A macro sends the organisation's shared responses and its runner's own, as the canned screen shows.
      const usable =
        response && (actor.userId === null || !response.ownerUserId || response.ownerUserId === actor.userId);
      if (!usable) throw missing();
      await writeAutomatedMessage(deps, tx, {
        organizationId,
        issue,
        text: response.message,
        quickReplies: response.quickReplies,
        isPrivateNote: false,
        senderUserId: actor.userId,
        automation: origin,
        at: now,
      });
      return;
    }
    case 'set_status':
      return changeStatus(deps, tx, actor, issue, action.status, now);
    case 'add_note':
      await writeAutomatedMessage(deps, tx, {
        organizationId,
        issue,
        text: action.text,
        isPrivateNote: true,
        senderUserId: actor.userId,
        automation: origin,
        at: now,
      });
      return;
    case 'close_after_inactivity':
      return repo.setCloseTimer(tx, {
        issueId: issue.id,
        organizationId,
        ruleId: actor.automation.id,
        ruleName: actor.automation.name,
        message: action.message,
        customerMessageAt: issue.lastCustomerMessageAt,
        setAt: now,
        dueAt: new Date(now.getTime() + action.minutes * 60_000),
      });
  }
}

/** A rule's notice: to the chosen users still active in the organisation, and to the issue's agent. */
async function notifyUsers(
  tx: Executor,
  actor: Actor,
  issueId: number,
  action: Extract<RuleAction, { type: 'notify' }>,
  now: Date,
) {
  const assignee = action.assignee ? await repo.assigneeOf(tx, issueId) : null;
  const userIds = await repo.activeUsers(tx, actor.organizationId, [
    ...new Set([...action.userIds, ...(assignee ? [assignee] : [])]),
  ]);
  for (const userId of userIds)
    await notify(tx, {
      organizationId: actor.organizationId,
      userId,
      type: 'automation',
      content: action.text,
      issueId,
      createdAt: now,
    });
}
