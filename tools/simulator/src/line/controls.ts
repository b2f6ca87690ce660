// The customer side of LINE: actions become webhook events, serialised once per attempt, signed over exactly
// those bytes and POSTed like LINE does (F.LINE 3–4), with redelivery and the duplicate/reorder faults.
import type { Clock } from '../core/clock';
import { SimulatorError } from '../core/errors';
import type { ApiConditions, ApiFault, FaultQueue } from '../core/faults';
import type { DeliveryRecord } from '../core/records';
import { lineSignature } from '../core/signatures';
import type { DeliveryWait, WebhookDeliverer } from '../webhook/deliverer';
import { buildLineEvent } from './customer-events';
import type { LineChannel, LineState } from './state';
import { LINE_USER_ID } from './state';
import type {
  LineAction,
  LineContentOptions,
  LineTimedContentOptions,
  LineWebhookBody,
  LineWebhookEvent,
} from './types';

/** The delivery record of a LINE webhook. */
export type LineDelivery = DeliveryRecord<LineWebhookBody>;

/** Options of a batch: `reorder` sends the events newest first (A.7: arrival order may differ from event order). */
export interface LineBatchOptions {
  reorder?: boolean;
  /**
   * The events happened this long before they are delivered (a delivery held up on the way): their
   * `timestamp` says when the customer acted, as LINE's does.
   */
  heldUpMs?: number;
  /** `'first'` resolves after the first attempt while redeliveries continue (the CLI uses it). */
  wait?: DeliveryWait;
}

/** `sim.line`: play a LINE customer and inject LINE faults. */
export interface LineControls {
  /** The customer sends a text message. */
  text(
    channelId: string,
    userId: string,
    text: string,
    options?: { quotedMessageId?: string },
  ): Promise<LineDelivery>;
  /** The customer sends an image; its bytes are then served at `GET /v2/bot/message/{id}/content`. */
  image(channelId: string, userId: string, options?: LineContentOptions): Promise<LineDelivery>;
  /** The customer sends a video; `preparingMs` keeps its content at 202 for that long (simulated time). */
  video(channelId: string, userId: string, options?: LineTimedContentOptions): Promise<LineDelivery>;
  /** The customer sends a voice message. */
  audio(channelId: string, userId: string, options?: LineTimedContentOptions): Promise<LineDelivery>;
  /** The customer sends a file. */
  file(
    channelId: string,
    userId: string,
    options?: LineContentOptions & { fileName?: string },
  ): Promise<LineDelivery>;
  /** The customer shares a location. */
  location(
    channelId: string,
    userId: string,
    location: { title?: string; address?: string; latitude: number; longitude: number },
  ): Promise<LineDelivery>;
  /** The customer sends a sticker (defaults to a stock STATIC sticker). */
  sticker(
    channelId: string,
    userId: string,
    sticker?: {
      packageId?: string;
      stickerId?: string;
      stickerResourceType?: string;
      keywords?: string[];
      text?: string;
    },
  ): Promise<LineDelivery>;
  /** The customer adds (or unblocks) the OA. */
  follow(channelId: string, userId: string): Promise<LineDelivery>;
  /** The customer blocks the OA: later pushes are accepted but undelivered (A.10). */
  unfollow(channelId: string, userId: string): Promise<LineDelivery>;
  /** The customer taps a postback action. */
  postback(
    channelId: string,
    userId: string,
    data: string,
    params?: Record<string, string>,
  ): Promise<LineDelivery>;
  /** The customer unsends a message: its content then answers 410 (A.14). */
  unsend(channelId: string, userId: string, messageId: string): Promise<LineDelivery>;
  /** The console's "Verify": a webhook with `events: []`. */
  verify(channelId: string): Promise<LineDelivery>;
  /** Several events in one webhook. */
  events(channelId: string, actions: LineAction[], options?: LineBatchOptions): Promise<LineDelivery>;
  /**
   * The webhook body LINE would send for these actions, built now (customers registered, reply tokens
   * issued, their minute started) but not sent: the caller stores it as a delivery that arrived while the
   * receiver's workers were away (a backlog).
   */
  held(channelId: string, actions: LineAction[]): LineWebhookBody;
  /** Fault: send every webhook of the channel `copies` times (1 = normal). */
  duplicateDeliveries(channelId: string, copies: number): void;
  /** Fault: the next `count` LINE API calls (optionally only paths containing `pathIncludes`) fail. */
  failNext(count: number, fault: ApiFault, options?: { pathIncludes?: string }): void;
  /** Every LINE API call from now on meets these conditions (latency, a share of 500s); `{}` clears them. */
  setConditions(conditions: ApiConditions): void;
  /**
   * A module channel takes (`true`) or hands back (`false`) control of a chat (a user, group or room id): while
   * it holds it, the channel's events about the chat come in standby mode without a reply token.
   */
  standby(channelId: string, chatId: string, inStandby: boolean): void;
  /** Sets the monthly push allowance (null = unlimited). */
  setMonthlyQuota(channelId: string, limit: number | null): void;
  /** Pushes counted this month. */
  pushesThisMonth(channelId: string): number;
}

