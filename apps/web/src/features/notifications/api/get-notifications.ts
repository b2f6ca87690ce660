import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

export const notificationsQueryKey = ['web-notification', 'list'] as const;

/** GET /web-notification: one page, newest first. */
export async function getNotifications(cursor: number | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${cursor}` : '';
  return apiRequest<NotificationPage>('GET', `/web-notification${query}`, { signal });
}

/** The drawer's list, loaded while it is open. */
export function useNotifications(isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: isEnabled,
  });
}
