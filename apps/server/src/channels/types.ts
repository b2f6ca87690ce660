// The one interface every provider adapter implements (docs/architecture.md "Layers": channels are adapters
// behind an explicit registry). Adapters verify, parse and send; they never touch the database.
import type { QuickReply } from '@sabai/contracts';
import type { ChannelType, ChatEventKind } from '@sabai/domain';
import type { Rendition } from '../platform/file-links';

export type { ChannelType };

/** What an adapter needs to talk to the provider for one connected channel (secrets already decrypted). */
export type ChannelCredentials = {
  type: ChannelType;
  externalId: string;
  secret: string | null;
  accessToken: string;
  pageId: string | null;
};

export type InboundKind =
  | 'text'
  | 'image'
  | 'video'
  | 'audio'
  | 'file'
  | 'location'
  | 'sticker'
  | 'postback'
  | 'story_reply'
  | 'story_mention'
  | 'share'
  | 'unsupported';

/** Media to download from the provider after the message is stored. */
export type MediaRef = { source: 'line-content' | 'url'; ref: string; fileName?: string; mimeType?: string };

/** A provider event in the product's words. `dedupeKey` makes processing idempotent. */
export type InboundEvent =
  | {
      type: 'message';
      dedupeKey: string;
      /** The provider's id for this message (LINE message id, Meta mid), for unsend/read and echo matching. */
      providerMessageId: string;
      /** Selects the channel: LINE channel id (from the webhook path), Page id or Instagram account id. */
      accountId: string;
      externalUserId: string;
      timestamp: Date;
      kind: InboundKind;
      text: string | null;
      payload: Record<string, unknown>;
      media: MediaRef | null;
      replyToken: string | null;
      /** A message the business sent (Meta echo): stored as outgoing. */
      isEcho: boolean;
      adId: string | null;
      /** LINE: written in a group or room, whose conversation it joins; no greeting nor AI answer there. */
      inGroupChat?: boolean;
      /** LINE: came in standby mode (another module controls the chat): nothing may be sent to it. */
      inStandby?: boolean;
    }
  | {
      type: 'follow';
      accountId: string;
      externalUserId: string;
      timestamp: Date;
      isFollowing: boolean;
      replyToken: string | null;
    }
  | { type: 'referral'; accountId: string; externalUserId: string; timestamp: Date; adId: string }
  | { type: 'unsend'; accountId: string; externalUserId: string; providerMessageId: string; timestamp: Date }
  | {
      type: 'reaction';
      accountId: string;
      externalUserId: string;
      timestamp: Date;
      /** The message reacted to. */
      providerMessageId: string;
      /** The emoji, or null when the customer took their reaction back. */
      emoji: string | null;
    }
  | CommentEvent
  | {
      /** LINE: something in the chat besides a message, for its trail (see ChatEventKind). */
      type: 'chat_event';
      accountId: string;
      /** The chat: a user's, group's or room's id. */
      externalUserId: string;
      timestamp: Date;
      event: ChatEventKind;
      /** Members who joined or left (user ids). */
      memberIds: string[];
      /** What the event names: the beacon's hardware id, the membership id, the video's tracking id. */
      detail: string | null;
    }
  | {
      type: 'read';
      accountId: string;
      externalUserId: string;
      timestamp: Date;
      providerMessageId: string | null;
      watermark: Date | null;
    };

/**
 * A comment on a Facebook post (feed webhook) or Instagram media (comments, live_comments): added, edited,
 * removed, hidden or shown again. `externalUserId` is the author; `isOwn` when the author is the account.
 */
export type CommentEvent = {
  type: 'comment';
  accountId: string;
  externalUserId: string;
  authorName: string;
  timestamp: Date;
  verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
  commentId: string;
  postId: string;
  /** The comment answered; null for a comment on the post. */
  parentId: string | null;
  text: string | null;
  photoUrl: string | null;
  isOwn: boolean;
  /** Instagram live broadcast comments. */
  isLive: boolean;
};

/** Buttons under a part; a tap comes back linked to the message `messageId` (see quick-reply-data.ts). */
export type OutboundQuickReplies = { messageId: number; items: QuickReply[] };

export type OutboundMessage = (
  | { kind: 'text'; text: string }
  | { kind: 'sticker'; packageId: string; stickerId: string }
  | {
      kind: 'image' | 'video' | 'audio' | 'file';
      /** The file as stored, by a link that expires. */
      url: string;
      /** A link to a rendition of the file (a picture's JPEG, preview or icon; a video's poster). */
      urlAs: (rendition: Rendition) => string;
      fileName: string;
      mimeType: string;
      size: number;
    }
) & { quickReplies?: OutboundQuickReplies };

/** LINE: who the customer sees as the sender of a message (the agent, instead of the account). */
export type OutboundSender = { name: string; iconUrl: string | null };

export type SendRequest = {
  credentials: ChannelCredentials;
  recipient: string;
  messages: OutboundMessage[];
  /** LINE: a live, unused reply token for this contact (claimed by the caller). */
  replyToken: string | null;
  /** LINE push idempotency: the same key on every retry of one logical send. */
  retryKey: string;
  /** Meta: a string the provider echoes back with each message (names our message and part). */
  metadata?: string;
  /** Meta windows: when the customer last wrote. */
  lastInboundAt: Date | null;
  now: Date;
  /** LINE: the agent's name and picture on each message, when the channel shows agents. */
  sender?: OutboundSender;
  /** Meta: only inside the standard 24-hour window, never with a message tag (automatic surveys). */
  standardWindowOnly?: boolean;
};

export type SendResult = { providerMessageIds: string[]; via: 'reply' | 'push' | 'RESPONSE' | 'HUMAN_AGENT' };

export type Profile = { displayName: string; pictureUrl: string | null };

/** A refused or failed send; `retryable` decides whether the delivery job tries again. */
export class ChannelSendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}

export interface ChannelAdapter {
  type: ChannelType;
  /** Splits text into provider-sized parts (LINE 5000 UTF-16 units, Messenger < 2000 chars, Instagram ≤ 1000 bytes). */
  splitText(text: string): string[];
  send(request: SendRequest): Promise<SendResult>;
  fetchProfile(credentials: ChannelCredentials, externalUserId: string): Promise<Profile | null>;
  /** LINE: a member of a group or room the account is in (null when LINE has no profile to give). */
  fetchChatMember?(credentials: ChannelCredentials, chatId: string, userId: string): Promise<Profile | null>;
  /**
   * Marks the customer's messages read in their app: LINE up to the message whose `markAsReadToken` is
   * given (nothing without one), Messenger and Instagram with `mark_seen`.
   */
  markRead(credentials: ChannelCredentials, recipient: string, markAsReadToken: string | null): Promise<void>;
  /** Shows the customer that an agent is typing (LINE's loading animation, Meta `typing_on`/`typing_off`). */
  showTyping(credentials: ChannelCredentials, recipient: string, typing: boolean): Promise<void>;
  /** Streams media; 'pending' while the provider is still preparing it (LINE 202). */
  fetchMedia(
    credentials: ChannelCredentials,
    media: MediaRef,
  ): Promise<{ body: ReadableStream<Uint8Array>; mimeType: string } | 'pending' | null>;
}
