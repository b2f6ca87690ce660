import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type AiSettings, type FirstResponderSettings } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelQueryKey } from './get-channel';

export type { FirstResponderSettings };

export const firstResponderSettingsQueryKey = (channelId: string) =>
  [...channelQueryKey(channelId), 'first-responder'] as const;

/** GET /channels/:id/first-responder: the channel's AI first responder (off, with the defaults, until set). */
export function getFirstResponderSettings(
  channelId: string,
  signal?: AbortSignal,
): Promise<FirstResponderSettings> {
  return api(routes.firstResponder.settings, { params: { id: channelId }, signal });
}

export function useFirstResponderSettings(channelId: string) {
  return useQuery({
    queryKey: firstResponderSettingsQueryKey(channelId),
    queryFn: ({ signal }) => getFirstResponderSettings(channelId, signal),
    // The editor starts from the newest settings (another admin may have changed them).
    staleTime: 0,
  });
}

export type SaveFirstResponderSettingsInput = { channelId: string; body: FirstResponderSettings };

/** PUT /channels/:id/first-responder: the saved settings (words trimmed, repeats dropped); 400 validation.failed. */
export function saveFirstResponderSettings({
  channelId,
  body,
}: SaveFirstResponderSettingsInput): Promise<FirstResponderSettings> {
  return api(routes.firstResponder.saveSettings, { params: { id: channelId }, body });
}

export function useSaveFirstResponderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFirstResponderSettings,
    onSuccess: (settings, { channelId }) =>
      queryClient.setQueryData(firstResponderSettingsQueryKey(channelId), settings),
  });
}

/**
 * GET /ai/settings (the same cache entry as the AI assist screen's): whether the organisation's AI assist and
 * its first responder feature are on. Asked only by callers who may read it (`enabled`).
 */
export function useAiAssistSettings(enabled: boolean) {
  return useQuery<AiSettings>({
    queryKey: ['ai', 'settings'],
    queryFn: ({ signal }) => api(routes.ai.getSettings, { signal }),
    enabled,
  });
}
