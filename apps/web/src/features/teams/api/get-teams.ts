import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, TEAM_SORTS, TeamListItem } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { TeamListItem };
export type TeamSort = (typeof TEAM_SORTS)[number];

export const teamsQueryKey = ['teams'] as const;

/** GET /teams: one page of the teams the caller may see. */
export function getTeams(params: ListParams<TeamSort>, signal?: AbortSignal): Promise<Page<TeamListItem>> {
  return api(routes.teams.list, { query: listQuery(params), signal });
}

export function useTeams(params: ListParams<TeamSort>) {
  return useQuery({
    queryKey: [...teamsQueryKey, 'list', params],
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });
}
