// User management's SQL (/setting/user): users of an organisation through their membership, their teams,
// invitations and removal. The organisation id is part of every filter.
import { and, asc, count, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SHIFT } from '@sabai/domain';
import {
  memberships,
  organizations,
  deviceTokens,
  passwordTokens,
  removedMembers,
  roles,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import { idsInOrganization, ilikeAny, pageOf, orderTerms } from '../../db/list-helpers';
import type { Executor } from '../../platform/db';
import { revokeUserRefreshTokens } from '../auth';
import { activeMemberOf, membershipUser } from '../people';

const statusSql = sql<'active' | 'invited' | 'inactive'>`case when not ${users.isActive} then 'inactive'
  when ${users.passwordHash} is null then 'invited' else 'active' end`;

const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
  isActive: users.isActive,
  status: statusSql,
  availability: memberships.availability,
  lastLoginAt: users.lastLoginAt,
  createdAt: memberships.createdAt,
  roleId: roles.id,
  roleName: roles.name,
};

export type UserFilter = {
  search?: string | undefined;
  roleId?: string | undefined;
  teamId?: string | undefined;
  status?: 'active' | 'invited' | 'inactive' | undefined;
  sort: 'name' | 'email' | 'role' | 'createdAt' | 'lastLoginAt';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const fromMembers = (ex: Executor) =>
  ex
    .select(userColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId));

export async function listUsers(ex: Executor, organizationId: string, q: UserFilter) {
  const where = and(
    eq(memberships.organizationId, organizationId),
    q.search ? ilikeAny(q.search, users.firstName, users.lastName, users.email, users.username) : undefined,
    q.roleId ? eq(memberships.roleId, q.roleId) : undefined,
    q.status ? sql`(${statusSql}) = ${q.status}` : undefined,
    q.teamId
      ? sql`${users.id} in (select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${q.teamId})`
      : undefined,
  );
  const sorts: Record<UserFilter['sort'], SQL> = {
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    email: sql`lower(${users.email})`,
    role: sql`${roles.name}`,
    createdAt: sql`${memberships.createdAt}`,
    lastLoginAt: sql`${users.lastLoginAt}`,
  };
  return pageOf(
    fromMembers(ex).where(where).$dynamic(),
    ex
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
    orderTerms(q.order, sorts[q.sort], users.id),
    q,
  );
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export async function findUser(ex: Executor, organizationId: string, userId: string) {
  const [row] = await fromMembers(ex).where(
    and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)),
  );
  return row ?? null;
}

/** Team memberships of `userIds` in the organisation. */
export async function teamsOfUsers(ex: Executor, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return ex
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.organizationId, organizationId), inArray(teamMembers.userId, userIds)))
    .orderBy(asc(sql`lower(${teams.name})`));
}

export async function emailTaken(ex: Executor, email: string) {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function usernameTaken(ex: Executor, username: string, exceptUserId?: string) {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findRole(ex: Executor, organizationId: string, roleId: string) {
  const [row] = await ex
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
  return row ?? null;
}

export const teamsInOrganization = (ex: Executor, organizationId: string, ids: string[]) =>
  idsInOrganization(ex, teams, organizationId, ids);

/**
 * Locks the organisation row for the rest of the transaction and returns its plan limit and the seats in
 * use (active members, invitations included), so two invitations cannot both take the last seat.
 */
export async function lockSeats(ex: Executor, organizationId: string) {
  const [org] = await ex
    .select({ max: organizations.planMaxUsers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  const [used] = await ex
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, membershipUser)
    .where(activeMemberOf(organizationId));
  return { max: org?.max ?? 0, used: Number(used?.n ?? 0) };
}

export async function insertUser(ex: Executor, v: typeof users.$inferInsert) {
  const [row] = await ex.insert(users).values(v).returning({ id: users.id });
  return row!.id;
}

export async function insertMembership(ex: Executor, v: typeof memberships.$inferInsert) {
  await ex.insert(memberships).values(v);
}

export async function deletePasswordToken(ex: Executor, id: string) {
  await ex.delete(passwordTokens).where(eq(passwordTokens.id, id));
}

/** Makes the user a member of exactly `teamIds` in the organisation; new memberships get the default shift. */
export async function setTeams(ex: Executor, organizationId: string, userId: string, teamIds: string[]) {
  await ex
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.organizationId, organizationId),
        eq(teamMembers.userId, userId),
        teamIds.length ? notInArray(teamMembers.teamId, teamIds) : undefined,
      ),
    );
  if (teamIds.length === 0) return;
  await ex
    .insert(teamMembers)
    .values(
      teamIds.map((teamId) => ({
        teamId,
        userId,
        organizationId,
        ...DEFAULT_SHIFT,
        workingDays: [...DEFAULT_SHIFT.workingDays],
      })),
    )
    .onConflictDoNothing();
}

export async function updateUser(
  ex: Executor,
  userId: string,
  v: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'username' | 'isActive'>>,
  now: Date,
) {
  await ex
    .update(users)
    .set({ ...v, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setRole(ex: Executor, organizationId: string, userId: string, roleId: string) {
  await ex
    .update(memberships)
    .set({ roleId })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function setOffline(ex: Executor, userId: string) {
  await ex.update(memberships).set({ availability: 'offline' }).where(eq(memberships.userId, userId));
}

export async function otherMembershipCount(ex: Executor, userId: string, organizationId: string) {
  const [row] = await ex
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.organizationId, organizationId)));
  return Number(row?.n ?? 0);
}

/** Takes the user out of the organisation: teams (as member and manager) and membership. */
export async function removeFromOrganization(ex: Executor, organizationId: string, userId: string) {
  await ex
    .delete(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.userId, userId)));
  await ex
    .update(teams)
    .set({ managerUserId: null })
    .where(and(eq(teams.organizationId, organizationId), eq(teams.managerUserId, userId)));
  await ex
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

/** Records that the user was removed from the organisation (their name shows as deleted there). */
export async function recordRemoval(ex: Executor, organizationId: string, userId: string, now: Date) {
  await ex
    .insert(removedMembers)
    .values({ organizationId, userId, removedAt: now })
    .onConflictDoUpdate({
      target: [removedMembers.organizationId, removedMembers.userId],
      set: { removedAt: now },
    });
}

/**
 * Keeps an account that belongs to no organisation any more as a tombstone: the name stays for what points to
 * it; the email and username are released (they may be invited again, as a new account), and nothing is left
 * to sign in with.
 */
export async function tombstone(ex: Executor, userId: string, now: Date) {
  await ex
    .update(users)
    .set({
      deletedAt: now,
      isActive: false,
      passwordHash: null,
      email: `deleted-${userId}@deleted.invalid`,
      username: `deleted-${userId}`,
      notifyLine: false,
      lineUserId: null,
      lineChannelId: null,
      lineLinkCode: null,
      lineLinkExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await revokeUserRefreshTokens(ex, userId, now);
  await ex.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
  await ex.delete(deviceTokens).where(eq(deviceTokens.userId, userId));
}

export async function deleteUserRow(ex: Executor, userId: string) {
  await ex.delete(users).where(eq(users.id, userId));
}
