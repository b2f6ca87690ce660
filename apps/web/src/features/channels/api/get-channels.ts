import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

export type { Channel };

export const channelsQueryKey = ['channels'] as const;

/** GET /channels: the organisation's channels, oldest first (secrets never included). */
export function getChannels(signal?: AbortSignal): Promise<Channel[]> {
  return api(routes.channels.list, { signal });
}

export function useChannels() {
  return useQuery({ queryKey: channelsQueryKey, queryFn: ({ signal }) => getChannels(signal) });
}
