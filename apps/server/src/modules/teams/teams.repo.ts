// The only file of the teams module that touches the database (teams, members, availability, time off).
import { and, asc, count, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '@sabai/domain';
import type { TeamMemberInput } from '@sabai/contracts';
import { channels, memberships, roles, teamMembers, teams, timeOffRequests, users } from '../../db/schema';
import { ilikeAny, pageOf, orderTerms } from '../../db/list-helpers';
import type { Executor } from '../../platform/db';
import { activeMemberOf, membershipUser } from '../people';

/** Teams a user manages or belongs to (scope myTeam). */
export const myTeamCondition = (userId: string): SQL =>
  or(
    eq(teams.managerUserId, userId),
    sql`${teams.id} IN (SELECT ${teamMembers.teamId} FROM ${teamMembers} WHERE ${teamMembers.userId} = ${userId})`,
  )!;

const personColumns = (u: typeof users) => ({
  id: u.id,
  email: u.email,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  avatarFileId: u.avatarFileId,
});

/** Selects for teams the caller may see: all of the organisation, or only theirs. */
export type TeamFilter = { organizationId: string; userId: string; mineOnly: boolean };

const manager = alias(users, 'manager');
const onLeaveAt = (now: Date) =>
  sql<boolean>`exists (select 1 from ${timeOffRequests} where ${timeOffRequests.userId} = ${users.id}
    and ${timeOffRequests.organizationId} = ${memberships.organizationId} and ${timeOffRequests.status} = 'approved'
    and ${timeOffRequests.startsAt} <= ${now} and ${timeOffRequests.endsAt} > ${now})`;

const teamColumns = (userId: string) => ({
  id: teams.id,
  name: teams.name,
  managerUserId: teams.managerUserId,
  autoReplyMessage: teams.autoReplyMessage,
  managerWorkingType: teams.managerWorkingType,
  assignmentMode: teams.assignmentMode,
  assignmentMethod: teams.assignmentMethod,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
  memberCount: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
  isMine: sql<boolean>`(${myTeamCondition(userId)})`,
  manager: {
    id: manager.id,
    email: manager.email,
    username: manager.username,
    firstName: manager.firstName,
    lastName: manager.lastName,
    avatarFileId: manager.avatarFileId,
  },
});

const filterCondition = (f: TeamFilter) =>
  and(eq(teams.organizationId, f.organizationId), f.mineOnly ? myTeamCondition(f.userId) : undefined);

export async function listTeams(
  ex: Executor,
  f: TeamFilter,
  q: {
    search?: string | undefined;
    sort: 'name' | 'createdAt' | 'memberCount';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    filterCondition(f),
    q.search ? ilikeAny(q.search, teams.name, manager.firstName, manager.lastName, manager.email) : undefined,
  );
  const sortColumn =
    q.sort === 'createdAt'
      ? teams.createdAt
      : q.sort === 'memberCount'
        ? sql`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`
        : sql`lower(${teams.name})`;
  return pageOf(
    ex
      .select(teamColumns(f.userId))
      .from(teams)
      .leftJoin(manager, eq(manager.id, teams.managerUserId))
      .where(where)
      .$dynamic(),
    ex.select({ n: count() }).from(teams).leftJoin(manager, eq(manager.id, teams.managerUserId)).where(where),
    orderTerms(q.order, sortColumn, teams.id),
    q,
  );
}

/** Teams the caller may see, for selects: id, name and manager. */
export async function teamOptions(ex: Executor, organizationId: string, userId: string, scope: Scope) {
  return ex
    .select({ id: teams.id, name: teams.name, managerUserId: teams.managerUserId })
    .from(teams)
    .where(filterCondition({ organizationId, userId, mineOnly: scope !== 'all' }))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
}

export async function findTeam(ex: Executor, f: TeamFilter, id: string) {
  const [row] = await ex
    .select(teamColumns(f.userId))
    .from(teams)
    .leftJoin(manager, eq(manager.id, teams.managerUserId))
    .where(and(filterCondition(f), eq(teams.id, id)));
  return row ?? null;
}
export type TeamRow = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** Members of a team with their shift, availability and whether approved time off covers `now`. */
export async function membersOf(ex: Executor, teamId: string, now: Date) {
  return ex
    .select({
      ...personColumns(users),
      workStart: teamMembers.workStart,
      workStop: teamMembers.workStop,
      breakStart: teamMembers.breakStart,
      breakStop: teamMembers.breakStop,
      workingDays: teamMembers.workingDays,
      availability: memberships.availability,
      isOnTimeOff: onLeaveAt(now),
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, teamMembers.userId),
        eq(memberships.organizationId, teamMembers.organizationId),
      ),
    )
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(users.id));
}

