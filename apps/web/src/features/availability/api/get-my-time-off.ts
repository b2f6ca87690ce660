import { useQuery } from '@tanstack/react-query';
import type { Page, TimeOffRequest } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { TimeOffRequest };

export const myTimeOffQueryKey = ['me', 'time-off'] as const;

/** GET /me/time-off: the user's latest leave requests, newest first. */
export function getMyTimeOff(signal?: AbortSignal): Promise<Page<TimeOffRequest>> {
  return api(routes.timeOff.mine, {
    query: { sort: 'createdAt', order: 'desc', pageSize: 5 },
    signal,
  });
}

/** Read afresh each time the dialog opens: the manager may have decided since. */
export function useMyTimeOff() {
  return useQuery({
    queryKey: myTimeOffQueryKey,
    queryFn: ({ signal }) => getMyTimeOff(signal),
    refetchOnMount: 'always',
  });
}
