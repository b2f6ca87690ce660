import { useQuery } from '@tanstack/react-query';
import { routes } from '@sabai/contracts';
import { api, type ResponseOf } from '../../../lib/api';

export type MetaConnection = ResponseOf<typeof routes.channels.metaConnections>;
export type ConnectablePage = MetaConnection['pages'][number];

export const metaConnectionQueryKey = (id: string) => ['meta-connections', id] as const;

/** GET /channels/meta/connections/:id: the Pages a Facebook Login found (404 channel.connection_expired after 30 min). */
export function getMetaConnection(id: string, signal?: AbortSignal): Promise<MetaConnection> {
  return api(routes.channels.metaConnections, { params: { id }, signal });
}

export function useMetaConnection(id: string | null) {
  return useQuery({
    queryKey: metaConnectionQueryKey(id ?? ''),
    queryFn: ({ signal }) => getMetaConnection(id ?? '', signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
