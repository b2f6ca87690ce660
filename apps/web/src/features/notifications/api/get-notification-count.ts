import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { bellQueryKey } from '../../../lib/bell-queries';

export const notificationCountQueryKey = [...bellQueryKey, 'count'] as const;

/** GET /web-notification/count: a number. */
export async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  return api(routes.notifications.count, { signal });
}

/** The bell's count, fetched at load; pushed notices raise it in the cache. */
export function useNotificationCount() {
  return useQuery({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
    staleTime: Infinity,
  });
}
