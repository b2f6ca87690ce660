import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';

/** The organisation's LINE channels (GET /channels, for roles that may read channel settings). */
export function useLineChannels(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'line-channels'],
    queryFn: async ({ signal }) =>
      (await api(routes.channels.list, { signal }))
        .filter((channel) => channel.type === 'line')
        .map(({ id, name }) => ({ id, name })),
    enabled,
  });
}
