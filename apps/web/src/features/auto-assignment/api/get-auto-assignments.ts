import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AUTO_ASSIGNMENT_SORTS, AutoAssignment, Page } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { listSearchParams } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { AutoAssignment };
export type AutoAssignmentSort = (typeof AUTO_ASSIGNMENT_SORTS)[number];

export const autoAssignmentsQueryKey = ['auto-assignment'] as const;

/** GET /auto-assignment: the assignment settings of the teams the caller may see (their own with myTeam). */
export function getAutoAssignments(
  params: ListParams<AutoAssignmentSort>,
  signal?: AbortSignal,
): Promise<Page<AutoAssignment>> {
  return apiRequest<Page<AutoAssignment>>('GET', `/auto-assignment?${listSearchParams(params)}`, { signal });
}

export function useAutoAssignments(params: ListParams<AutoAssignmentSort>) {
  return useQuery({
    queryKey: [...autoAssignmentsQueryKey, params],
    queryFn: ({ signal }) => getAutoAssignments(params, signal),
    placeholderData: keepPreviousData,
  });
}
