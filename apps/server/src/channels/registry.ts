// The explicit registry of channel adapters: the one place that maps a channel type to its adapter.
import type { GuardedFetch } from '../platform/guarded-fetch';
import type { ChannelAdapter, ChannelType } from './types';
import { createLineAdapter } from './line/adapter';
import { createMetaAdapter } from './meta/adapter';

export type ChannelRegistry = { get(type: ChannelType): ChannelAdapter };

export type ProviderUrls = {
  lineApiBaseUrl: string;
  lineDataApiBaseUrl: string;
  graphApiBaseUrl: string;
  graphApiVersion: string;
  /** For media URLs that arrive in webhooks (LINE external content, Meta attachments). */
  fetchUrl: GuardedFetch;
};

/** Builds every adapter against the configured provider base URLs (real hosts, or the simulator). */
export function createChannelRegistry(urls: ProviderUrls): ChannelRegistry {
  const meta = {
    graphBaseUrl: urls.graphApiBaseUrl,
    graphVersion: urls.graphApiVersion,
    fetchUrl: urls.fetchUrl,
  };
  const adapters: Record<ChannelType, ChannelAdapter> = {
    line: createLineAdapter({
      apiBaseUrl: urls.lineApiBaseUrl,
      dataApiBaseUrl: urls.lineDataApiBaseUrl,
      fetchUrl: urls.fetchUrl,
    }),
    facebook: createMetaAdapter('facebook', meta),
    instagram: createMetaAdapter('instagram', meta),
  };
  return { get: (type) => adapters[type] };
}
