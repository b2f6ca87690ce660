import { useQuery } from '@tanstack/react-query';
import type { Team } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { teamsQueryKey } from './get-teams';

export type { Team };

export const teamQueryKey = (id: string) => [...teamsQueryKey, 'detail', id] as const;

/** GET /teams/:id: the team with its members and their shifts. */
export function getTeam(id: string, signal?: AbortSignal): Promise<Team> {
  return api(routes.teams.get, { params: { id }, signal });
}

export function useTeam(id: string | null) {
  return useQuery({
    queryKey: teamQueryKey(id ?? ''),
    queryFn: ({ signal }) => getTeam(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
