// The changes of a locked, open issue that both people and automation make: its status, its agent, its team.
// One place for each, whoever acts: a person through the API (issues.service), an automation rule
// in the transaction of the event that fired it, or a macro an agent ran. Each records the activity (with
// the rule or macro that made it) and announces the change; a status change may in turn fire rules.
import { NOTICE_TEXTS, type AutomationTrace } from '@sabai/contracts';
import { checkStatusChange, isFinalStatus, isResolvedStatus, type IssueStatus } from '@sabai/domain';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { issues } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { Executor } from '../../platform/db';
import type { RuleChain } from '../../ports';
import { publishEvent } from '../../platform/events';
import { requestAssignment, requestBacklogHandOut } from '../assignment';
import { notify } from '../notifications';
import { refreshSla } from '../sla';
import { announceServiceEnded, endsService } from './issues.service-ended';
import * as repo from './issues.repo';

/** The rule or macro acting, and for a rule the chain of rules that led to it (loops stop there). */
export type AutomationOrigin = Omit<AutomationTrace, 'steps'> & { chain: RuleChain };

/**
 * Who makes a change: a person (`userId`), a rule (no person), or a person running a macro. A rule may
 * change status as a lead may; a macro as the person running it may.
 */
export type Actor = {
  organizationId: string;
  userId: string | null;
  canChangeStatus: boolean;
  automation?: AutomationOrigin;
};

export type LockedIssue = repo.ScopedIssue;

/** The trace a change's activity carries (the trail shows the rule or macro). */
export const traceOf = (actor: Actor) =>
  actor.automation
    ? {
        automation: { source: actor.automation.source, id: actor.automation.id, name: actor.automation.name },
      }
    : {};

/** The issue locked for a change by automation: null when it is missing or no longer open. */
export async function lockOpenIssue(tx: Executor, organizationId: string, issueId: number) {
  const [issue] = await tx
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.organizationId, organizationId)))
    .for('update');
  return issue && !isFinalStatus(issue.status) ? issue : null;
}

/** Changes the status under the status rules (domain checkStatusChange); throws 409 with the rule's code when they forbid it. */
export async function changeStatus(
  deps: Deps,
  tx: Executor,
  actor: Actor,
  issue: LockedIssue,
  to: IssueStatus,
  now: Date,
) {
  // A transfer opens a new issue; it has its own call.
  if (to === 'transferred') throw badRequest('issue.status.use_transfer');
  const verdict = checkStatusChange({
    from: issue.status,
    to,
    isAssigned: issue.assigneeUserId !== null,
    actorCanChangeStatus: actor.canChangeStatus,
  });
  if (!verdict.ok) throw conflict(verdict.code);
  await repo.updateIssue(tx, issue.id, {
    status: to,
    updatedAt: now,
    ...(isResolvedStatus(to) ? { resolvedAt: now } : {}),
    ...(to === 'close' ? { closedAt: now } : {}),
  });
  await repo.recordActivity(tx, {
    organizationId: actor.organizationId,
    issueId: issue.id,
    actorUserId: actor.userId,
    kind: 'status',
    fromStatus: issue.status,
    toStatus: to,
    data: traceOf(actor),
    createdAt: now,
  });
  await publishIssueEvent(tx, 'issue.status_changed', { ...issue, status: to });
  if (endsService(to)) await announceServiceEnded(deps, tx, issue.id);
  await refreshSla(tx, now, [{ issueId: issue.id, organizationId: actor.organizationId }]);
  // A resolved issue frees its agent: least-contact teams may have a backlog waiting for them.
  if (isResolvedStatus(to) && issue.teamId) await requestBacklogHandOut(deps, tx, issue.teamId);
  if (to === 'close' && issue.assigneeUserId && issue.assigneeUserId !== actor.userId) {
    await notify(tx, {
      organizationId: actor.organizationId,
      userId: issue.assigneeUserId,
      type: 'issue_closed',
      content: NOTICE_TEXTS.closed(issue.id),
      issueId: issue.id,
      createdAt: now,
    });
  }
  await deps.automation.run(deps, tx, [
    {
      trigger: 'status_changed',
      organizationId: actor.organizationId,
      issueId: issue.id,
      status: to,
      key: `s:${issue.id}:${to}:${now.getTime()}`,
      chain: actor.automation?.chain,
    },
  ]);
}

