import { useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { TeamSummary };

export const teamsQueryKey = ['teams', 'options'] as const;

/** GET /teams/options: the teams a channel can be assigned to (id, name, manager). */
export function getTeams(signal?: AbortSignal): Promise<TeamSummary[]> {
  return api(routes.teams.options, { signal });
}

export function useTeams() {
  return useQuery({ queryKey: teamsQueryKey, queryFn: ({ signal }) => getTeams(signal) });
}
