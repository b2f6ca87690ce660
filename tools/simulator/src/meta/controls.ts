// The customer side of Messenger and Instagram: actions become `{object, entry[].messaging[]}` webhooks,
// serialised once the way Meta does, signed with `X-Hub-Signature-256` over exactly those bytes and POSTed,
// with retries and the duplicate-delivery fault (F.Meta 1–2, 6).
import type { CdnStore } from '../core/cdn';
import type { Clock } from '../core/clock';
import { SimulatorError } from '../core/errors';
import type { ApiConditions, ApiFault, FaultQueue } from '../core/faults';
import { randomDigits } from '../core/ids';
import { metaJson } from '../core/meta-json';
import type { DeliveryRecord, Recorder } from '../core/records';
import { metaSignature1, metaSignature256 } from '../core/signatures';
import { sendHttp } from '../webhook/send-http';
import type { DeliveryWait, WebhookDeliverer } from '../webhook/deliverer';
import { addUserComment, changesBody, publishPost, removeChange, requireComment } from './comment-events';
import type { CommentContext } from './comment-events';
import { buildMetaEvent } from './customer-events';
import type { MetaApp, MetaState, MetaUser } from './state';
import type {
  CommentItem,
  CommentState,
  InstagramAction,
  MessengerAction,
  MetaAttachmentType,
  MetaChange,
  MetaChangesWebhookBody,
  MetaContentOptions,
  MetaMessagingEvent,
  MetaWebhookBody,
  PublishOptions,
  PublishedPost,
} from './types';

/** The delivery record of a Meta webhook. */
export type MetaDelivery = DeliveryRecord<MetaWebhookBody>;

/** The delivery record of a Page `feed` or Instagram `comments` webhook (`entry[].changes`). */
export type MetaChangesDelivery = DeliveryRecord<MetaChangesWebhookBody>;

/** Options of a batch of Meta events. */
export interface MetaBatchOptions {
  /** Send the entries newest first. */
  reorder?: boolean;
  /** Put events of the same account in one entry's `messaging` array instead of one entry each (C.5). */
  groupByAccount?: boolean;
  /** `'first'` resolves after the first attempt while retries continue. */
  wait?: DeliveryWait;
}

/** `sim.messenger`: play a Messenger user. */
export interface MessengerCustomer {
  /** The user sends text (optionally quoting `replyToMid`). */
  text(pageId: string, psid: string, text: string, options?: { replyToMid?: string }): Promise<MetaDelivery>;
  /** The user sends an image, video, audio or file; its URL is served by the fake CDN and expires. */
  attachment(
    pageId: string,
    psid: string,
    type: MetaAttachmentType,
    options?: MetaContentOptions,
  ): Promise<MetaDelivery>;
  /** The user taps a button or Get Started. */
  postback(pageId: string, psid: string, payload: string, title?: string): Promise<MetaDelivery>;
  /** The user opens the thread from an ad (`adId`) or an m.me link. */
  referral(
    pageId: string,
    psid: string,
    options?: { adId?: string; ref?: string; source?: string },
  ): Promise<MetaDelivery>;
  /** The user taps a quick reply. */
  quickReply(pageId: string, psid: string, text: string, payload: string): Promise<MetaDelivery>;
  /** Read receipt: everything up to `watermark` (default now) was read. */
  read(pageId: string, psid: string, watermark?: number): Promise<MetaDelivery>;
  /** Delivery receipt. */
  delivery(
    pageId: string,
    psid: string,
    options?: { mids?: string[]; watermark?: number },
  ): Promise<MetaDelivery>;
  /** Several events in one webhook. */
  events(actions: MessengerAction[], options?: MetaBatchOptions): Promise<MetaDelivery>;
}

