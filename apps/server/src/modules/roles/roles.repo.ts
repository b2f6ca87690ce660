import { and, eq, sql } from 'drizzle-orm';
import type { Action, Resource } from '@sabai/domain';
import { memberships, roles, users } from '../../db/schema';
import type { Executor } from '../../platform/db';
import { activeMemberOf, membershipUser } from '../people';

const columns = {
  id: roles.id,
  name: roles.name,
  permissions: roles.permissions,
  updatedAt: roles.updatedAt,
};

/** The organisation's roles; organizationId is always part of the filter. */
export async function listRoles(ex: Executor, organizationId: string) {
  return ex.select(columns).from(roles).where(eq(roles.organizationId, organizationId)).orderBy(roles.name);
}

export async function findRole(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select(columns)
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id)));
  return row ?? null;
}

export async function updatePermissions(ex: Executor, id: string, permissions: unknown, now: Date) {
  await ex.update(roles).set({ permissions, updatedAt: now }).where(eq(roles.id, id));
}

/** Members of the organisation holding the role (their tokens carry the old matrix until refreshed). */
export async function memberIdsWithRole(ex: Executor, organizationId: string, roleId: string) {
  const rows = await ex
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.roleId, roleId)));
  return rows.map((r) => r.userId);
}

/**
 * Active members whose role may do `action` on every `resource` of the organisation (scope all): who is
 * told of what concerns the whole organisation, such as a channel taken over or a webhook disabled.
 */
export async function memberIdsWithScopeAll(
  ex: Executor,
  organizationId: string,
  resource: Resource,
  action: Action,
) {
  const rows = await ex
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, membershipUser)
    .where(
      and(activeMemberOf(organizationId), sql`${roles.permissions} -> ${resource} ->> ${action} = 'all'`),
    );
  return rows.map((r) => r.userId);
}
