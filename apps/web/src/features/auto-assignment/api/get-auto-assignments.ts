import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AUTO_ASSIGNMENT_SORTS, AutoAssignment, Page } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { AutoAssignment };
export type AutoAssignmentSort = (typeof AUTO_ASSIGNMENT_SORTS)[number];

export const autoAssignmentsQueryKey = ['auto-assignment'] as const;

/** GET /auto-assignment: the assignment settings of the teams the caller may see (their own with myTeam). */
export function getAutoAssignments(
  params: ListParams<AutoAssignmentSort>,
  signal?: AbortSignal,
): Promise<Page<AutoAssignment>> {
  return api(routes.autoAssignment.list, { query: listQuery(params), signal });
}

export function useAutoAssignments(params: ListParams<AutoAssignmentSort>) {
  return useQuery({
    queryKey: [...autoAssignmentsQueryKey, params],
    queryFn: ({ signal }) => getAutoAssignments(params, signal),
    placeholderData: keepPreviousData,
  });
}
