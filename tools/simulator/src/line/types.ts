// Public shapes of the LINE fake: channel and user configuration, customer actions and webhook JSON
// (field names exactly as docs/channels.md "Deliveries").

export type LineAccessTokenKind = 'long-lived' | 'short-lived' | 'v2.1';

/** A fake LINE Official Account channel. */
export interface LineChannelConfig {
  channelId: string;
  channelSecret: string;
  accessToken: string;
  /**
   * How `accessToken` was issued (default `long-lived`, the one the LINE console shows). Every kind calls the
   * API; only v2.1 tokens answer `GET /oauth2/v2.1/verify`, long-lived and short-lived ones answer
   * `POST /v2/oauth/verify`.
   */
  accessTokenKind?: LineAccessTokenKind;
  /** The bot's user id (`U` + 32 hex), sent as `destination`. */
  botUserId: string;
  /** Where webhooks go; may be set later through `PUT /v2/bot/channel/webhook/endpoint`. */
  webhookUrl?: string | null;
  /** "Webhook redelivery" (A.7): extra attempts after a failure, and the pause between them. */
  redelivery?: { attempts: number; intervalMs: number };
  /** Monthly push allowance; null or absent = unlimited (`{"type":"none"}`). */
  monthlyQuota?: number | null;
  displayName?: string;
  basicId?: string;
}

/** A LINE user known to a channel. */
export interface LineUserConfig {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  language?: string;
  statusMessage?: string;
  /** Friend of the OA (default true). Non-friends get 404 on profile and pushes are undelivered after 7 days. */
  isFriend?: boolean;
}

/** A group (`C` + 32 hex) or a multi-person chat, a room (`R` + 32 hex), of a channel's users. */
export interface LineChatConfig {
  chatId: string;
  /** Groups have a name and may have a picture; rooms have neither. */
  groupName?: string;
  pictureUrl?: string;
  /** The channel's users in the chat. The bot is in it once a `join` event says so. */
  memberIds: string[];
}

/**
 * Where a user acts: 1:1 with the account (no `chatId`), or in a group or room the bot is in. In a group or
 * room `withholdUserId` leaves the user's id out of the event's source, as LINE does for some members.
 */
export interface LineWhere {
  chatId?: string;
  withholdUserId?: boolean;
}

/** Bytes a customer sends as an attachment; the simulator makes up small valid files when absent. */
export interface LineContentOptions {
  content?: Uint8Array;
  contentType?: string;
}

/** Video and audio: duration, and how long `GET …/content` answers 202 "still preparing" (A.14). */
export interface LineTimedContentOptions extends LineContentOptions {
  durationMs?: number;
  preparingMs?: number;
}

/** One thing a customer does, turned into one webhook event. `raw` sends an event as given (missing common fields filled). */
export type LineAction =
  | ({ type: 'text'; userId: string; text: string; quotedMessageId?: string } & LineWhere)
  | ({
      type: 'image';
      userId: string;
      imageSet?: { id: string; index: number; total: number };
    } & LineContentOptions &
      LineWhere)
  | ({ type: 'video'; userId: string } & LineTimedContentOptions & LineWhere)
  | ({ type: 'audio'; userId: string } & LineTimedContentOptions & LineWhere)
  | ({ type: 'file'; userId: string; fileName?: string } & LineContentOptions & LineWhere)
  | ({
      type: 'location';
      userId: string;
      title?: string;
      address?: string;
      latitude: number;
      longitude: number;
    } & LineWhere)
  | ({
      type: 'sticker';
      userId: string;
      packageId?: string;
      stickerId?: string;
      stickerResourceType?: string;
      keywords?: string[];
      text?: string;
    } & LineWhere)
  | { type: 'follow'; userId: string }
  | { type: 'unfollow'; userId: string }
  | ({ type: 'postback'; userId: string; data: string; params?: Record<string, string> } & LineWhere)
  | ({ type: 'unsend'; userId: string; messageId: string } & LineWhere)
  /** The user comes near one of the account's LINE Beacons. */
  | { type: 'beacon'; userId: string; hwid: string; beaconType?: 'enter' | 'banner' | 'stay' }
  /** The user linked (or failed to link) their LINE account with the shop's own account. */
  | { type: 'accountLink'; userId: string; result: 'ok' | 'failed' }
  /** The user joined, left or renewed one of the account's paid memberships. */
  | {
      type: 'membership';
      userId: string;
      membershipType: 'joined' | 'left' | 'renewed';
      membershipId: number;
    }
  /** The user watched to the end a video the account sent with this tracking id. */
  | { type: 'videoPlayComplete'; userId: string; trackingId: string }
  /** The bot is added to (`join`) or removed from (`leave`) a group or room. */
  | { type: 'join'; chatId: string }
  | { type: 'leave'; chatId: string }
  /** Users of the channel join or leave a group or room the bot is in. */
  | { type: 'memberJoined'; chatId: string; userIds: string[] }
  | { type: 'memberLeft'; chatId: string; userIds: string[] }
  | { type: 'raw'; event: Record<string, unknown> };

export type LineSource =
  | { type: 'user'; userId: string }
  | { type: 'group'; groupId: string; userId?: string }
  | { type: 'room'; roomId: string; userId?: string };

/** `event.message` (A.6); fields present depend on `type`. */
export interface LineEventMessage {
  id: string;
  type: 'text' | 'image' | 'video' | 'audio' | 'file' | 'location' | 'sticker';
  quoteToken?: string;
  markAsReadToken?: string;
  text?: string;
  quotedMessageId?: string;
  contentProvider?: { type: 'line' | 'external'; originalContentUrl?: string; previewImageUrl?: string };
  imageSet?: { id: string; index: number; total: number };
  duration?: number;
  fileName?: string;
  fileSize?: number;
  title?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  packageId?: string;
  stickerId?: string;
  stickerResourceType?: string;
  keywords?: string[];
}

/** One webhook event (A.4, A.5). */
export interface LineWebhookEvent {
  type: string;
  mode: 'active' | 'standby';
  timestamp: number;
  source?: LineSource;
  webhookEventId: string;
  deliveryContext: { isRedelivery: boolean };
  replyToken?: string;
  message?: LineEventMessage;
  follow?: { isUnblocked: boolean };
  postback?: { data: string; params?: Record<string, string> };
  unsend?: { messageId: string };
  joined?: { members: LineSource[] };
  left?: { members: LineSource[] };
  [field: string]: unknown;
}

/** The webhook body (A.2). */
export interface LineWebhookBody {
  destination: string;
  events: LineWebhookEvent[];
}