/** `sim.instagram`: play an Instagram user. */
export interface InstagramCustomer {
  /** The user sends text. */
  text(igId: string, igsid: string, text: string, options?: { replyToMid?: string }): Promise<MetaDelivery>;
  /** The user sends media. */
  attachment(
    igId: string,
    igsid: string,
    type: MetaAttachmentType,
    options?: MetaContentOptions,
  ): Promise<MetaDelivery>;
  /** The user replies to the account's story (`reply_to.story`). */
  storyReply(
    igId: string,
    igsid: string,
    text: string,
    options?: { storyId?: string },
  ): Promise<MetaDelivery>;
  /** The user mentions the account in their story (a `story_mention` attachment whose URL expires in 24 h). */
  storyMention(igId: string, igsid: string, options?: MetaContentOptions): Promise<MetaDelivery>;
  /** The user unsends a message (`is_deleted: true`). */
  deleted(igId: string, igsid: string, mid: string): Promise<MetaDelivery>;
  /** The user reacts to a message (default ❤️ "love"). */
  reaction(
    igId: string,
    igsid: string,
    mid: string,
    options?: { reaction?: string; emoji?: string; action?: 'react' | 'unreact' },
  ): Promise<MetaDelivery>;
  /** The user has seen a message (`read.mid`). */
  seen(igId: string, igsid: string, mid: string): Promise<MetaDelivery>;
  /** Several events in one webhook. */
  events(actions: InstagramAction[], options?: MetaBatchOptions): Promise<MetaDelivery>;
}

/** `sim.meta`: the app-level switches and faults. */
export interface MetaControls {
  /** Performs the subscription handshake (C.2); true when the callback answered 200 with the challenge. */
  verifyWebhook(): Promise<boolean>;
  /** Fault: send every webhook `copies` times, so dedupe by `mid` is exercised. */
  duplicateDeliveries(copies: number): void;
  /** Fault: the next `count` Graph calls (optionally only paths containing `pathIncludes`) fail. */
  failNext(count: number, fault: ApiFault, options?: { pathIncludes?: string }): void;
  /** Every Graph call from now on meets these conditions (latency, a share of 500s); `{}` clears them. */
  setConditions(conditions: ApiConditions): void;
  /** Grants or revokes the Human Agent feature. */
  setHumanAgentApproved(isApproved: boolean): void;
  /** The next login dialog is cancelled by the user: the redirect carries `error=access_denied`. */
  cancelNextLogin(): void;
}

/**
 * `sim.comments`: posts of a Page or an Instagram account and the people who comment on them. Comments arrive
 * as Page `feed` webhooks (item comment) or Instagram `comments` / `live_comments` webhooks; the server acts on
 * them through the Graph API (public replies, likes, hiding, deleting) and the Send API (private replies).
 */
export interface CommentControls {
  /** Publishes a post on a Page, or media on an Instagram account (`live` media get `live_comments`). */
  publish(accountId: string, options?: PublishOptions): PublishedPost;
  /**
   * A person comments on a post, or replies to `parentId`. Unknown users are registered with `name`
   * (Facebook `from.name`, Instagram `username`; default: the user's configured one). `photo`: Facebook only.
   */
  comment(
    accountId: string,
    userId: string,
    postId: string,
    text: string,
    options?: { parentId?: string; name?: string; photo?: boolean; wait?: DeliveryWait },
  ): Promise<{ commentId: string; delivery: MetaChangesDelivery }>;
  /**
   * A burst of comments on one account, sent without pauses (a few webhooks in flight at a time); `perWebhook`
   * changes share one entry's `changes` array (default 1).
   */
  comments(
    accountId: string,
    items: CommentItem[],
    options?: { wait?: DeliveryWait; perWebhook?: number },
  ): Promise<{ commentIds: string[]; deliveries: MetaChangesDelivery[] }>;
  /**
   * The author deletes their comment: Facebook sends a `feed` change with verb `remove`, Instagram sends
   * nothing (null). Deleting through the Graph API (the Page's moderation) sends no webhook in the simulator.
   */
  removeComment(accountId: string, commentId: string): Promise<MetaChangesDelivery | null>;
  /** What the account did to a comment: hidden, liked, deleted, public replies, private replies. */
  commentState(commentId: string): CommentState;
}

export interface MetaDeps {
  state: MetaState;
  clock: Clock;
  cdn: CdnStore;
  recorder: Recorder;
  deliverer: WebhookDeliverer;
  faults: FaultQueue;
  origin(): string;
  timeoutMs: number;
}

