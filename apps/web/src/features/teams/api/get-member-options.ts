import { useQuery } from '@tanstack/react-query';
import type { Person } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** A user who can manage or join a team. */
export type MemberOption = Person & { roleName: string };

export const memberOptionsQueryKey = ['teams', 'member-options'] as const;

/** GET /teams/member-options: the users a team can take as manager or members. */
export function getMemberOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  return api(routes.teams.memberOptions, { signal });
}

export function useMemberOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: memberOptionsQueryKey,
    queryFn: ({ signal }) => getMemberOptions(signal),
    enabled: isEnabled,
  });
}
