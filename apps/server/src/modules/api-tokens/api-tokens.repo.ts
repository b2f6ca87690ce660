// The only file of the api-tokens module that touches the database. Tokens are stored as their SHA-256;
// organizationId is a parameter of every read and change made for a caller.
import type { PermissionMatrix, RoleName } from '@sabai/domain';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { apiTokens, memberships, roles, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  permissions: apiTokens.permissions,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
};

export type ApiTokenRow = Awaited<ReturnType<typeof listTokens>>[number];

/** The organisation's tokens, newest first (revoked and expired ones too: the list is their history). */
export async function listTokens(ex: Executor, organizationId: string) {
  return ex
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.organizationId, organizationId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function findToken(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.organizationId, organizationId), eq(apiTokens.id, id)));
  return row ?? null;
}

export async function insertToken(ex: Executor, values: typeof apiTokens.$inferInsert) {
  const [row] = await ex.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!.id;
}

/** Revokes a token that is not revoked yet; false when there is none such in the organisation. */
export async function revokeToken(ex: Executor, organizationId: string, id: string, at: Date) {
  const rows = await ex
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(
      and(eq(apiTokens.organizationId, organizationId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * A presented token by its hash, with what authenticating it needs in the same read: whether its creator
 * may still sign in, and the creator's role in the token's organisation (null when not a member there).
 */
export async function findForAuthentication(ex: Executor, tokenHash: string) {
  const [row] = await ex
    .select({
      id: apiTokens.id,
      organizationId: apiTokens.organizationId,
      prefix: apiTokens.prefix,
      permissions: apiTokens.permissions,
      createdBy: apiTokens.createdBy,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      creatorActive: users.isActive,
      roleName: roles.name,
      rolePermissions: roles.permissions,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, apiTokens.createdBy),
        eq(memberships.organizationId, apiTokens.organizationId),
      ),
    )
    .leftJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  if (!row) return null;
  const role =
    row.roleName && row.rolePermissions
      ? { roleName: row.roleName as RoleName, permissions: row.rolePermissions as PermissionMatrix }
      : null;
  return { ...row, role };
}

/**
 * Records a use; written only when the stored time is a minute old or more, so every node together writes
 * it at most about once a minute per token.
 */
export async function touchLastUsed(ex: Executor, id: string, at: Date, staleBefore: Date) {
  await ex
    .update(apiTokens)
    .set({ lastUsedAt: at })
    .where(
      and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))),
    );
}
