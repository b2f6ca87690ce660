// The explicit registry of channel adapters: the one place that maps a channel type to its adapter.
import type { GuardedFetch } from '../platform/guarded-fetch';
import type { ChannelAdapter, ChannelType } from './types';
import { createLineAdapter } from './line/adapter';
import { createMetaAdapter } from './meta/adapter';
import { createMetaComments, type CommentApi } from './meta/comments';
import { providerFetch } from './provider-fetch';

export type ChannelRegistry = {
  get(type: ChannelType): ChannelAdapter;
  /** Comments of Facebook posts and Instagram media (LINE has none). */
  comments(type: 'facebook' | 'instagram'): CommentApi;
};

export type ProviderUrls = {
  lineApiBaseUrl: string;
  lineDataApiBaseUrl: string;
  graphApiBaseUrl: string;
  graphApiVersion: string;
  /** For media URLs that arrive in webhooks (LINE external content, Meta attachments). */
  fetchUrl: GuardedFetch;
  /** How long any provider call may take (PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
};

/** Builds every adapter against the configured provider base URLs (real hosts, or the simulator). */
export function createChannelRegistry(urls: ProviderUrls): ChannelRegistry {
  const fetch = providerFetch(urls.timeoutMs);
  const meta = {
    graphBaseUrl: urls.graphApiBaseUrl,
    graphVersion: urls.graphApiVersion,
    fetch,
    fetchUrl: urls.fetchUrl,
  };
  const adapters: Record<ChannelType, ChannelAdapter> = {
    line: createLineAdapter({
      apiBaseUrl: urls.lineApiBaseUrl,
      dataApiBaseUrl: urls.lineDataApiBaseUrl,
      fetchUrl: urls.fetchUrl,
      fetch,
    }),
    facebook: createMetaAdapter('facebook', meta),
    instagram: createMetaAdapter('instagram', meta),
  };
  const comments = {
    facebook: createMetaComments('facebook', meta),
    instagram: createMetaComments('instagram', meta),
  };
  return { get: (type) => adapters[type], comments: (type) => comments[type] };
}
