import { useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { bellQueryKey } from '../../../lib/bell-queries';

export const notificationsQueryKey = [...bellQueryKey, 'list'] as const;

/** GET /web-notification: one page, newest first. */
export async function getNotifications(cursor: number | null, signal?: AbortSignal) {
  return api(routes.notifications.list, { query: { cursor: cursor || undefined }, signal });
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
