// The only file of the assignment module that touches the database. The locks here are what make
// assignment safe with several workers: an issue row is claimed with FOR UPDATE SKIP LOCKED (a second
// worker skips it instead of waiting), and the team row is locked for the rotation so two issues of one
// team never read the same "last assigned" agent.
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MemberShift } from '@sabai/domain';
import {
  channels,
  issueActivities,
  issues,
  memberships,
  notifications,
  organizations,
  teamMembers,
  teams,
  timeOffRequests,
  users,
} from '../../db/schema';
import { ilikeAny, pageOf, orderTerms } from '../../db/list-helpers';
import { rowsOf, type Executor } from '../../platform/db';

/** Issues waiting in their team's queue: un-assigned, and nobody has them. */
export const waitingForAgent = and(isNull(issues.assigneeUserId), eq(issues.status, 'un-assigned'))!;

/** The queue's order, oldest first (ids grow as issues arrive): automatic assignment and "take next" alike. */
export const queueOrder = asc(issues.id);

/** The team of an issue that waits for an agent (read without a lock); null when it does not wait. */
export async function peekWaitingIssue(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({ teamId: issues.teamId })
    .from(issues)
    .where(and(eq(issues.id, issueId), waitingForAgent));
  return row ?? null;
}

/**
 * The team's assignment settings with its row locked until the transaction ends (the rotation lock). Taken
 * before any issue row, so every path locks in the same order (team, then issues) and never deadlocks.
 * FOR NO KEY UPDATE, not FOR UPDATE: it excludes other assigners all the same, but not the key-share lock
 * that inserting an issue of the team takes for its foreign key, so new issues never queue behind (or
 * deadlock with) an assignment.
 */
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
    .for('no key update', { of: teams });
  return row ?? null;
}

/**
 * Claims waiting issues of a team for this transaction, oldest first: the given ones, or up to `limit`.
 */
export async function claimWaitingIssues(
  ex: Executor,
  teamId: string,
  pick: { issueIds: number[] } | { limit: number },
) {
  const query = ex
    .select({
      id: issues.id,
      organizationId: issues.organizationId,
      channelType: channels.type,
      channelName: channels.name,
    })
    .from(issues)
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .where(
      and(
        eq(issues.teamId, teamId),
        waitingForAgent,
        'issueIds' in pick ? inArray(issues.id, pick.issueIds) : undefined,
      ),
    )
    .orderBy(queueOrder)
    .limit('limit' in pick ? pick.limit : pick.issueIds.length)
    // A batch skips rows another transaction holds (inbound storing a message, another worker); a single
    // issue waits for them, since its job exists to assign exactly that issue. Both run under the team lock.
    .for('update', 'limit' in pick ? { of: issues, skipLocked: true } : { of: issues });
  return query;
}
export type ClaimedIssue = Awaited<ReturnType<typeof claimWaitingIssues>>[number];

export type AgentRow = {
  userId: string;
  teamId: string;
  isManager: boolean;
  availability: 'online' | 'offline' | 'time_off';
  isActive: boolean;
  isOnLeave: boolean;
  shift: MemberShift | null;
  /** Open issues (un-assigned, on-going, waiting) assigned to them in the organisation. */
  openIssues: number;
};

const onLeave = (organizationId: SQL, userId: SQL, now: Date) =>
  sql<boolean>`exists (select 1 from ${timeOffRequests} where ${timeOffRequests.userId} = ${userId}
    and ${timeOffRequests.organizationId} = ${organizationId} and ${timeOffRequests.status} = 'approved'
    and ${timeOffRequests.startsAt} <= ${now} and ${timeOffRequests.endsAt} > ${now})`;

const openIssues = (organizationId: SQL, userId: SQL) =>
  sql<number>`(select count(*)::int from ${issues} where ${issues.organizationId} = ${organizationId}
    and ${issues.assigneeUserId} = ${userId} and ${issues.status} in ('un-assigned', 'on-going', 'waiting'))`;

/**
 * Members (and managers who are not members) of `teamIds` with what decides whether they may receive an
 * issue at `now`; open issue counts only when asked (least contact).
 */
