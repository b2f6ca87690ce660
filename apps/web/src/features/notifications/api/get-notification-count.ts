import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const notificationCountQueryKey = ['web-notification', 'count'] as const;

/** GET /web-notification/count: a number (spec §7). */
export async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  return apiRequest<number>('GET', '/web-notification/count', { signal });
}

/** The bell's count, fetched at load (spec §4); pushed notices raise it in the cache. */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
    staleTime: Infinity,
  });
}
