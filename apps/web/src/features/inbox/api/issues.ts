// Reading issues: the list pages, the tab counts, one issue, its history and the filter choices.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AssignableTeams,
  IssueDetail,
  IssueFilterOptions,
  IssueHistory,
  IssueListItem,
  IssuePage,
  StatusCounts,
} from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { filterSearchParams, type InboxQuery } from '../utils/inbox-query';

export type { IssueDetail, IssueListItem };

/** Every cached issue read starts with this key, so a live change can refresh them together. */
export const issuesKey = ['issues'] as const;
export const issueKey = (id: number) => [...issuesKey, 'one', id] as const;

const PAGE_SIZE = 50;

export function useIssueList(query: InboxQuery, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...issuesKey, 'list', query],
    queryFn: ({ pageParam, signal }) => {
      const params = filterSearchParams(query);
      params.set('limit', String(PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<IssuePage>('GET', `/issues?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Counts per status for the tabs: the same filters without the status. */
export function useIssueCounts(query: InboxQuery) {
  const params = filterSearchParams({ ...query, status: '' });
  params.delete('sort');
  return useQuery({
    queryKey: [...issuesKey, 'counts', params.toString()],
    queryFn: ({ signal }) => apiRequest<StatusCounts>('GET', `/issues/status-counts?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIssue(id: number | null) {
  return useQuery({
    queryKey: issueKey(id ?? 0),
    queryFn: ({ signal }) => apiRequest<IssueDetail>('GET', `/issues/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useIssueHistory(id: number | null) {
  return useQuery({
    queryKey: [...issueKey(id ?? 0), 'history'],
    queryFn: ({ signal }) => apiRequest<IssueHistory>('GET', `/issues/${id}/history`, { signal }),
    enabled: id !== null,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['issue-filter-options'],
    queryFn: ({ signal }) => apiRequest<IssueFilterOptions>('GET', '/issues/filter-options', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAssignableTeams(enabled: boolean) {
  return useQuery({
    queryKey: ['issue-assignable-teams'],
    queryFn: ({ signal }) => apiRequest<AssignableTeams>('GET', '/issues/assignable-teams', { signal }),
    enabled,
  });
}
