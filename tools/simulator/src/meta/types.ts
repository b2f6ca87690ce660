// Public shapes of the Meta fake (Messenger and Instagram): configuration, customer actions and webhook JSON
// (field names exactly as docs/channels.md "Deliveries").

/** The one Meta app whose webhook receives Messenger and Instagram events. */
export interface MetaAppConfig {
  /** Numeric app id; the Facebook Login imitation checks `client_id` against it. */
  appId?: string;
  appSecret: string;
  verifyToken: string;
  webhookUrl: string | null;
  /** The app passed review for the Human Agent feature (C.8): HUMAN_AGENT tag allowed up to 7 days. */
  humanAgentApproved?: boolean;
  /** Emit `is_echo` webhooks after successful sends (default true). */
  echoes?: boolean;
  /** Webhook retries after a non-200 or timeout: every `intervalMs` for `windowMs` (C.4). Default: no retry. */
  retry?: { intervalMs: number; windowMs: number };
  /** The fake Facebook user who "logs in" and manages every Page. */
  loginUser?: { id: string; name: string };
}

/** A Facebook Page. */
export interface PageConfig {
  pageId: string;
  name: string;
  pageToken: string;
  category?: string;
  /** Fields of `subscribed_apps` (default: all messaging fields). Echoes need `message_echoes` (C.6). */
  subscribedFields?: string[];
}

/** An Instagram professional account, usually linked to a Page (D.1). */
export interface InstagramAccountConfig {
  igId: string;
  /** The linked Page (Messenger API for Instagram); absent for Instagram-Login-only accounts. */
  pageId?: string;
  username: string;
  name?: string;
  /** Instagram user access token (Instagram Login, graph.instagram.com semantics). */
  token: string;
}

/** A person who messages a Page (PSID) or an Instagram account (IGSID). */
export interface MetaUserConfig {
  platform: 'messenger' | 'instagram';
  /** Page id (Messenger) or Instagram account id. */
  accountId: string;
  /** PSID or IGSID. */
  userId: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  username?: string;
  profilePic?: string;
}

/** Bytes of an attachment; made up when absent. Served from the fake CDN with an expiring URL. */
export interface MetaContentOptions {
  content?: Uint8Array;
  contentType?: string;
}

export type MetaAttachmentType = 'image' | 'video' | 'audio' | 'file';

/** One thing a Messenger user does. `raw` sends a `messaging[]` item as given (sender/recipient/timestamp filled). */
export type MessengerAction =
  | { type: 'text'; accountId: string; userId: string; text: string; replyToMid?: string }
  | ({
      type: 'attachment';
      accountId: string;
      userId: string;
      attachmentType: MetaAttachmentType;
    } & MetaContentOptions)
  | { type: 'postback'; accountId: string; userId: string; payload: string; title?: string }
  | { type: 'referral'; accountId: string; userId: string; adId?: string; ref?: string; source?: string }
  | { type: 'quick_reply'; accountId: string; userId: string; text: string; payload: string }
  | { type: 'read'; accountId: string; userId: string; watermark?: number }
  | { type: 'delivery'; accountId: string; userId: string; mids?: string[]; watermark?: number }
  | { type: 'raw'; accountId: string; userId: string; event: Record<string, unknown> };

/** One thing an Instagram user does. */
export type InstagramAction =
  | { type: 'text'; accountId: string; userId: string; text: string; replyToMid?: string }
  | ({
      type: 'attachment';
      accountId: string;
      userId: string;
      attachmentType: MetaAttachmentType;
    } & MetaContentOptions)
  | { type: 'story_reply'; accountId: string; userId: string; text: string; storyId?: string }
  | ({ type: 'story_mention'; accountId: string; userId: string } & MetaContentOptions)
  | { type: 'deleted'; accountId: string; userId: string; mid: string }
  | {
      type: 'reaction';
      accountId: string;
      userId: string;
      mid: string;
      reaction?: string;
      emoji?: string;
      action?: 'react' | 'unreact';
    }
  | { type: 'seen'; accountId: string; userId: string; mid: string }
  | { type: 'raw'; accountId: string; userId: string; event: Record<string, unknown> };

