import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditSettings } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { auditLogQueryKey } from './get-audit-log';

export const auditSettingsQueryKey = [...auditLogQueryKey, 'settings'] as const;

/** GET /audit-log/settings: how many days entries are kept. */
export function getAuditSettings(signal?: AbortSignal): Promise<AuditSettings> {
  return api(routes.audit.settings, { signal });
}

export function useAuditSettings() {
  return useQuery({ queryKey: auditSettingsQueryKey, queryFn: ({ signal }) => getAuditSettings(signal) });
}

/** PUT /audit-log/settings: 400 validation.failed outside 90 to 3650 whole days. */
export function saveAuditSettings(body: AuditSettings): Promise<AuditSettings> {
  return api(routes.audit.saveSettings, { body });
}

export function useSaveAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAuditSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(auditSettingsQueryKey, settings);
      // The change is an entry of the log itself.
      void queryClient.invalidateQueries({ queryKey: [...auditLogQueryKey, 'list'] });
    },
  });
}