export async function nameTaken(ex: Executor, organizationId: string, name: string, exceptId?: string) {
  const rows = await ex
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, organizationId),
        sql`lower(${teams.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(teams.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Of `userIds`, those who are members of the organisation. */
export async function usersInOrganization(ex: Executor, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await ex
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, userIds)));
  return rows.map((r) => r.id);
}

export async function insertTeam(ex: Executor, v: typeof teams.$inferInsert) {
  const [row] = await ex.insert(teams).values(v).returning({ id: teams.id });
  return row!.id;
}

export async function updateTeam(ex: Executor, id: string, v: Partial<typeof teams.$inferInsert>) {
  await ex.update(teams).set(v).where(eq(teams.id, id));
}

/** Makes the team's members exactly `members` (shifts updated in place). */
export async function replaceMembers(
  ex: Executor,
  organizationId: string,
  teamId: string,
  members: TeamMemberInput[],
) {
  const keep = members.map((m) => m.userId);
  await ex
    .delete(teamMembers)
    .where(
      and(eq(teamMembers.teamId, teamId), keep.length ? notInArray(teamMembers.userId, keep) : undefined),
    );
  for (const m of members) {
    const shift = {
      workStart: m.workStart,
      workStop: m.workStop,
      breakStart: m.breakStart,
      breakStop: m.breakStop,
      workingDays: [...m.workingDays].sort(),
    };
    await ex
      .insert(teamMembers)
      .values({ teamId, organizationId, userId: m.userId, ...shift })
      .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: shift });
  }
}

export async function removeMember(ex: Executor, teamId: string, userId: string) {
  const rows = await ex
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

export async function deleteTeam(ex: Executor, id: string) {
  await ex.delete(teams).where(eq(teams.id, id));
}

/** Channels (not deleted) whose routing sends issues to the team. */
export async function channelsUsingTeam(ex: Executor, teamId: string) {
  return ex
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .where(
      and(
        sql`${channels.deletedAt} is null`,
        or(eq(channels.assignedTeamId, teamId), eq(channels.reservedTeamId, teamId)),
      ),
    );
}

/** Active users of the organisation who can be picked as a manager or member. */
export async function memberOptions(ex: Executor, organizationId: string, search: string | undefined) {
  return ex
    .select({ ...personColumns(users), roleName: roles.name })
    .from(memberships)
    .innerJoin(users, membershipUser)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        activeMemberOf(organizationId),
        search ? ilikeAny(search, users.firstName, users.lastName, users.email, users.username) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(200);
}

// --- availability and time off ------------------------------------------------------------------------

export async function setAvailability(
  ex: Executor,
  organizationId: string,
  userId: string,
  availability: 'online' | 'offline',
) {
  await ex
    .update(memberships)
    .set({ availability })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function findAvailability(ex: Executor, organizationId: string, userId: string, now: Date) {
  const [row] = await ex
    .select({ availability: memberships.availability, isOnTimeOff: onLeaveAt(now) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row ?? null;
}

/** Teams a user is a member of, with their managers, by name. */
export async function teamsOfMember(ex: Executor, organizationId: string, userId: string) {
  return ex
    .select({ id: teams.id, name: teams.name, managerUserId: teams.managerUserId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)))
    .orderBy(asc(sql`lower(${teams.name})`));
}

export async function insertTimeOff(ex: Executor, v: typeof timeOffRequests.$inferInsert) {
  const [row] = await ex.insert(timeOffRequests).values(v).returning({ id: timeOffRequests.id });
  return row!.id;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** Whether `managerId` manages a team `userId` belongs to (or the team the request names). */
const managesRequester = (managerId: string) =>
  sql<boolean>`(${timeOffRequests.userId} IN (SELECT ${teamMembers.userId} FROM ${teamMembers}
    JOIN ${teams} ON ${teams.id} = ${teamMembers.teamId} WHERE ${teams.managerUserId} = ${managerId})
    OR ${timeOffRequests.teamId} IN (SELECT ${teams.id} FROM ${teams} WHERE ${teams.managerUserId} = ${managerId}))`;

const timeOffColumns = (callerId: string) => ({
  id: timeOffRequests.id,
  userId: timeOffRequests.userId,
  startsAt: timeOffRequests.startsAt,
  endsAt: timeOffRequests.endsAt,
  reason: timeOffRequests.reason,
  status: timeOffRequests.status,
  decidedAt: timeOffRequests.decidedAt,
  createdAt: timeOffRequests.createdAt,
  team: { id: teams.id, name: teams.name },
  user: {
    id: requester.id,
    email: requester.email,
    username: requester.username,
    firstName: requester.firstName,
    lastName: requester.lastName,
    avatarFileId: requester.avatarFileId,
  },
  decidedBy: {
    id: decider.id,
    email: decider.email,
    username: decider.username,
    firstName: decider.firstName,
    lastName: decider.lastName,
    avatarFileId: decider.avatarFileId,
  },
  managesRequester: managesRequester(callerId),
});

export type TimeOffFilter = {
  organizationId: string;
  callerId: string;
  /** Only requests of members of teams the caller manages (scope myTeam); null: everyone's (scope all). */
  managedOnly: boolean;
  /** Only the caller's own requests. */
  ownOnly?: boolean;
};

const timeOffWhere = (f: TimeOffFilter) =>
  and(
    eq(timeOffRequests.organizationId, f.organizationId),
    f.managedOnly ? managesRequester(f.callerId) : undefined,
    f.ownOnly ? eq(timeOffRequests.userId, f.callerId) : undefined,
  );

export async function listTimeOff(
  ex: Executor,
  f: TimeOffFilter,
  q: {
    search?: string | undefined;
    status?: 'pending' | 'approved' | 'declined' | undefined;
    sort: 'createdAt' | 'startsAt';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    timeOffWhere(f),
    q.status ? eq(timeOffRequests.status, q.status) : undefined,
    q.search
      ? ilikeAny(q.search, requester.firstName, requester.lastName, requester.email, timeOffRequests.reason)
      : undefined,
  );
  const sortColumn = q.sort === 'startsAt' ? timeOffRequests.startsAt : timeOffRequests.createdAt;
  return pageOf(
    ex
      .select(timeOffColumns(f.callerId))
      .from(timeOffRequests)
      .innerJoin(requester, eq(requester.id, timeOffRequests.userId))
      .leftJoin(teams, eq(teams.id, timeOffRequests.teamId))
      .leftJoin(decider, eq(decider.id, timeOffRequests.decidedByUserId))
      .where(where)
      .$dynamic(),
    ex
      .select({ n: count() })
      .from(timeOffRequests)
      .innerJoin(requester, eq(requester.id, timeOffRequests.userId))
      .where(where),
    orderTerms(q.order, sortColumn, timeOffRequests.id),
    q,
  );
}

export async function findTimeOff(ex: Executor, f: TimeOffFilter, id: string) {
  const [row] = await ex
    .select(timeOffColumns(f.callerId))
    .from(timeOffRequests)
    .innerJoin(requester, eq(requester.id, timeOffRequests.userId))
    .leftJoin(teams, eq(teams.id, timeOffRequests.teamId))
    .leftJoin(decider, eq(decider.id, timeOffRequests.decidedByUserId))
    .where(and(timeOffWhere(f), eq(timeOffRequests.id, id)));
  return row ?? null;
}
export type TimeOffRow = NonNullable<Awaited<ReturnType<typeof findTimeOff>>>;

/** Decides a pending request (once: a decided request is not changed again). */
export async function decideTimeOff(
  ex: Executor,
  id: string,
  status: 'approved' | 'declined',
  deciderId: string,
  now: Date,
) {
  const rows = await ex
    .update(timeOffRequests)
    .set({ status, decidedByUserId: deciderId, decidedAt: now })
    .where(and(eq(timeOffRequests.id, id), eq(timeOffRequests.status, 'pending')))
    .returning({ id: timeOffRequests.id });
  return rows.length > 0;
}

/** Auto-assigned teams a user is a member or the manager of (their backlog may now go to them). */
export async function autoTeamsOf(ex: Executor, organizationId: string, userId: string) {
  const rows = await ex
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, organizationId),
        eq(teams.assignmentMode, 'auto'),
        myTeamCondition(userId),
      ),
    );
  return rows.map((r) => r.id);
}

/** Withdraws one of the caller's own pending requests. */
export async function deletePendingTimeOff(ex: Executor, organizationId: string, userId: string, id: string) {
  const rows = await ex
    .delete(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.id, id),
        eq(timeOffRequests.organizationId, organizationId),
        eq(timeOffRequests.userId, userId),
        eq(timeOffRequests.status, 'pending'),
      ),
    )
    .returning({ id: timeOffRequests.id });
  return rows.length > 0;
}

export async function findPerson(ex: Executor, userId: string) {
  const [row] = await ex.select(personColumns(users)).from(users).where(eq(users.id, userId));
  return row ?? null;
}
