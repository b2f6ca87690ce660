// Roles and their permission matrices (spec §6), per organisation.
import type { PermissionMatrix } from '@sabai/domain';
import type { Role } from '@sabai/contracts';
import { notFound } from '../../http/errors';
import type { Deps } from '../../deps';
import type { AuthContext } from '../auth';
import * as repo from './roles.repo';

const present = (row: Awaited<ReturnType<typeof repo.listRoles>>[number]): Role => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions as PermissionMatrix,
});

export async function listRoles(deps: Deps, auth: AuthContext): Promise<Role[]> {
  return (await repo.listRoles(deps.db.orm, auth.organizationId)).map(present);
}

/** One role of the caller's organisation; another organisation's role is a 404. */
export async function getRole(deps: Deps, auth: AuthContext, id: string): Promise<Role> {
  const row = await repo.findRole(deps.db.orm, auth.organizationId, id);
  if (!row) throw notFound();
  return present(row);
}
