// This month's LINE message quota of a channel (GET /channels/:id/line-quota). In lib because the channel
// settings and the dashboard both show it, and features may not import each other.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from './api';

export const lineQuotaQueryKey = (channelId: string) => ['line-quota', channelId] as const;

export function useLineQuota(channelId: string) {
  return useQuery({
    queryKey: lineQuotaQueryKey(channelId),
    queryFn: ({ signal }) => api(routes.channels.lineQuota, { params: { id: channelId }, signal }),
    // Each read asks LINE: once a minute is fresh enough for a monthly figure.
    staleTime: 60_000,
  });
}
