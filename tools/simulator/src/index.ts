// Public entry of @sabai/simulator: start a faithful loopback fake of LINE and Meta (Messenger, Instagram), and
// of an OpenAI-compatible model endpoint.
export { startSimulator, SimulatorError } from './simulator';
export type { Simulator, SimulatorOptions, SimulatorSummary, LineUserSummary } from './simulator';
export type {
  AiOutcome,
  AiRequest,
  AiRequestFilter,
  ApiCall,
  CallFilter,
  DeliveryAttempt,
  DeliveryFilter,
  DeliveryKind,
  DeliveryOutcome,
  DeliveryRecord,
  OutboxEntry,
} from './core/records';
export type { AiFault, ApiConditions, ApiFault, StatusFault } from './core/faults';
export type { AiControls } from './ai/controls';
export type { AiChatRequest, AiRole, AnswerMatch, AnswerReply } from './ai/types';
export type { LineControls, LineDelivery, LineBatchOptions } from './line/controls';
export type {
  LineAction,
  LineChannelConfig,
  LineUserConfig,
  LineChatConfig,
  LineWebhookBody,
  LineWebhookEvent,
  LineEventMessage,
} from './line/types';
export type {
  MessengerCustomer,
  InstagramCustomer,
  MetaControls,
  MetaDelivery,
  MetaBatchOptions,
  CommentControls,
  MetaChangesDelivery,
} from './meta/controls';
export type {
  CommentItem,
  CommentState,
  FeedCommentValue,
  InstagramCommentValue,
  MetaChange,
  MetaChangesWebhookBody,
  PublishOptions,
  PublishedPost,
  InstagramAccountConfig,
  InstagramAction,
  MessengerAction,
  MetaAppConfig,
  MetaMessagingEvent,
  MetaUserConfig,
  MetaWebhookBody,
  PageConfig,
} from './meta/types';
export { lineSignature, metaSignature256, verifyLineSignature, verifyMetaSignature } from './core/signatures';
export { AdminClient, AdminRequestError } from './admin/client';
export type { AdminLineAction, AdminMessengerAction, AdminInstagramAction } from './admin/client';
