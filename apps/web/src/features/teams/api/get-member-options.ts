import { useQuery } from '@tanstack/react-query';
import type { Person } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

/** A user who can manage or join a team. */
export type MemberOption = Person & { roleName: string };

export const memberOptionsQueryKey = ['teams', 'member-options'] as const;

/** GET /teams/member-options: the users a team can take as manager or members. */
export function getMemberOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  return apiRequest<MemberOption[]>('GET', '/teams/member-options', { signal });
}

export function useMemberOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: memberOptionsQueryKey,
    queryFn: ({ signal }) => getMemberOptions(signal),
    enabled: isEnabled,
  });
}
