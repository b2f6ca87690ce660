import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { organizationSettingsQueryKey } from './get-organization-settings';

/** PUT /organization/settings: 400 validation.failed for a link expiry outside 1 to 90 whole days. */
export function updateOrganizationSettings(body: OrganizationSettings): Promise<OrganizationSettings> {
  return api(routes.organizationSettings.update, { body });
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSettings,
    onSuccess: (settings) => queryClient.setQueryData(organizationSettingsQueryKey, settings),
  });
}