/** Builds `sim.line`. */
export function createLineControls(deps: {
  state: LineState;
  clock: Clock;
  deliverer: WebhookDeliverer;
  faults: FaultQueue;
}): LineControls {
  const { state, clock, deliverer, faults } = deps;

  /** The channel's events for `actions`, one millisecond apart from `base` (their order stays visible). */
  const build = (channel: LineChannel, actions: LineAction[], base: number) => {
    for (const action of actions) if ('userId' in action) ensureUser(state, channel, action.userId);
    return actions.map((action, index) => buildLineEvent(state, channel, action, base + index));
  };

  // Async, so a misuse (an unknown user or chat) rejects the promise instead of throwing at the call.
  const events = async (
    channelId: string,
    actions: LineAction[],
    options: LineBatchOptions = {},
  ): Promise<LineDelivery> => {
    const channel = state.requireChannel(channelId);
    const built = build(channel, actions, clock.now() - (options.heldUpMs ?? 0));
    const ordered = options.reorder ? [...built].reverse() : built;
    return send(channel, ordered, 'events', options.wait ?? 'final');
  };

  const held = (channelId: string, actions: LineAction[]): LineWebhookBody => {
    const channel = state.requireChannel(channelId);
    const now = clock.now();
    const built = build(channel, actions, now);
    for (const event of built) {
      const token = event.replyToken ? state.replyTokens.get(event.replyToken) : undefined;
      if (token) token.deliveredAt = now;
    }
    return { destination: channel.botUserId, events: built };
  };

  const send = (
    channel: LineChannel,
    events: LineWebhookEvent[],
    kind: 'events' | 'verification',
    wait: DeliveryWait,
  ) => sendLineWebhook({ state, clock, deliverer }, channel, events, kind, wait);

  const one = (channelId: string, action: LineAction) => events(channelId, [action]);

  return {
    text: (channelId, userId, text, options = {}) =>
      one(channelId, { type: 'text', userId, text, ...options }),
    image: (channelId, userId, options = {}) => one(channelId, { type: 'image', userId, ...options }),
    video: (channelId, userId, options = {}) => one(channelId, { type: 'video', userId, ...options }),
    audio: (channelId, userId, options = {}) => one(channelId, { type: 'audio', userId, ...options }),
    file: (channelId, userId, options = {}) => one(channelId, { type: 'file', userId, ...options }),
    location: (channelId, userId, location) => one(channelId, { type: 'location', userId, ...location }),
    sticker: (channelId, userId, sticker = {}) => one(channelId, { type: 'sticker', userId, ...sticker }),
    follow: (channelId, userId) => one(channelId, { type: 'follow', userId }),
    unfollow: (channelId, userId) => one(channelId, { type: 'unfollow', userId }),
    postback: (channelId, userId, data, params) =>
      one(
        channelId,
        params ? { type: 'postback', userId, data, params } : { type: 'postback', userId, data },
      ),
    unsend: (channelId, userId, messageId) => one(channelId, { type: 'unsend', userId, messageId }),
    verify: (channelId) => send(state.requireChannel(channelId), [], 'verification', 'final'),
    events,
    held,
    duplicateDeliveries: (channelId, copies) => {
      if (!Number.isInteger(copies) || copies < 1)
        throw new SimulatorError('invalid_argument', 'copies must be an integer >= 1');
      state.requireChannel(channelId).copiesPerWebhook = copies;
    },
    failNext: (count, fault, options = {}) => faults.add('line', count, fault, options.pathIncludes),
    setConditions: (conditions) => faults.setConditions('line', conditions),
    standby: (channelId, chatId, inStandby) => state.setStandby(channelId, chatId, inStandby),
    setMonthlyQuota: (channelId, limit) => {
      state.requireChannel(channelId).monthlyQuota = limit;
    },
    pushesThisMonth: (channelId) => state.pushesThisMonth(channelId, clock.now()),
  };
}

