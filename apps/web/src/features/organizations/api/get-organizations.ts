import { useQuery } from '@tanstack/react-query';
import type { Organization } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { Organization };

export const organizationsQueryKey = ['organizations'] as const;

/** GET /organization: the organisations a SuperAdmin may switch to. */
export function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return api(routes.auth.organizations, { signal });
}

export function useOrganizations(isEnabled: boolean) {
  return useQuery({
    queryKey: organizationsQueryKey,
    queryFn: ({ signal }) => getOrganizations(signal),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