/**
 * Gives a locked, open issue to an agent of `to.teamId` (moving it there when that is another team): an
 * issue that waited goes on-going; recorded in the trail, announced, and the agent told unless they took it
 * themselves. The caller checked that the agent may have it.
 */
export async function giveIssue(
  deps: Deps,
  tx: Executor,
  actor: Actor,
  issue: LockedIssue,
  to: { teamId: string; userId: string },
  now: Date,
) {
  const status = issue.status === 'un-assigned' ? 'on-going' : issue.status;
  await repo.updateIssue(tx, issue.id, {
    teamId: to.teamId,
    assigneeUserId: to.userId,
    status,
    assignedAt: issue.assignedAt ?? now,
    updatedAt: now,
  });
  await repo.recordActivity(tx, {
    organizationId: actor.organizationId,
    issueId: issue.id,
    actorUserId: actor.userId,
    kind: 'assigned',
    fromStatus: issue.status,
    toStatus: status,
    // The team it had tells the trail whether the assignment moved it to another team.
    data: {
      userId: to.userId,
      teamId: to.teamId,
      previousUserId: issue.assigneeUserId,
      previousTeamId: issue.teamId,
      ...traceOf(actor),
    },
    createdAt: now,
  });
  // The event carries the status after the assignment: clients move the card by it.
  await publishIssueEvent(tx, 'issue.assigned', {
    ...issue,
    status,
    teamId: to.teamId,
    assigneeUserId: to.userId,
  });
  if (to.userId !== actor.userId) await notifyGiven(tx, actor.organizationId, to.userId, issue.id, now);
  // Another team may follow another service level policy.
  if (to.teamId !== issue.teamId)
    await refreshSla(tx, now, [{ issueId: issue.id, organizationId: actor.organizationId }]);
}

/**
 * Moves a locked, open issue to another team's queue: its agent keeps it only when they belong to that team
 * (member or manager); otherwise it waits there un-assigned, and the team's automatic assignment (if on)
 * hands it out.
 */
export async function moveToTeam(
  deps: Deps,
  tx: Executor,
  actor: Actor,
  issue: LockedIssue,
  teamId: string,
  now: Date,
) {
  if (teamId === issue.teamId) return;
  const people = await repo.teamPeople(tx, actor.organizationId);
  const keepsAgent =
    issue.assigneeUserId !== null &&
    people.some((p) => p.team_id === teamId && p.user_id === issue.assigneeUserId);
  const assigneeUserId = keepsAgent ? issue.assigneeUserId : null;
  const status = assigneeUserId === null && issue.status === 'on-going' ? 'un-assigned' : issue.status;
  await repo.updateIssue(tx, issue.id, { teamId, assigneeUserId, status, updatedAt: now });
  await repo.recordActivity(tx, {
    organizationId: actor.organizationId,
    issueId: issue.id,
    actorUserId: actor.userId,
    kind: 'assigned',
    fromStatus: issue.status,
    toStatus: status,
    data: {
      userId: assigneeUserId,
      teamId,
      previousUserId: issue.assigneeUserId,
      previousTeamId: issue.teamId,
      ...traceOf(actor),
    },
    createdAt: now,
  });
  await publishIssueEvent(tx, 'issue.assigned', { ...issue, status, teamId, assigneeUserId });
  await refreshSla(tx, now, [{ issueId: issue.id, organizationId: actor.organizationId }]);
  if (assigneeUserId === null) await requestAssignment(deps, tx, issue.id);
}

/** Tells an agent they were given an issue. */
export async function notifyGiven(
  tx: Executor,
  organizationId: string,
  userId: string,
  issueId: number,
  now: Date,
) {
  await notify(tx, {
    organizationId,
    userId,
    type: 'issue_assigned',
    content: NOTICE_TEXTS.assigned(issueId),
    issueId,
    createdAt: now,
  });
}

type IssueEventSource = {
  id: number;
  organizationId: string;
  status: IssueStatus;
  teamId: string | null;
  assigneeUserId: string | null;
};

/** Announces a change of an issue with what the realtime gateway needs to pick who sees it. */
export async function publishIssueEvent(
  tx: Executor,
  name: 'issue.created' | 'issue.updated' | 'issue.assigned' | 'issue.status_changed',
  issue: IssueEventSource,
) {
  await publishEvent(tx, {
    name,
    organizationId: issue.organizationId,
    data: {
      issueId: issue.id,
      status: issue.status,
      teamId: issue.teamId,
      assigneeUserId: issue.assigneeUserId,
    },
  });
}
