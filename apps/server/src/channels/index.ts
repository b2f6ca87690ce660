// What the rest of the server may use of the channel adapters.
export { createChannelRegistry, type ChannelRegistry, type ProviderUrls } from './registry';
export { isValidLineSignature, isValidMetaSignature } from './signatures';
export { parseLineWebhook } from './line/parse';
export { lineChatKind } from './line/chats';
export { parseMetaWebhook } from './meta/parse';
export { metaMessagingType } from './meta/adapter';
export type { CommentApi, PostPreview } from './meta/comments';
export * from './types';
export { createMetaLogin, type MetaLogin, type ConnectablePage } from './meta/login';
export {
  createLineOwnershipCheck,
  LineUnavailableError,
  type LineOwnership,
  type LineOwnershipCheck,
} from './line/ownership';
export { providerFetch, ProviderTimeoutError, type ProviderFetch } from './provider-fetch';
export {
  createLineQuotaReader,
  LineQuotaError,
  type LineMonthlyQuota,
  type LineQuotaReader,
} from './line/quota';
