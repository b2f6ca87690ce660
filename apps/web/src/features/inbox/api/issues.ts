// Reading issues: the list pages, the tab counts, one issue, its history and the filter choices.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { IssueDetail, IssueListItem } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { issueFilterOf, type InboxQuery } from '../utils/inbox-query';

export type { IssueDetail, IssueListItem };

/** Every cached issue read starts with this key, so a live change can refresh them together. */
export const issuesKey = ['issues'] as const;
export const issueKey = (id: number) => [...issuesKey, 'one', id] as const;
/** The issue's activity trail: under its key, so whatever refreshes the issue refreshes its trail too. */
export const activityKey = (id: number) => [...issueKey(id), 'activity'] as const;

const PAGE_SIZE = 50;

export function useIssueList(query: InboxQuery, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...issuesKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api(routes.issues.list, {
        query: { ...issueFilterOf(query), limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Counts per status for the tabs: the same filters without the status. */
export function useIssueCounts(query: InboxQuery) {
  const { sort: _sort, ...filter } = issueFilterOf({ ...query, status: '' });
  return useQuery({
    queryKey: [...issuesKey, 'counts', filter],
    queryFn: ({ signal }) => api(routes.issues.statusCounts, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIssue(id: number | null) {
  return useQuery({
    queryKey: issueKey(id ?? 0),
    queryFn: ({ signal }) => api(routes.issues.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The issue's activity trail, oldest first: who assigned, moved, tagged or noted it, and when. */
export function useIssueActivity(id: number) {
  return useQuery({
    queryKey: activityKey(id),
    queryFn: ({ signal }) => api(routes.issues.activity, { params: { id }, signal }),
  });
}

/** The members seen in a LINE group or room issue's chat: under the issue's key, refreshed with it. */
export function useChatMembers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...issueKey(id), 'members'],
    queryFn: ({ signal }) => api(routes.issues.chatMembers, { params: { id }, signal }),
    enabled,
  });
}

export function useIssueHistory(id: number | null) {
  return useQuery({
    queryKey: [...issueKey(id ?? 0), 'history'],
    queryFn: ({ signal }) => api(routes.issues.history, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['issue-filter-options'],
    queryFn: ({ signal }) => api(routes.issues.filterOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAssignableTeams(enabled: boolean) {
  return useQuery({
    queryKey: ['issue-assignable-teams'],
    queryFn: ({ signal }) => api(routes.issues.assignableTeams, { signal }),
    enabled,
  });
}
