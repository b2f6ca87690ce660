import { useQuery } from '@tanstack/react-query';
import type { Role } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

export type { Role };

export const rolesQueryKey = ['roles'] as const;

/** GET /roles: the organisation's roles with their permission matrices. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiRequest<Role[]>('GET', '/roles', { signal });
}

export function useRoles() {
  return useQuery({ queryKey: rolesQueryKey, queryFn: ({ signal }) => getRoles(signal) });
}
