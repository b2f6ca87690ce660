import { useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { TeamSummary };

export const teamOptionsQueryKey = ['teams', 'options'] as const;

/** GET /teams/options: the teams a user can join. */
export function getTeamOptions(signal?: AbortSignal): Promise<TeamSummary[]> {
  return api(routes.teams.options, { signal });
}

export function useTeamOptions() {
  return useQuery({ queryKey: teamOptionsQueryKey, queryFn: ({ signal }) => getTeamOptions(signal) });
}