/** Builds `sim.messenger`, `sim.instagram` and `sim.meta`. */
export function createMetaControls(deps: MetaDeps): {
  messenger: MessengerCustomer;
  instagram: InstagramCustomer;
  meta: MetaControls;
  comments: CommentControls;
} {
  const { state } = deps;
  const events = (
    platform: 'messenger' | 'instagram',
    actions: (MessengerAction | InstagramAction)[],
    options: MetaBatchOptions = {},
  ) => {
    const app = state.requireApp();
    const base = deps.clock.now();
    const items = actions.map((action, index) => {
      const user = ensureUser(state, platform, action.accountId, action.userId);
      const context = { state, cdn: deps.cdn, origin: deps.origin(), timestamp: base + index };
      return { accountId: action.accountId, event: buildMetaEvent(platform, action, user, context) };
    });
    const ordered = options.reorder ? [...items].reverse() : items;
    const time = deps.clock.now();
    const entry: MetaWebhookBody['entry'] = [];
    for (const item of ordered) {
      const shared = options.groupByAccount ? entry.find((e) => e.id === item.accountId) : undefined;
      if (shared) shared.messaging.push(item.event);
      else entry.push({ id: item.accountId, time, messaging: [item.event] });
    }
    const body: MetaWebhookBody = { object: platform === 'messenger' ? 'page' : 'instagram', entry };
    return sendMetaWebhook(deps, app, body, 'events', options.wait ?? 'final');
  };
  const messengerOne = (action: MessengerAction) => events('messenger', [action]);
  const instagramOne = (action: InstagramAction) => events('instagram', [action]);

  const messenger: MessengerCustomer = {
    text: (accountId, userId, text, options = {}) =>
      messengerOne({ type: 'text', accountId, userId, text, ...options }),
    attachment: (accountId, userId, attachmentType, options = {}) =>
      messengerOne({ type: 'attachment', accountId, userId, attachmentType, ...options }),
    postback: (accountId, userId, payload, title) =>
      messengerOne(
        title === undefined
          ? { type: 'postback', accountId, userId, payload }
          : { type: 'postback', accountId, userId, payload, title },
      ),
    referral: (accountId, userId, options = {}) =>
      messengerOne({ type: 'referral', accountId, userId, ...options }),
    quickReply: (accountId, userId, text, payload) =>
      messengerOne({ type: 'quick_reply', accountId, userId, text, payload }),
    read: (accountId, userId, watermark) =>
      messengerOne(
        watermark === undefined
          ? { type: 'read', accountId, userId }
          : { type: 'read', accountId, userId, watermark },
      ),
    delivery: (accountId, userId, options = {}) =>
      messengerOne({ type: 'delivery', accountId, userId, ...options }),
    events: (actions, options) => events('messenger', actions, options),
  };
  const instagram: InstagramCustomer = {
    text: (accountId, userId, text, options = {}) =>
      instagramOne({ type: 'text', accountId, userId, text, ...options }),
    attachment: (accountId, userId, attachmentType, options = {}) =>
      instagramOne({ type: 'attachment', accountId, userId, attachmentType, ...options }),
    storyReply: (accountId, userId, text, options = {}) =>
      instagramOne({ type: 'story_reply', accountId, userId, text, ...options }),
    storyMention: (accountId, userId, options = {}) =>
      instagramOne({ type: 'story_mention', accountId, userId, ...options }),
    deleted: (accountId, userId, mid) => instagramOne({ type: 'deleted', accountId, userId, mid }),
    reaction: (accountId, userId, mid, options = {}) =>
      instagramOne({ type: 'reaction', accountId, userId, mid, ...options }),
    seen: (accountId, userId, mid) => instagramOne({ type: 'seen', accountId, userId, mid }),
    events: (actions, options) => events('instagram', actions, options),
  };
  const meta: MetaControls = {
    verifyWebhook: () => verifyWebhook(deps),
    duplicateDeliveries: (copies) => {
      if (!Number.isInteger(copies) || copies < 1)
        throw new SimulatorError('invalid_argument', 'copies must be an integer >= 1');
      state.requireApp().copiesPerWebhook = copies;
    },
    failNext: (count, fault, options = {}) => deps.faults.add('meta', count, fault, options.pathIncludes),
    setConditions: (conditions) => deps.faults.setConditions('meta', conditions),
    setHumanAgentApproved: (isApproved) => {
      state.requireApp().humanAgentApproved = isApproved;
    },
    cancelNextLogin: () => {
      state.loginCancels += 1;
    },
  };
  return { messenger, instagram, meta, comments: createCommentControls(deps) };
}

/** Webhooks of a burst in flight at once: fast, without opening thousands of sockets together. */
const BURST_CONCURRENCY = 16;

