// Handing a leaving agent's open issues over before their account goes: to another agent, or back
// to each issue's team queue. Each issue records the hand-over as an `assigned` activity, where the issue's
// history is kept.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ISSUE_STATUSES, isOpenStatus } from '@sabai/domain';
import type { Deps } from '../../deps';
import { issues, memberships, teams, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { requestAssignment } from '../assignment';
import { activeMemberOf, membershipUser } from '../people';
import * as repo from './issues.repo';
import { notifyGiven, publishIssueEvent } from './issues.changes';

const OPEN = ISSUE_STATUSES.filter(isOpenStatus);

/** The open issues assigned to a user in the organisation, oldest first, with their team. */
export async function openIssuesOf(ex: Executor, organizationId: string, userId: string) {
  return ex
    .select({
      id: issues.id,
      organizationId: issues.organizationId,
      status: issues.status,
      teamId: issues.teamId,
      teamName: teams.name,
      assigneeUserId: issues.assigneeUserId,
    })
    .from(issues)
    .leftJoin(teams, eq(teams.id, issues.teamId))
    .where(
      and(
        eq(issues.organizationId, organizationId),
        eq(issues.assigneeUserId, userId),
        inArray(issues.status, OPEN),
      ),
    )
    .orderBy(asc(issues.id))
    .for('update', { of: issues });
}

/** How many open issues a user holds, per team (null: issues without a team). */
export function openIssuesByTeam(rows: Awaited<ReturnType<typeof openIssuesOf>>) {
  const byTeam = new Map<string | null, { id: string | null; name: string | null; openIssues: number }>();
  for (const r of rows) {
    const entry = byTeam.get(r.teamId) ?? { id: r.teamId, name: r.teamName, openIssues: 0 };
    entry.openIssues += 1;
    byTeam.set(r.teamId, entry);
  }
  return [...byTeam.values()];
}

export type HandOver = {
  organizationId: string;
  actorUserId: string;
  fromUserId: string;
  /** Another agent of every team involved; null: back to each team's queue (auto-assignment picks it up). */
  toUserId: string | null;
  now: Date;
};

/** Hands every open issue of `fromUserId` over, inside the caller's transaction; returns how many. */
export async function handOverOpenIssues(deps: Deps, tx: Executor, h: HandOver): Promise<number> {
  const open = await openIssuesOf(tx, h.organizationId, h.fromUserId);
  if (h.toUserId) await assertMayTake(tx, h, open);
  else await assertQueuesKeepSomeone(tx, h, open);
  for (const issue of open) {
    const toStatus = h.toUserId ? issue.status : 'un-assigned';
    await repo.updateIssue(tx, issue.id, { assigneeUserId: h.toUserId, status: toStatus, updatedAt: h.now });
    await repo.recordActivity(tx, {
      organizationId: h.organizationId,
      issueId: issue.id,
      actorUserId: h.actorUserId,
      kind: 'assigned',
      fromStatus: issue.status,
      toStatus,
      data: {
        userId: h.toUserId,
        teamId: issue.teamId,
        previousUserId: h.fromUserId,
        handOver: h.toUserId ? 'agent' : 'team_queue',
      },
      createdAt: h.now,
    });
    const moved = { ...issue, status: toStatus, assigneeUserId: h.toUserId };
    await publishIssueEvent(tx, h.toUserId ? 'issue.assigned' : 'issue.status_changed', moved);
    if (h.toUserId) {
      if (h.toUserId !== h.actorUserId) await notifyGiven(tx, h.organizationId, h.toUserId, issue.id, h.now);
    } else if (issue.teamId) {
      await requestAssignment(deps, tx, issue.id);
    }
  }
  return open.length;
}

/** The receiving agent is another active member of the organisation, in (or managing) every team involved. */
async function assertMayTake(tx: Executor, h: HandOver, open: Awaited<ReturnType<typeof openIssuesOf>>) {
  if (h.toUserId === h.fromUserId || !(await isActiveMember(tx, h.organizationId, h.toUserId!))) {
    throw badRequest('user.hand_over_target_invalid', 'Choose another active agent of the organisation.');
  }
  const people = await repo.teamPeople(tx, h.organizationId);
  const missing = openIssuesByTeam(open).filter(
    (team) => team.id && !people.some((p) => p.team_id === team.id && p.user_id === h.toUserId),
  );
  if (missing.length > 0) {
    throw conflict('user.hand_over_target_not_in_team', 'The chosen agent is not in every team involved.', {
      teams: missing.map((t) => ({ id: t.id, name: t.name })),
    });
  }
}

/** A team queue needs someone to take it: another active member or the manager (else choose an agent). */
async function assertQueuesKeepSomeone(
  tx: Executor,
  h: HandOver,
  open: Awaited<ReturnType<typeof openIssuesOf>>,
) {
  const people = await repo.teamPeople(tx, h.organizationId);
  const empty = openIssuesByTeam(open).filter(
    (team) => team.id && !people.some((p) => p.team_id === team.id && p.user_id !== h.fromUserId),
  );
  if (empty.length > 0) {
    throw conflict('user.hand_over_team_empty', 'No one else in this team could take its queue.', {
      teams: empty.map((t) => ({ id: t.id, name: t.name })),
    });
  }
}

async function isActiveMember(tx: Executor, organizationId: string, userId: string) {
  const rows = await tx
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(users, membershipUser)
    .where(and(activeMemberOf(organizationId), eq(memberships.userId, userId)));
  return rows.length > 0;
}
