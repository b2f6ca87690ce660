import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UpdateRole } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { rolesQueryKey } from './get-roles';

export type UpdateRoleInput = { id: string; body: UpdateRole };

/**
 * PUT /roles/:id: an Admin replaces the Manager or Staff matrix; holders get it at their next token refresh.
 * 403 role.not_editable, 400 role.invalid_permission (details.problems) or validation.failed.
 */
export function updateRole({ id, body }: UpdateRoleInput): Promise<Role> {
  return api(routes.roles.update, { params: { id }, body });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
