// The only file of the assignment module that touches the database. The locks here are what make
// assignment safe with several workers: an issue row is claimed with FOR UPDATE SKIP LOCKED (a second
// worker skips it instead of waiting), and the team row is locked for the rotation so two issues of one
// team never read the same "last assigned" agent.
import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MemberShift } from '@sabai/domain';
import {
  channels,
  issues,
  memberships,
  organizations,
  teamMembers,
  teams,
  timeOffRequests,
  users,
} from '../../db/schema';
import { ilikeAny, offsetOf, orderTerms } from '../../db/list-helpers';
import type { Executor } from '../../platform/db';

const OPEN_STATUSES = ['un-assigned', 'on-going', 'waiting'] as const;

/** Claims a waiting issue for this transaction; null when it is assigned, not waiting, or claimed by another worker. */
export async function claimWaitingIssue(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({
      id: issues.id,
      organizationId: issues.organizationId,
      teamId: issues.teamId,
      channelType: channels.type,
      channelName: channels.name,
    })
    .from(issues)
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .where(and(eq(issues.id, issueId), isNull(issues.assigneeUserId), eq(issues.status, 'un-assigned')))
    .for('update', { of: issues, skipLocked: true });
  return row ?? null;
}

/** The team's assignment settings with its row locked until the transaction ends (the rotation lock). */
export async function lockTeam(ex: Executor, teamId: string) {
  const [row] = await ex
    .select({
      id: teams.id,
      organizationId: teams.organizationId,
      managerUserId: teams.managerUserId,
      managerWorkingType: teams.managerWorkingType,
      assignmentMode: teams.assignmentMode,
      assignmentMethod: teams.assignmentMethod,
      lastAssignedUserId: teams.lastAssignedUserId,
      timeZone: organizations.timeZone,
    })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(eq(teams.id, teamId))
    .for('update', { of: teams });
  return row ?? null;
}

export type AgentRow = {
  userId: string;
  teamId: string;
  isManager: boolean;
  availability: 'online' | 'offline' | 'time_off';
  isActive: boolean;
  isOnLeave: boolean;
  shift: MemberShift | null;
};

const onLeave = (organizationId: SQL | string, userId: SQL, now: Date) =>
  sql<boolean>`exists (select 1 from ${timeOffRequests} where ${timeOffRequests.userId} = ${userId}
    and ${timeOffRequests.organizationId} = ${organizationId} and ${timeOffRequests.status} = 'approved'
    and ${timeOffRequests.startsAt} <= ${now} and ${timeOffRequests.endsAt} > ${now})`;

/** Members and managers of `teamIds` with what decides whether they may receive an issue at `now`. */
export async function agentsOf(ex: Executor, teamIds: string[], now: Date): Promise<AgentRow[]> {
  if (teamIds.length === 0) return [];
  const members = await ex
    .select({
      userId: teamMembers.userId,
      teamId: teamMembers.teamId,
      managerUserId: teams.managerUserId,
      availability: memberships.availability,
      isActive: users.isActive,
      isOnLeave: onLeave(sql`${teamMembers.organizationId}`, sql`${teamMembers.userId}`, now),
      workStart: teamMembers.workStart,
      workStop: teamMembers.workStop,
      breakStart: teamMembers.breakStart,
      breakStop: teamMembers.breakStop,
      workingDays: teamMembers.workingDays,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, teamMembers.userId),
        eq(memberships.organizationId, teamMembers.organizationId),
      ),
    )
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, teamIds));
  // A manager who is not a member has no shift; they still count when the working type is `always`.
  const managers = await ex
    .select({
      userId: memberships.userId,
      teamId: teams.id,
      availability: memberships.availability,
      isActive: users.isActive,
      isOnLeave: onLeave(sql`${teams.organizationId}`, sql`${teams.managerUserId}`, now),
    })
    .from(teams)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, teams.managerUserId), eq(memberships.organizationId, teams.organizationId)),
    )
    .innerJoin(users, eq(users.id, teams.managerUserId))
    .where(
      and(
        inArray(teams.id, teamIds),
        sql`not exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${teams.managerUserId})`,
      ),
    );
  return [
    ...members.map((m) => ({
      userId: m.userId,
      teamId: m.teamId,
      isManager: m.userId === m.managerUserId,
      availability: m.availability,
      isActive: m.isActive,
      isOnLeave: Boolean(m.isOnLeave),
      shift: {
        workStart: m.workStart,
        workStop: m.workStop,
        breakStart: m.breakStart,
        breakStop: m.breakStop,
        workingDays: m.workingDays,
      },
    })),
    ...managers.map((m) => ({ ...m, isManager: true, isOnLeave: Boolean(m.isOnLeave), shift: null })),
  ];
}

