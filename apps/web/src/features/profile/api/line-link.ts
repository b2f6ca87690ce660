import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineLink } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { notificationSettingsQueryKey } from './get-notification-settings';

export type { LineLink };

/** POST /me/line-link: a one-time code to send to the organisation's LINE account. */
export function useStartLineLink() {
  return useMutation({ mutationFn: () => api(routes.staffAlerts.createLineLink) });
}

/** DELETE /me/line-link: LINE alerts stop until the account is linked again. */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.staffAlerts.deleteLineLink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}
