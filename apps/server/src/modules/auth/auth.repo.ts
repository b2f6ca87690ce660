// The only file of the auth module that touches the database.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { PermissionMatrix, RoleName } from '@sabai/domain';
import {
  deviceTokens,
  memberships,
  organizations,
  passwordTokens,
  refreshTokens,
  roles,
  users,
} from '../../db/schema';
import type { Executor } from '../../platform/db';

export type LoginUser = {
  id: string;
  passwordHash: string | null;
  isActive: boolean;
  failedLoginCount: number;
  failedLoginAt: Date | null;
  avatarFileId: string | null;
};

/** Finds an active or inactive user by email or username, case-insensitively. */
export async function findUserByLogin(ex: Executor, login: string): Promise<LoginUser | null> {
  const lower = login.toLowerCase();
  const [row] = await ex
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      failedLoginCount: users.failedLoginCount,
      failedLoginAt: users.failedLoginAt,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${lower}`, sql`lower(${users.username}) = ${lower}`))
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(ex: Executor, email: string) {
  const [row] = await ex
    .select({ id: users.id, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findPasswordHash(ex: Executor, userId: string) {
  const [row] = await ex.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** Counts a failed attempt; the count restarts when the previous failure is older than the window. */
export async function recordFailedLogin(ex: Executor, userId: string, now: Date, windowStart: Date) {
  await ex
    .update(users)
    .set({
      failedLoginCount: sql`CASE WHEN ${users.failedLoginAt} IS NULL OR ${users.failedLoginAt} < ${windowStart} THEN 1 ELSE ${users.failedLoginCount} + 1 END`,
      failedLoginAt: now,
    })
    .where(eq(users.id, userId));
}

export async function recordSuccessfulLogin(ex: Executor, userId: string, now: Date) {
  await ex
    .update(users)
    .set({ failedLoginCount: 0, failedLoginAt: null, lastLoginAt: now })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(ex: Executor, userId: string, passwordHash: string, now: Date) {
  await ex
    .update(users)
    .set({ passwordHash, updatedAt: now, failedLoginCount: 0 })
    .where(eq(users.id, userId));
}

export type RoleGrant = { roleName: RoleName; permissions: PermissionMatrix };

/** The role a user holds in an organisation through membership. */
export async function findMembershipRole(ex: Executor, userId: string, organizationId: string) {
  const [row] = await ex
    .select({ roleName: roles.name, permissions: roles.permissions })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  return row
    ? ({ roleName: row.roleName, permissions: row.permissions as PermissionMatrix } as RoleGrant)
    : null;
}

/** An organisation's role by name (used when a SuperAdmin acts in an organisation they are not a member of). */
export async function findRoleByName(ex: Executor, organizationId: string, roleName: RoleName) {
  const [row] = await ex
    .select({ roleName: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.name, roleName)));
  return row
    ? ({ roleName: row.roleName, permissions: row.permissions as PermissionMatrix } as RoleGrant)
    : null;
}

/** The organisation a user signs into by default: the one marked default, else the oldest membership. */
export async function findHomeOrganizationId(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(sql`${memberships.isDefault} DESC`, memberships.createdAt)
    .limit(1);
  return row?.organizationId ?? null;
}

export async function isSuperAdminAnywhere(ex: Executor, userId: string) {
  const rows = await ex
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(roles.name, 'SuperAdmin')))
    .limit(1);
  return rows.length > 0;
}

export async function organizationExists(ex: Executor, organizationId: string) {
  const rows = await ex
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return rows.length > 0;
}

export async function listOrganizations(ex: Executor) {
  return ex
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(organizations.name);
}

export async function insertRefreshToken(
  ex: Executor,
  row: { familyId: string; userId: string; organizationId: string; tokenHash: string; expiresAt: Date },
) {
  await ex.insert(refreshTokens).values(row);
}

/**
 * Marks a live refresh token as used and returns it, atomically: of two concurrent refreshes with the same
 * token only one wins, the other sees a spent token.
 */
export async function consumeRefreshToken(ex: Executor, tokenHash: string, now: Date) {
  const [row] = await ex
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      organizationId: refreshTokens.organizationId,
    });
  return row ?? null;
}

export async function findRefreshToken(ex: Executor, tokenHash: string) {
  const [row] = await ex
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      organizationId: refreshTokens.organizationId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function revokeRefreshFamily(ex: Executor, familyId: string, now: Date) {
  await ex
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordToken(
  ex: Executor,
  row: { userId: string; purpose: 'reset' | 'invite'; tokenHash: string; expiresAt: Date },
) {
  await ex.insert(passwordTokens).values(row);
}

/** Spends a live password token (single use) and returns its user. */
export async function consumePasswordToken(ex: Executor, tokenHash: string, now: Date) {
  const [row] = await ex
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordTokens.userId });
  return row ?? null;
}

export async function deleteDeviceToken(ex: Executor, userId: string, token: string) {
  await ex.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.token, token)));
}

/** An active user's avatar, for the profile picture pushed with a refreshed session; null when inactive. */
export async function findActiveUserAvatar(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ avatarFileId: users.avatarFileId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row ?? null;
}