/** Customers the test did not declare are registered on first contact, as friends with a made-up name. */
function ensureUser(state: LineState, channel: LineChannel, userId: string): void {
  if (state.user(channel.channelId, userId)) return;
  if (!LINE_USER_ID.test(userId)) {
    throw new SimulatorError('invalid_argument', `LINE user ids match U + 32 hex chars, got ${userId}`);
  }
  state.addUser(channel.channelId, { userId, displayName: `LINE user ${userId.slice(-4)}` });
}

/**
 * Delivers one LINE webhook for `channel` to `url` (default: the channel's webhook URL). Exported for the
 * `POST /v2/bot/channel/webhook/test` endpoint, which tests an arbitrary endpoint.
 */
export function sendLineWebhook(
  deps: { state: LineState; clock: Clock; deliverer: WebhookDeliverer },
  channel: LineChannel,
  events: LineWebhookEvent[],
  kind: 'events' | 'verification',
  wait: DeliveryWait,
  url: string | null = channel.webhookUrl,
): Promise<LineDelivery> {
  const { state, clock, deliverer } = deps;
  const body: LineWebhookBody = { destination: channel.botUserId, events };
  const encodings = new Map<
    boolean,
    { rawBody: string; signature: string; headers: Record<string, string> }
  >();
  const encode = (isRedelivery: boolean) => {
    let encoded = encodings.get(isRedelivery);
    if (!encoded) {
      // A redelivery is the identical event with only isRedelivery flipped, re-signed (A.7).
      const attemptBody = isRedelivery
        ? { ...body, events: events.map((event) => ({ ...event, deliveryContext: { isRedelivery: true } })) }
        : body;
      const rawBody = JSON.stringify(attemptBody);
      const signature = lineSignature(rawBody, channel.channelSecret);
      encoded = {
        rawBody,
        signature,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'LineBotWebhook/2.0',
          'x-line-signature': signature,
        },
      };
      encodings.set(isRedelivery, encoded);
    }
    return encoded;
  };
  // The reply token's minute starts when the webhook carrying it is sent, again on each redelivery (A.8).
  const beforeAttempt = (isRedelivery: boolean) => {
    for (const event of events) {
      const token = event.replyToken ? state.replyTokens.get(event.replyToken) : undefined;
      if (!token) continue;
      token.deliveredAt = clock.now();
      token.wasRedelivered ||= isRedelivery;
    }
  };
  const redelivery = kind === 'events' ? channel.redelivery : null;
  return deliverer.deliver(
    {
      platform: 'line',
      kind,
      accountIds: [channel.channelId],
      url,
      body,
      encode,
      beforeAttempt,
      isSuccess: (status) => status >= 200 && status < 300,
      retries: redelivery?.attempts ?? 0,
      retryIntervalMs: redelivery?.intervalMs ?? 0,
    },
    kind === 'events' ? channel.copiesPerWebhook : 1,
    wait,
  );
}
