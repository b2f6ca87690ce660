// The only file of the auth module that touches the database.
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PermissionMatrix, RoleName } from '@sabai/domain';
import {
  deviceTokens,
  loginFailures,
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

/** An active user's address and first name (for a mail); null when deactivated or gone. */
export async function findActiveUserContact(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row ?? null;
}

export async function findPasswordHash(ex: Executor, userId: string) {
  const [row] = await ex.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** Failed sign-ins of a login from a source, or null when there are none. */
export async function findLoginFailures(ex: Executor, login: string, source: string) {
  const [row] = await ex
    .select({ failures: loginFailures.failures, lastFailureAt: loginFailures.lastFailureAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.login, login), eq(loginFailures.source, source)));
  return row ?? null;
}

/** Counts a failed sign-in; the count restarts when the previous failure is older than the window. */
export async function recordLoginFailure(
  ex: Executor,
  key: { login: string; source: string },
  now: Date,
  windowStart: Date,
) {
  await ex
    .insert(loginFailures)
    .values({ ...key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.login, loginFailures.source],
      set: {
        failures: sql`CASE WHEN ${loginFailures.lastFailureAt} < ${windowStart} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lastFailureAt: now,
      },
    });
}

export async function clearLoginFailures(ex: Executor, login: string, source: string) {
  await ex.delete(loginFailures).where(and(eq(loginFailures.login, login), eq(loginFailures.source, source)));
}

/** Forgets failures older than the window (they no longer count). */
export async function pruneLoginFailures(ex: Executor, windowStart: Date) {
  await ex.delete(loginFailures).where(lt(loginFailures.lastFailureAt, windowStart));
}

export async function recordSuccessfulLogin(ex: Executor, userId: string, now: Date) {
  await ex.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function setPasswordHash(ex: Executor, userId: string, passwordHash: string, now: Date) {
  await ex.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
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

type PasswordTokenPurpose = 'reset' | 'invite';

/** Stores a set-password link (reset or invitation) by its hash; returns its id. */
export async function insertPasswordToken(
  ex: Executor,
  row: { userId: string; purpose: PasswordTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  const [inserted] = await ex.insert(passwordTokens).values(row).returning({ id: passwordTokens.id });
  return inserted!.id;
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

/** The session version of an active user; null when the account is gone or deactivated. */
export async function findSessionVersion(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ version: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row?.version ?? null;
}

/** Raises the users' session versions: every access token signed before stops working. */
export async function bumpSessionVersions(ex: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await ex
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(inArray(users.id, [...userIds]));
}

/**
 * Ends a user's sessions by revoking their refresh tokens: everywhere, in one organisation, or all but the
 * session family `keepFamilyId` (the caller's own, after a password change).
 */
export async function revokeUserRefreshTokens(
  ex: Executor,
  userId: string,
  now: Date,
  scope: { keepFamilyId?: string; organizationId?: string } = {},
) {
  await ex
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        scope.keepFamilyId ? ne(refreshTokens.familyId, scope.keepFamilyId) : undefined,
        scope.organizationId ? eq(refreshTokens.organizationId, scope.organizationId) : undefined,
      ),
    );
}

/**
 * Voids the user's unused links of `purpose` but `keepId` (a newer one was issued, or one was used): only the
 * newest link works.
 */
export async function voidPasswordTokens(
  ex: Executor,
  userId: string,
  purpose: PasswordTokenPurpose,
  now: Date,
  keepId?: string,
) {
  await ex
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        keepId ? ne(passwordTokens.id, keepId) : undefined,
      ),
    );
}
