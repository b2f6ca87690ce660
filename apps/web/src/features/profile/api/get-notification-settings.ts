import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

export type { NotificationSettings };

export const notificationSettingsQueryKey = ['me', 'notification-settings'] as const;

/** GET /me/notification-settings. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('GET', '/me/notification-settings', { signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}
