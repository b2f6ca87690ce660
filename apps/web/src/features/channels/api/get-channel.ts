import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { channelsQueryKey } from './get-channels';

export const channelQueryKey = (id: string) => [...channelsQueryKey, id] as const;

/** GET /channels/:id, with `canRemove` of each holiday computed today. */
export function getChannel(id: string, signal?: AbortSignal): Promise<Channel> {
  return api(routes.channels.get, { params: { id }, signal });
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