export async function agentsOf(
  ex: Executor,
  teamIds: string[],
  now: Date,
  opts: { managers: boolean; openCounts: boolean },
): Promise<AgentRow[]> {
  if (teamIds.length === 0) return [];
  const members = await ex
    .select({
      userId: teamMembers.userId,
      teamId: teamMembers.teamId,
      managerUserId: teams.managerUserId,
      availability: memberships.availability,
      isActive: users.isActive,
      isOnLeave: onLeave(sql`${teamMembers.organizationId}`, sql`${teamMembers.userId}`, now),
      openIssues: opts.openCounts
        ? openIssues(sql`${teamMembers.organizationId}`, sql`${teamMembers.userId}`)
        : sql<number>`0`,
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
  // A manager who is not a member has no shift: they count only when the working type is `always`.
  const managers = opts.managers
    ? await ex
        .select({
          userId: memberships.userId,
          teamId: teams.id,
          availability: memberships.availability,
          isActive: users.isActive,
          isOnLeave: onLeave(sql`${teams.organizationId}`, sql`${teams.managerUserId}`, now),
          openIssues: opts.openCounts
            ? openIssues(sql`${teams.organizationId}`, sql`${teams.managerUserId}`)
            : sql<number>`0`,
        })
        .from(teams)
        .innerJoin(
          memberships,
          and(
            eq(memberships.userId, teams.managerUserId),
            eq(memberships.organizationId, teams.organizationId),
          ),
        )
        .innerJoin(users, eq(users.id, teams.managerUserId))
        .where(
          and(
            inArray(teams.id, teamIds),
            sql`not exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${teams.managerUserId})`,
          ),
        )
    : [];
  return [
    ...members.map((m) => ({
      userId: m.userId,
      teamId: m.teamId,
      isManager: m.userId === m.managerUserId,
      availability: m.availability,
      isActive: m.isActive,
      isOnLeave: Boolean(m.isOnLeave),
      openIssues: Number(m.openIssues),
      shift: {
        workStart: m.workStart,
        workStop: m.workStop,
        breakStart: m.breakStart,
        breakStop: m.breakStop,
        workingDays: m.workingDays,
      },
    })),
    ...managers.map((m) => ({
      ...m,
      isManager: true,
      isOnLeave: Boolean(m.isOnLeave),
      openIssues: Number(m.openIssues),
      shift: null,
    })),
  ];
}

export type Assignment = {
  issueId: number;
  userId: string;
  organizationId: string;
  content: string;
  channelType: 'line' | 'facebook' | 'instagram';
  channelName: string;
};

/**
 * Gives claimed issues to their agents (never over another assignee), moves them to on-going, records the
 * rotation, the agents' notifications and each issue's `assigned` activity (no actor: the system did it):
 * one statement for the whole batch.
 */
export async function applyAssignments(
  ex: Executor,
  teamId: string,
  lastAssignedUserId: string,
  assignments: Assignment[],
  now: Date,
) {
  const values = sql.join(
    assignments.map(
      (a) =>
        sql`(${a.issueId}::bigint, ${a.userId}::uuid, ${a.organizationId}::uuid, ${a.content}, ${a.channelType}, ${a.channelName})`,
    ),
    sql`, `,
  );
  const result = await ex.execute(sql`
    with v(issue_id, user_id, organization_id, content, channel_type, channel_name) as (values ${values}),
    assigned as (
      update ${issues} set assignee_user_id = v.user_id, status = 'on-going', assigned_at = ${now}, updated_at = ${now}
      from v where ${issues.id} = v.issue_id and ${issues.assigneeUserId} is null
      returning ${issues.id} as issue_id
    ),
    rotation as (update ${teams} set last_assigned_user_id = ${lastAssignedUserId} where ${teams.id} = ${teamId}),
    activity as (
      insert into ${issueActivities} (organization_id, issue_id, kind, from_status, to_status, data, created_at)
      select v.organization_id, v.issue_id, 'assigned', 'un-assigned', 'on-going',
        jsonb_build_object('userId', v.user_id, 'teamId', ${teamId}::uuid, 'previousUserId', null, 'automatic', true),
        ${now}
      from v join assigned a on a.issue_id = v.issue_id
    )
    insert into ${notifications} (organization_id, user_id, issue_id, type, content, channel_type, channel_name, created_at)
    select v.organization_id, v.user_id, v.issue_id, 'issue_assigned', v.content, v.channel_type, v.channel_name, ${now}
    from v join assigned a on a.issue_id = v.issue_id
    returning id, user_id, issue_id`);
  return rowsOf(result).map((r) => ({
    notificationId: Number(r.id),
    userId: String(r.user_id),
    issueId: Number(r.issue_id),
  }));
}

/** Auto-assigned teams that have waiting issues (the minute sweep). */
export async function teamsWithBacklog(ex: Executor) {
  const rows = await ex
    .selectDistinct({ teamId: issues.teamId })
    .from(issues)
    .innerJoin(teams, eq(teams.id, issues.teamId))
    .where(and(waitingForAgent, eq(teams.assignmentMode, 'auto')));
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
  return pageOf(
    ex
      .select(settingsColumns(f.userId))
      .from(teams)
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(where)
      .$dynamic(),
    ex.select({ n: count() }).from(teams).where(where),
    orderTerms(q.order, sortColumn, teams.id),
    q,
  );
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
