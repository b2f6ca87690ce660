import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { notificationSettingsQueryKey } from './get-notification-settings';
import type { NotificationSettings } from './get-notification-settings';

export type NotificationSettingsInput = Pick<NotificationSettings, 'web' | 'sound' | 'line'>;

/** PUT /me/notification-settings with all three switches. */
export function updateNotificationSettings(input: NotificationSettingsInput): Promise<NotificationSettings> {
  return api(routes.me.updateNotificationSettings, { body: input });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
