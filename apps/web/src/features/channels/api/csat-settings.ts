import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsatSettings } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';

export type { CsatSettings };

export const csatSettingsQueryKey = (channelId: string) => [...channelQueryKey(channelId), 'csat'] as const;

/** GET /channels/:id/csat: the channel's satisfaction survey (off, with the default texts, until set). */
export function getCsatSettings(channelId: string, signal?: AbortSignal): Promise<CsatSettings> {
  return api(routes.csat.settings, { params: { id: channelId }, signal });
}

export function useCsatSettings(channelId: string) {
  return useQuery({
    queryKey: csatSettingsQueryKey(channelId),
    queryFn: ({ signal }) => getCsatSettings(channelId, signal),
    // The editor starts from the newest settings (another admin may have changed them).
    staleTime: 0,
  });
}

export type SaveCsatSettingsInput = { channelId: string; body: CsatSettings };

/** PUT /channels/:id/csat: the saved settings (texts trimmed); 400 validation.failed outside 1–500 characters. */
export function saveCsatSettings({ channelId, body }: SaveCsatSettingsInput): Promise<CsatSettings> {
  return api(routes.csat.saveSettings, { params: { id: channelId }, body });
}

export function useSaveCsatSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCsatSettings,
    onSuccess: (settings, { channelId }) =>
      queryClient.setQueryData(csatSettingsQueryKey(channelId), settings),
  });
}