function createCommentControls(deps: MetaDeps): CommentControls {
  const { state } = deps;
  const context = (): CommentContext => ({
    state,
    cdn: deps.cdn,
    origin: deps.origin(),
    now: deps.clock.now(),
  });
  /** Registers the commenter when unknown (a Page's commenter is one of its Messenger users, by PSID). */
  const commenter = (accountId: string, userId: string, name: string | undefined) => {
    const platform = state.networkOf(accountId) === 'facebook' ? 'messenger' : 'instagram';
    return ensureUser(state, platform, accountId, userId, name);
  };

  return {
    publish: (accountId, options = {}) => {
      const post = publishPost(context(), accountId, options);
      return { postId: post.postId, permalink: post.permalink, pictureUrl: post.pictureUrl };
    },
    comment: async (accountId, userId, postId, text, options = {}) => {
      const app = state.requireApp();
      const { wait, ...rest } = options;
      const user = commenter(accountId, userId, rest.name);
      const added = addUserComment(context(), accountId, user, { userId, postId, text, ...rest });
      const body = changesBody(added.post.network, accountId, deps.clock.now(), [added.change]);
      const delivery = await sendMetaWebhook(deps, app, body, 'events', wait ?? 'final');
      return { commentId: added.comment.commentId, delivery };
    },
    comments: async (accountId, items, options = {}) => {
      const app = state.requireApp();
      const network = state.networkOf(accountId);
      const perWebhook = options.perWebhook ?? 1;
      if (!Number.isInteger(perWebhook) || perWebhook < 1)
        throw new SimulatorError('invalid_argument', 'perWebhook must be an integer >= 1');
      // Every comment is checked and recorded before the first webhook leaves: a bad item sends nothing.
      const added = items.map((item) =>
        addUserComment(context(), accountId, commenter(accountId, item.userId, item.name), item),
      );
      const batches: MetaChange[][] = [];
      for (let i = 0; i < added.length; i += perWebhook)
        batches.push(added.slice(i, i + perWebhook).map((a) => a.change));
      const deliveries = new Array<MetaChangesDelivery>(batches.length);
      let next = 0;
      const worker = async () => {
        for (let index = next++; index < batches.length; index = next++) {
          const body = changesBody(network, accountId, deps.clock.now(), batches[index] ?? []);
          deliveries[index] = await sendMetaWebhook(deps, app, body, 'events', options.wait ?? 'final');
        }
      };
      await Promise.all(Array.from({ length: Math.min(BURST_CONCURRENCY, batches.length) }, worker));
      return { commentIds: added.map((a) => a.comment.commentId), deliveries };
    },
    removeComment: async (accountId, commentId) => {
      const app = state.requireApp();
      const comment = requireComment(state, commentId);
      const post = state.posts.get(comment.postId);
      if (!post || comment.accountId !== accountId)
        throw new SimulatorError('unknown_comment', `no comment ${commentId} on ${accountId}`);
      comment.deleted = true;
      if (post.network === 'instagram') return null;
      const now = deps.clock.now();
      const body = changesBody('facebook', accountId, now, [removeChange(post, comment, now)]);
      return sendMetaWebhook(deps, app, body, 'events', 'final');
    },
    commentState: (commentId) => {
      const comment = state.comments.get(commentId);
      if (!comment) throw new SimulatorError('unknown_comment', `no comment ${commentId}`);
      return {
        hidden: comment.hidden,
        liked: comment.liked,
        deleted: comment.deleted,
        replies: comment.replies.map((reply) => ({ ...reply })),
        privateReplies: comment.privateReplies,
      };
    },
  };
}

