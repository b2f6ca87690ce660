import { and, eq } from 'drizzle-orm';
import { roles } from '../../db/schema';
import type { Executor } from '../../platform/db';

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
