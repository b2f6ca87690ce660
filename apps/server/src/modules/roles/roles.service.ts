// Roles and their permission matrices, per organisation. An Admin may adjust the Manager and
// Staff matrices of their organisation; SuperAdmin and Admin never change here.
import { compactMatrix, isEditableRole, permissionProblems, type PermissionMatrix } from '@sabai/domain';
import type { Role, UpdateRole } from '@sabai/contracts';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Deps } from '../../deps';
import { changeSessions } from '../auth';
import type { AuthContext } from '../../ports';
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

/**
 * Replaces the matrix of the Manager or Staff role. Holders' access tokens are refused from their next
 * request on (they refresh and get the new matrix), and their open pages are pushed a new session.
 */
export async function updateRole(
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: UpdateRole,
): Promise<Role> {
  if (auth.roleName !== 'Admin' && auth.roleName !== 'SuperAdmin') throw forbidden();
  const row = await repo.findRole(deps.db.orm, auth.organizationId, id);
  if (!row) throw notFound();
  if (!isEditableRole(row.name)) {
    throw forbidden('role.not_editable', 'Only the Manager and Staff roles can be changed.');
  }
  const problems = permissionProblems(input.permissions);
  if (problems.length > 0) {
    throw badRequest('role.invalid_permission', 'A resource cannot be granted with this action or scope.', {
      problems,
    });
  }
  const permissions = compactMatrix(input.permissions as PermissionMatrix);
  await deps.db.orm.transaction(async (tx) => {
    await repo.updatePermissions(tx, id, permissions, deps.clock.now());
    const holders = await repo.memberIdsWithRole(tx, auth.organizationId, id);
    await changeSessions(deps, tx, auth.organizationId, holders, 'role_updated');
  });
  return getRole(deps, auth, id);
}