/** POSTs a Meta webhook body; used for customer events, comment changes and echoes. */
export function sendMetaWebhook<TBody extends MetaWebhookBody | MetaChangesWebhookBody>(
  deps: Pick<MetaDeps, 'deliverer'>,
  app: MetaApp,
  body: TBody,
  kind: 'events' | 'echo',
  wait: DeliveryWait,
): Promise<DeliveryRecord<TBody>> {
  // Serialised once, like Meta: non-ASCII escaped as \uXXXX, so only hashing the received bytes verifies (C.3).
  const rawBody = metaJson(body);
  const signature = metaSignature256(rawBody, app.appSecret);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'facebookexternalua',
    'x-hub-signature-256': signature,
    'x-hub-signature': metaSignature1(rawBody, app.appSecret),
  };
  const retry = app.retry;
  return deps.deliverer.deliver(
    {
      platform: 'meta',
      kind,
      accountIds: [...new Set(body.entry.map((e) => e.id))],
      url: app.webhookUrl,
      body,
      encode: () => ({ rawBody, signature, headers }),
      isSuccess: (status) => status === 200,
      retries: retry && retry.intervalMs > 0 ? Math.floor(retry.windowMs / retry.intervalMs) : 0,
      retryIntervalMs: retry?.intervalMs ?? 0,
    },
    app.copiesPerWebhook,
    wait,
  );
}

/** Builds the echo event Meta sends after the business sent a message (C.6 message_echoes, D.2). */
export function echoEvent(
  app: MetaApp,
  accountId: string,
  userId: string,
  mid: string,
  timestamp: number,
  message: Record<string, unknown>,
): MetaMessagingEvent {
  const appId =
    /^\d+$/.test(app.appId) && Number.isSafeInteger(Number(app.appId)) ? Number(app.appId) : app.appId;
  const content: Record<string, unknown> = {};
  if (typeof message.text === 'string') content.text = message.text;
  const attachment = message.attachment;
  if (typeof attachment === 'object' && attachment !== null) content.attachments = [attachment];
  return {
    sender: { id: accountId },
    recipient: { id: userId },
    timestamp,
    message: {
      mid,
      is_echo: true,
      app_id: appId,
      ...(typeof message.metadata === 'string' ? { metadata: message.metadata } : {}),
      ...content,
    },
  };
}

async function verifyWebhook(deps: MetaDeps): Promise<boolean> {
  const app = deps.state.requireApp();
  const challenge = randomDigits(10);
  const record: MetaDelivery = {
    id: deps.recorder.nextId('d'),
    platform: 'meta',
    kind: 'handshake',
    accountIds: [],
    url: app.webhookUrl,
    body: { object: 'page', entry: [] },
    ok: false,
    status: null,
    outcome: 'no_webhook_url',
    latencyMs: 0,
    attempts: 0,
    history: [],
    isDuplicate: false,
    pending: false,
  };
  deps.recorder.addDelivery(record);
  if (!app.webhookUrl) return false;
  const url = new URL(app.webhookUrl);
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', app.verifyToken);
  const at = deps.clock.now();
  const result = await sendHttp({
    method: 'GET',
    url: url.toString(),
    headers: { 'user-agent': 'facebookplatform/1.0 (+http://developers.facebook.com)' },
    timeoutMs: deps.timeoutMs,
    signal: deps.deliverer.signal,
    isSuccess: (status) => status === 200,
  });
  // Success needs both the 200 and the challenge echoed back verbatim (C.2).
  const ok = result.outcome === 'ok' && result.responseBody === challenge;
  record.history.push({ at, isRedelivery: false, ...result, rawBody: '', signature: '' });
  Object.assign(record, {
    ok,
    status: result.status,
    outcome: ok ? 'ok' : result.outcome === 'ok' ? 'error_status_code' : result.outcome,
    latencyMs: result.latencyMs,
    attempts: 1,
  });
  return ok;
}

/** Users the test did not declare are registered on first contact, with `name` or a made-up one. */
function ensureUser(
  state: MetaState,
  platform: 'messenger' | 'instagram',
  accountId: string,
  userId: string,
  name?: string,
): MetaUser {
  state.requireAccount(platform, accountId);
  const existing = state.user(accountId, userId);
  if (existing) return existing;
  if (!/^\d+$/.test(userId))
    throw new SimulatorError('invalid_argument', `PSIDs and IGSIDs are digit strings, got ${userId}`);
  if (name !== undefined)
    return platform === 'messenger'
      ? state.addUser({ platform, accountId, userId, name })
      : state.addUser({ platform, accountId, userId, name, username: name });
  return platform === 'messenger'
    ? state.addUser({
        platform,
        accountId,
        userId,
        firstName: 'Messenger',
        lastName: `user ${userId.slice(-4)}`,
      })
    : state.addUser({
        platform,
        accountId,
        userId,
        name: `Instagram user ${userId.slice(-4)}`,
        username: `ig_user_${userId.slice(-6)}`,
      });
}
