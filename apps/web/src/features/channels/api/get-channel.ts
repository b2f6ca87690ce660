import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';
import { channelsQueryKey } from './get-channels';

export const channelQueryKey = (id: string) => [...channelsQueryKey, id] as const;

/** GET /channels/:id, with `canRemove` of each holiday computed today. */
export function getChannel(id: string, signal?: AbortSignal): Promise<Channel> {
  return apiRequest<Channel>('GET', `/channels/${encodeURIComponent(id)}`, { signal });
}

export function useChannel(id: string | null) {
  return useQuery({
    queryKey: channelQueryKey(id ?? ''),
    queryFn: ({ signal }) => getChannel(id ?? '', signal),
    enabled: id !== null,
    // The edit form starts from the newest answer (holidays may have started since the list loaded).
    staleTime: 0,
  });
}
