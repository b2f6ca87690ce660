import { useQuery } from '@tanstack/react-query';
import type { StatusCounts } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /issues/status-counts: issues per status in the caller's scope. */
export function getStatusCounts(signal?: AbortSignal): Promise<StatusCounts> {
  return apiRequest<StatusCounts>('GET', '/issues/status-counts', { signal });
}

export function useStatusCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['issues', 'status-counts'],
    queryFn: ({ signal }) => getStatusCounts(signal),
    enabled,
  });
}
