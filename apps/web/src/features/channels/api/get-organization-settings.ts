import { useQuery } from '@tanstack/react-query';
import type { OrganizationSettings } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export const organizationSettingsQueryKey = ['organization-settings'] as const;

/** GET /organization/settings: the organisation's own settings (the expiry of file links sent to customers). */
export function getOrganizationSettings(signal?: AbortSignal): Promise<OrganizationSettings> {
  return api(routes.organizationSettings.get, { signal });
}

export function useOrganizationSettings() {
  return useQuery({
    queryKey: organizationSettingsQueryKey,
    queryFn: ({ signal }) => getOrganizationSettings(signal),
  });
}