/** Open issues (un-assigned, on-going, waiting) per agent in the organisation. */
export async function openIssueCounts(ex: Executor, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await ex
    .select({ userId: issues.assigneeUserId, n: count() })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, organizationId),
        inArray(issues.assigneeUserId, userIds),
        inArray(issues.status, [...OPEN_STATUSES]),
      ),
    )
    .groupBy(issues.assigneeUserId);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}

/** Gives a claimed issue to an agent (never over another assignee) and moves it to on-going. */
export async function assignTo(ex: Executor, issueId: number, userId: string, now: Date) {
  const [row] = await ex
    .update(issues)
    .set({ assigneeUserId: userId, status: 'on-going', assignedAt: now, updatedAt: now })
    .where(and(eq(issues.id, issueId), isNull(issues.assigneeUserId)))
    .returning({ id: issues.id });
  return row !== undefined;
}

export async function setLastAssigned(ex: Executor, teamId: string, userId: string) {
  await ex.update(teams).set({ lastAssignedUserId: userId }).where(eq(teams.id, teamId));
}

/** Waiting issues of a team, oldest first, after `afterId`. */
export async function waitingIssueIds(ex: Executor, teamId: string, afterId: number, limit: number) {
  const rows = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.teamId, teamId),
        isNull(issues.assigneeUserId),
        eq(issues.status, 'un-assigned'),
        gt(issues.id, afterId),
      ),
    )
    .orderBy(asc(issues.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Auto-assigned teams that have waiting issues (the minute sweep). */
export async function teamsWithBacklog(ex: Executor) {
  const rows = await ex
    .selectDistinct({ teamId: issues.teamId })
    .from(issues)
    .innerJoin(teams, eq(teams.id, issues.teamId))
    .where(
      and(isNull(issues.assigneeUserId), eq(issues.status, 'un-assigned'), eq(teams.assignmentMode, 'auto')),
    );
  return rows.map((r) => r.teamId!);
}

// --- settings ---------------------------------------------------------------------------------------------

/** Teams the caller manages or belongs to (scope myTeam). */
export const myTeamCondition = (userId: string) =>
  or(
    eq(teams.managerUserId, userId),
    sql`${teams.id} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`,
  )!;

export type SettingsFilter = {
  organizationId: string;
  userId: string;
  /** Only the caller's teams (scope myTeam). */
  mineOnly: boolean;
};

const settingsColumns = (userId: string) => ({
  teamId: teams.id,
  teamName: teams.name,
  mode: teams.assignmentMode,
  method: teams.assignmentMethod,
  managerWorkingType: teams.managerWorkingType,
  isMine: sql<boolean>`(${myTeamCondition(userId)})`,
  memberCount: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
  waitingIssues: sql<number>`(select count(*)::int from ${issues} where ${issues.teamId} = ${teams.id}
    and ${issues.assigneeUserId} is null and ${issues.status} = 'un-assigned')`,
  timeZone: organizations.timeZone,
});

export async function listSettings(
  ex: Executor,
  f: SettingsFilter,
  q: {
    search?: string | undefined;
    sort: 'teamName' | 'mode';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(teams.organizationId, f.organizationId),
    f.mineOnly ? myTeamCondition(f.userId) : undefined,
    q.search ? ilikeAny(q.search, teams.name) : undefined,
  );
  const sortColumn = q.sort === 'mode' ? teams.assignmentMode : sql`lower(${teams.name})`;
  const [rows, [total]] = await Promise.all([
    ex
      .select(settingsColumns(f.userId))
      .from(teams)
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(where)
      .orderBy(...orderTerms(q.order, sortColumn, teams.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ex.select({ n: count() }).from(teams).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findSettings(ex: Executor, f: SettingsFilter, teamId: string) {
  const [row] = await ex
    .select(settingsColumns(f.userId))
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(
      and(
        eq(teams.organizationId, f.organizationId),
        eq(teams.id, teamId),
        f.mineOnly ? myTeamCondition(f.userId) : undefined,
      ),
    );
  return row ?? null;
}

export async function updateSettings(
  ex: Executor,
  teamId: string,
  v: { mode: 'manual' | 'auto'; method: 'round_robin' | 'least_contact' },
  now: Date,
) {
  await ex
    .update(teams)
    .set({ assignmentMode: v.mode, assignmentMethod: v.method, updatedAt: now })
    .where(eq(teams.id, teamId));
}
