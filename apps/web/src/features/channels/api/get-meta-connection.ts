import { useQuery } from '@tanstack/react-query';
import type { MetaConnectionSchema } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

// The contract exports the schema only; its output type is the answer's shape.
export type MetaConnection = (typeof MetaConnectionSchema)['_output'];
export type ConnectablePage = MetaConnection['pages'][number];

export const metaConnectionQueryKey = (id: string) => ['meta-connections', id] as const;

/** GET /channels/meta/connections/:id: the Pages a Facebook Login found (404 channel.connection_expired after 30 min). */
export function getMetaConnection(id: string, signal?: AbortSignal): Promise<MetaConnection> {
  return apiRequest<MetaConnection>('GET', `/channels/meta/connections/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function useMetaConnection(id: string | null) {
  return useQuery({
    queryKey: metaConnectionQueryKey(id ?? ''),
    queryFn: ({ signal }) => getMetaConnection(id ?? '', signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