/** `messaging[]` item (C.6, D.2); which keys appear depends on the event. */
export interface MetaMessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: {
    mid: string;
    text?: string;
    attachments?: { type: string; payload: { url: string } }[];
    quick_reply?: { payload: string };
    reply_to?: { mid: string } | { story: { id: string; url: string } };
    is_echo?: true;
    app_id?: number | string;
    metadata?: string;
    is_deleted?: true;
    [field: string]: unknown;
  };
  postback?: { mid: string; title: string; payload: string };
  referral?: Record<string, unknown>;
  read?: { watermark: number } | { mid: string };
  delivery?: { mids?: string[]; watermark: number };
  reaction?: { mid: string; action: string; reaction?: string; emoji?: string };
  [field: string]: unknown;
}

/** The webhook body (C.5, D.2). */
export interface MetaWebhookBody {
  object: 'page' | 'instagram';
  entry: { id: string; time: number; messaging: MetaMessagingEvent[] }[];
}

/** Options of `comments.publish`: a post on a Page or a media object on an Instagram account. */
export interface PublishOptions {
  /** Post message / media caption (default: a made-up shop announcement). */
  text?: string;
  /** The post carries a picture served by the fake CDN, without expiry (default true). */
  withPicture?: boolean;
  /** Instagram: published as a live broadcast, so its comments arrive as `live_comments` (D.2). */
  live?: boolean;
}

/** What `comments.publish` answers. */
export interface PublishedPost {
  /** `{pageId}_{15 digits}` on Facebook; 17 digits on Instagram. */
  postId: string;
  permalink: string;
  pictureUrl: string | null;
}

/** One comment of a burst (`comments.comments`). */
export interface CommentItem {
  userId: string;
  postId: string;
  text: string;
  /** Reply to this comment instead of commenting on the post. */
  parentId?: string;
  /** Facebook `from.name` / Instagram `username` (default: the user's configured one). */
  name?: string;
}

/** What tests may check about a comment (`comments.commentState`). */
export interface CommentState {
  hidden: boolean;
  liked: boolean;
  deleted: boolean;
  /** Public replies the Page or Instagram account posted to this comment through the Graph API. */
  replies: { id: string; message: string }[];
  /** Accepted private replies (Send API with `recipient.comment_id`); Meta allows one. */
  privateReplies: number;
}

/** `value` of a Page `feed` change about a comment. */
export interface FeedCommentValue {
  item: 'comment';
  verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
  /** `{post-object-id}_{digits}`. */
  comment_id: string;
  /** `{PAGE_ID}_{digits}`. */
  post_id: string;
  /** The post for a top-level comment, else the comment replied to. */
  parent_id: string;
  /** The commenter (their PSID in the simulator) or, for the Page's own comments, the Page. */
  from: { id: string; name: string };
  message?: string;
  /** Unix seconds. */
  created_time: number;
  post?: {
    id: string;
    status_type: string;
    is_published: boolean;
    updated_time: string;
    permalink_url: string;
  };
  /** CDN URL of the comment's picture. */
  photo?: string;
}

/** `value` of an Instagram `comments` / `live_comments` change. */
export interface InstagramCommentValue {
  id: string;
  text: string;
  from: { id: string; username: string };
  media: { id: string; media_product_type: 'FEED' | 'LIVE' };
  /** Only on replies. */
  parent_id?: string;
}

/** One item of `entry[].changes`. */
export type MetaChange =
  | { field: 'feed'; value: FeedCommentValue }
  | { field: 'comments' | 'live_comments'; value: InstagramCommentValue };

/** The webhook body of Page feed and Instagram comment changes: `entry[].changes` instead of `messaging`. */
export interface MetaChangesWebhookBody {
  object: 'page' | 'instagram';
  entry: { id: string; time: number; changes: MetaChange[] }[];
}
