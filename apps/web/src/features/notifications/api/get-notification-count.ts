import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const notificationCountQueryKey = ['web-notification', 'count'] as const;

/**
 * GET /web-notification/count. Until the notifications issue ships the server answers 404: that reads as
 * no unread notification rather than as a failure.
 */
export async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  try {
    const answer = await apiRequest<unknown>('GET', '/web-notification/count', { signal });
    const count = typeof answer === 'object' && answer !== null && 'count' in answer ? answer.count : answer;
    return typeof count === 'number' && Number.isFinite(count) ? count : 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 0;
    throw error;
  }
}

export function useNotificationCount() {
  return useQuery({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
  });
}
