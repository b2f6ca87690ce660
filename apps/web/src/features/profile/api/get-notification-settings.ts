import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { NotificationSettings };

export const notificationSettingsQueryKey = ['me', 'notification-settings'] as const;

/** GET /me/notification-settings. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api(routes.me.notificationSettings, { signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}
