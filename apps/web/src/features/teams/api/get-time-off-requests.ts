import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, TIME_OFF_SORTS, TimeOffRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { listQuery } from '../../../lib/list-query';
import type { ListParams } from '../../../lib/list-query';

export type { TimeOffRequest };
export type TimeOffSort = (typeof TIME_OFF_SORTS)[number];
export type TimeOffStatus = TimeOffRequest['status'];

export const timeOffRequestsQueryKey = ['time-off-requests'] as const;

/** GET /time-off-requests: the leave requests of the members the caller manages (every member with scope all). */
export function getTimeOffRequests(
  params: ListParams<TimeOffSort>,
  status: TimeOffStatus | null,
  signal?: AbortSignal,
): Promise<Page<TimeOffRequest>> {
  const query = { ...listQuery(params), status: status ?? undefined };
  return api(routes.timeOff.list, { query, signal });
}

export function useTimeOffRequests(params: ListParams<TimeOffSort>, status: TimeOffStatus | null) {
  return useQuery({
    queryKey: [...timeOffRequestsQueryKey, 'list', params, status],
    queryFn: ({ signal }) => getTimeOffRequests(params, status, signal),
    placeholderData: keepPreviousData,
  });
}

const FIRST: ListParams<TimeOffSort> = { search: '', sort: 'createdAt', order: 'desc', page: 1, pageSize: 1 };

/** How many requests wait for a decision (the tab's badge). */
export function usePendingTimeOffCount() {
  return useQuery({
    queryKey: [...timeOffRequestsQueryKey, 'pending-count'],
    queryFn: async ({ signal }) => (await getTimeOffRequests(FIRST, 'pending', signal)).total,
  });
}
