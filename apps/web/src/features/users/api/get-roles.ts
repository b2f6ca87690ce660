import { useQuery } from '@tanstack/react-query';
import type { Role } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { Role };

export const rolesQueryKey = ['roles'] as const;

/** GET /roles: the organisation's roles with their permission matrices. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return api(routes.roles.list, { signal });
}

export function useRoles() {
  return useQuery({ queryKey: rolesQueryKey, queryFn: ({ signal }) => getRoles(signal) });
}
