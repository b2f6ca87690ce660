import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, TEAM_SORTS, TeamListItem } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { listSearchParams } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { TeamListItem };
export type TeamSort = (typeof TEAM_SORTS)[number];

export const teamsQueryKey = ['teams'] as const;

/** GET /teams: one page of the teams the caller may see. */
export function getTeams(params: ListParams<TeamSort>, signal?: AbortSignal): Promise<Page<TeamListItem>> {
  return apiRequest<Page<TeamListItem>>('GET', `/teams?${listSearchParams(params)}`, { signal });
}

export function useTeams(params: ListParams<TeamSort>) {
  return useQuery({
    queryKey: [...teamsQueryKey, 'list', params],
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });
}
