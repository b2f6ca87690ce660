// The fake Messaging API: `/v2/bot/...` of api.line.me and api-data.line.me on one origin (F.LINE 1, 2, 5–7).
import type { Clock } from '../core/clock';
import { isUuid, lineMessageId, randomToken, uuid } from '../core/ids';
import { solidPng } from '../core/media';
import type { Recorder } from '../core/records';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import type { WebhookDeliverer } from '../webhook/deliverer';
import { sendLineWebhook } from './controls';
import { isObject } from '../core/is-object';
import { validateMessages } from './message-validation';
import { checkMedia } from './media-fetch';
import type { OutboxEntry } from '../core/records';
import type { LineErrorDetail } from './message-validation';
import type { LineChannel, LineState, LineUser } from './state';

const AUTH_FAILED =
  'Authentication failed. Confirm that the access token in the authorization header is valid.';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const TARGET_ID = /^[UCR][0-9a-f]{32}$/;

/** LINE's error body `{message, details?}` (A.11, A.12). */
export function lineError(
  status: number,
  message: string,
  details?: LineErrorDetail[],
  headers?: Record<string, string>,
): SimResponse {
  return json(status, details && details.length > 0 ? { message, details } : { message }, headers);
}

function validationError(details: LineErrorDetail[]): SimResponse {
  return lineError(400, `The request body has ${details.length} error(s)`, details);
}

interface Deps {
  state: LineState;
  clock: Clock;
  recorder: Recorder;
  deliverer: WebhookDeliverer;
  /** Where LINE would fetch a media URL from (tests serve public https addresses on a local port). */
  mediaVia: (url: string) => string;
}

type ChannelHandler = (req: SimRequest, channel: LineChannel) => SimResponse | Promise<SimResponse>;

/** All LINE API routes. */
export function lineApiRoutes(deps: Deps): Route[] {
  const { state } = deps;
  // Every call needs `Authorization: Bearer <known channel access token>` (A.1, F.LINE 2).
  const authed =
    (handler: ChannelHandler) =>
    (req: SimRequest): SimResponse | Promise<SimResponse> => {
      const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
      const channel = match?.[1] ? state.channelByAnyToken(match[1].trim(), deps.clock.now()) : undefined;
      return channel ? handler(req, channel) : lineError(401, AUTH_FAILED);
    };
  const at = (method: string, path: string, handler: ChannelHandler) =>
    route(method, 'line', path, authed(handler));

  return [
    at('POST', '/v2/bot/message/reply', (req, channel) => reply(deps, req, channel)),
    at('POST', '/v2/bot/message/push', (req, channel) => push(deps, req, channel)),
    at('GET', '/v2/bot/profile/:userId', (req, channel) => profile(deps, req, channel)),
    at('GET', '/v2/bot/group/:groupId/summary', (req, channel) => groupSummary(deps, req, channel)),
    at('GET', '/v2/bot/group/:groupId/member/:userId', (req, channel) =>
      memberProfile(deps, channel, req.params.groupId ?? '', req.params.userId ?? ''),
    ),
    at('GET', '/v2/bot/room/:roomId/member/:userId', (req, channel) =>
      memberProfile(deps, channel, req.params.roomId ?? '', req.params.userId ?? ''),
    ),
    at('GET', '/v2/bot/message/quota', (_req, channel) =>
      json(
        200,
        channel.monthlyQuota === null ? { type: 'none' } : { type: 'limited', value: channel.monthlyQuota },
      ),
    ),
    at('GET', '/v2/bot/message/quota/consumption', (_req, channel) =>
      json(200, { totalUsage: state.pushesThisMonth(channel.channelId, deps.clock.now()) }),
    ),
    at('GET', '/v2/bot/message/:messageId/content', (req, channel) => content(deps, req, channel, 'content')),
    at('GET', '/v2/bot/message/:messageId/content/preview', (req, channel) =>
      content(deps, req, channel, 'preview'),
    ),
    at('GET', '/v2/bot/message/:messageId/content/transcoding', (req, channel) =>
      content(deps, req, channel, 'transcoding'),
    ),
    at('POST', '/v2/bot/chat/markAsRead', (req, channel) => markAsReadByToken(deps, req, channel)),
    at('POST', '/v2/bot/message/markAsRead', (req, channel) => markAsReadByChat(deps, req, channel)),
    at('POST', '/v2/bot/chat/loading/start', (req, channel) => loadingStart(deps, req, channel)),
    at('GET', '/v2/bot/info', (_req, channel) =>
      json(200, {
        userId: channel.botUserId,
        basicId: channel.basicId,
        displayName: channel.displayName,
        chatMode: 'chat',
        markAsReadMode: 'manual',
      }),
    ),
    at('GET', '/v2/bot/channel/webhook/endpoint', (_req, channel) =>
      json(200, { endpoint: channel.webhookUrl ?? '', active: channel.webhookUrl !== null }),
    ),
    at('PUT', '/v2/bot/channel/webhook/endpoint', (req, channel) => setWebhookEndpoint(req, channel)),
    at('POST', '/v2/bot/channel/webhook/test', (req, channel) => testWebhook(deps, req, channel)),
  ];
}

function reply(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  // The retry key exists only on push/multicast/narrowcast/broadcast; anywhere else it is a 400 (A.9).
  if (req.headers['x-line-retry-key'] !== undefined)
    return lineError(400, 'X-Line-Retry-Key is not supported for this API');
  const body = jsonBody(req);
  if (!body) return lineError(400, 'The request body is not valid JSON');
  const details: LineErrorDetail[] = [];
  if (body.replyToken === undefined) details.push({ message: 'Must be specified', property: 'replyToken' });
  else if (typeof body.replyToken !== 'string')
    details.push({ message: 'Must be a string', property: 'replyToken' });
  validateMessages(body.messages, details);
  checkOptionalBoolean(body.notificationDisabled, 'notificationDisabled', details);
  if (details.length > 0) return validationError(details);

  const now = deps.clock.now();
  const token = deps.state.replyTokens.get(body.replyToken as string);
  const isUsable =
    token !== undefined &&
    token.channelId === channel.channelId &&
    token.usedAt === null &&
    token.deliveredAt !== null &&
    now - token.deliveredAt <= MINUTE &&
    // A redelivered token also dies 20 minutes after the event (A.8).
    !(token.wasRedelivered && now - token.eventTimestamp > 20 * MINUTE);
  if (!token || !isUsable) return lineError(400, 'Invalid reply token');
  token.usedAt = now;

  const sentMessages = record(
    deps,
    channel,
    token.chatId,
    body.messages as unknown[],
    'reply',
    replyOutcome(deps, channel, token.chatId),
  );
  return json(200, { sentMessages });
}

/** A reply reaches a 1:1 chat unless the user blocked the account, and a group or room the bot is still in. */
function replyOutcome(deps: Deps, channel: LineChannel, chatId: string): 'blocked' | 'not_member' | null {
  const chat = deps.state.chat(channel.channelId, chatId);
  if (chat) return chat.botIsMember ? null : 'not_member';
  return deps.state.user(channel.channelId, chatId)?.hasBlocked ? 'blocked' : null;
}

function push(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const now = deps.clock.now();
  const retryKeyHeader = req.headers['x-line-retry-key'];
  const retryKey = Array.isArray(retryKeyHeader) ? retryKeyHeader[0] : retryKeyHeader;
  if (retryKey !== undefined) {
    // Format enforcement is unverified for the real API (G.3); the simulator is strict so bugs show.
    if (!isUuid(retryKey)) return lineError(400, 'The value of X-Line-Retry-Key must be a UUID');
    const accepted = deps.state.acceptedRetryKey(channel.channelId, retryKey, now);
    if (accepted) {
      // Within 24 h a repeated key is refused with the id of the call that was accepted (A.10).
      return json(
        409,
        { message: 'The retry key is already accepted', sentMessages: accepted.sentMessages },
        { 'x-line-accepted-request-id': accepted.requestId },
      );
    }
  }

  const body = jsonBody(req);
  if (!body) return lineError(400, 'The request body is not valid JSON');
  const details: LineErrorDetail[] = [];
  if (body.to === undefined) details.push({ message: 'Must be specified', property: 'to' });
  else if (typeof body.to !== 'string') details.push({ message: 'Must be a string', property: 'to' });
  validateMessages(body.messages, details);
  checkOptionalBoolean(body.notificationDisabled, 'notificationDisabled', details);
  checkAggregationUnits(body.customAggregationUnits, details);
  if (details.length > 0) return validationError(details);

  const to = body.to as string;
  const user = TARGET_ID.test(to) ? deps.state.user(channel.channelId, to) : undefined;
  // A group or room takes pushes while the bot is in it (A.10).
  const chat = TARGET_ID.test(to) ? deps.state.chat(channel.channelId, to) : undefined;
  if (!user && !chat?.botIsMember) return lineError(400, 'Failed to send messages');
  if (
    channel.monthlyQuota !== null &&
    deps.state.pushesThisMonth(channel.channelId, now) >= channel.monthlyQuota
  ) {
    return lineError(429, 'You have reached your monthly limit.');
  }

  // Blocked users and non-friends silent for 7 days still get 200, but nothing arrives (A.10).
  const undelivered = user ? pushOutcome(user, now) : null;
  if (undelivered === null) deps.state.countPush(channel.channelId, now);
  const sentMessages = record(deps, channel, to, body.messages as unknown[], 'push', undelivered);
  const requestId = uuid();
  if (retryKey !== undefined)
    deps.state.acceptRetryKey(channel.channelId, retryKey, { acceptedAt: now, requestId, sentMessages });
  return json(200, { sentMessages }, { 'x-line-request-id': requestId });
}

function pushOutcome(user: LineUser, now: number): 'blocked' | 'not_friend' | null {
  if (user.hasBlocked) return 'blocked';
  if (user.isFriend) return null;
  return user.lastMessagedAt !== null && now - user.lastMessagedAt <= 7 * DAY ? null : 'not_friend';
}

function record(
  deps: Deps,
  channel: LineChannel,
  userId: string,
  messages: unknown[],
  via: 'reply' | 'push',
  undelivered: 'blocked' | 'not_friend' | 'not_member' | null,
): { id: string; quoteToken: string }[] {
  return messages.map((message) => {
    const sent = { id: lineMessageId(), quoteToken: randomToken(48) };
    const entry: OutboxEntry = {
      id: deps.recorder.nextId('o'),
      at: deps.clock.now(),
      platform: 'line',
      accountId: channel.channelId,
      userId,
      via,
      messageId: sent.id,
      message,
      delivered: undelivered === null,
      undeliveredReason: undelivered,
      messagingType: null,
      tag: null,
    };
    deps.recorder.addOutbox(entry);
    // LINE fetches the media after accepting the message; the sender hears nothing of what it finds.
    void checkMedia(message, deps.mediaVia).then((checks) => {
      entry.media = checks;
    });
    return sent;
  });
}

function profile(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const user = deps.state.user(channel.channelId, req.params.userId ?? '');
  // Only friends who have not blocked the OA have a profile to give (A.13).
  if (!user || !user.isFriend || user.hasBlocked) return lineError(404, 'Not found');
  return json(200, {
    displayName: user.displayName,
    userId: user.userId,
    ...(user.language !== null ? { language: user.language } : {}),
    ...(user.pictureUrl !== null ? { pictureUrl: user.pictureUrl } : {}),
    ...(user.statusMessage !== null ? { statusMessage: user.statusMessage } : {}),
  });
}

/** A group the bot is in: its id, name and picture (A.13). */
function groupSummary(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const chat = deps.state.chat(channel.channelId, req.params.groupId ?? '');
  if (!chat || chat.type !== 'group' || !chat.botIsMember) return lineError(404, 'Not found');
  return json(200, {
    groupId: chat.chatId,
    groupName: chat.groupName,
    ...(chat.pictureUrl !== null ? { pictureUrl: chat.pictureUrl } : {}),
  });
}

/** A member of a group or room the bot is in, friend of the account or not (A.13). */
function memberProfile(deps: Deps, channel: LineChannel, chatId: string, userId: string): SimResponse {
  const chat = deps.state.chat(channel.channelId, chatId);
  const user = deps.state.user(channel.channelId, userId);
  if (!chat || !chat.botIsMember || !user || !chat.memberIds.has(userId)) return lineError(404, 'Not found');
  return json(200, {
    displayName: user.displayName,
    userId: user.userId,
    ...(user.pictureUrl !== null ? { pictureUrl: user.pictureUrl } : {}),
  });
}

function content(
  deps: Deps,
  req: SimRequest,
  channel: LineChannel,
  part: 'content' | 'preview' | 'transcoding',
): SimResponse {
  const stored = deps.state.contents.get(req.params.messageId ?? '');
  if (!stored || stored.channelId !== channel.channelId) return lineError(404, 'Not found');
  if (stored.isGone) return lineError(410, 'The content is gone');
  const isPreparing = deps.clock.now() < stored.readyAt;
  const isTimed = stored.kind === 'video' || stored.kind === 'audio';
  switch (part) {
    case 'transcoding':
      if (!isTimed) return lineError(400, 'The content is not a video or audio');
      return json(200, { status: isPreparing ? 'processing' : 'succeeded' });
    case 'preview':
      if (stored.kind !== 'image' && stored.kind !== 'video')
        return lineError(400, 'The content has no preview');
      return { status: 200, headers: { 'content-type': 'image/png' }, bytes: solidPng(0x9ad0b0, 32) };
    case 'content':
      // Large video and audio are "still being prepared" for a while: 202, no body (A.14).
      if (isPreparing) return { status: 202, bytes: Buffer.alloc(0) };
      return { status: 200, headers: { 'content-type': stored.contentType }, bytes: stored.bytes };
  }
}

function markAsReadByToken(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const body = jsonBody(req);
  if (!body) return lineError(400, 'The request body is not valid JSON');
  if (typeof body.markAsReadToken !== 'string' || body.markAsReadToken === '') {
    return validationError([{ message: 'Must be specified', property: 'markAsReadToken' }]);
  }
  // The token must come from a message this bot received (F.LINE 7).
  const owner = deps.state.markAsReadTokens.get(body.markAsReadToken);
  if (!owner || owner.channelId !== channel.channelId) return lineError(400, 'Invalid markAsReadToken');
  return json(200, {});
}

function markAsReadByChat(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const body = jsonBody(req);
  const chat = body && isObject(body.chat) ? body.chat : undefined;
  if (!chat || typeof chat.userId !== 'string')
    return validationError([{ message: 'Must be specified', property: 'chat.userId' }]);
  if (!deps.state.user(channel.channelId, chat.userId)) return lineError(400, 'Invalid chat');
  return json(200, {});
}

function loadingStart(deps: Deps, req: SimRequest, channel: LineChannel): SimResponse {
  const body = jsonBody(req);
  if (!body) return lineError(400, 'The request body is not valid JSON');
  const details: LineErrorDetail[] = [];
  // 1:1 chats only (A.15).
  if (typeof body.chatId !== 'string' || !deps.state.user(channel.channelId, body.chatId)) {
    details.push({ message: 'Must be a user ID of a 1:1 chat with the bot', property: 'chatId' });
  }
  const seconds = body.loadingSeconds ?? 5;
  if (typeof seconds !== 'number' || seconds < 5 || seconds > 60 || seconds % 5 !== 0) {
    details.push({ message: 'Must be a multiple of 5 between 5 and 60', property: 'loadingSeconds' });
  }
  if (details.length > 0) return validationError(details);
  return json(202, {});
}

function setWebhookEndpoint(req: SimRequest, channel: LineChannel): SimResponse {
  const body = jsonBody(req);
  const endpoint = body?.endpoint;
  // The real API insists on HTTPS; the simulator also takes http:// because servers under test run on loopback.
  if (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint) || endpoint.length > 500) {
    return validationError([{ message: 'Must be a valid URL', property: 'endpoint' }]);
  }
  channel.webhookUrl = endpoint;
  return json(200, {});
}

async function testWebhook(deps: Deps, req: SimRequest, channel: LineChannel): Promise<SimResponse> {
  const body = jsonBody(req) ?? {};
  const endpoint = typeof body.endpoint === 'string' ? body.endpoint : channel.webhookUrl;
  if (!endpoint) return lineError(400, 'The webhook endpoint is not set');
  const delivery = await sendLineWebhook(deps, channel, [], 'verification', 'final', endpoint);
  const reasons = {
    ok: 'OK',
    error_status_code: 'ERROR_STATUS_CODE',
    request_timeout: 'REQUEST_TIMEOUT',
    could_not_connect: 'COULD_NOT_CONNECT',
    no_webhook_url: 'COULD_NOT_CONNECT',
  } as const;
  return json(200, {
    success: delivery.ok,
    timestamp: new Date(deps.clock.now()).toISOString(),
    statusCode: delivery.status ?? 0,
    reason: reasons[delivery.outcome],
    detail: delivery.status === null ? delivery.outcome : String(delivery.status),
  });
}

function checkOptionalBoolean(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value !== undefined && typeof value !== 'boolean')
    details.push({ message: 'Must be a boolean', property });
}

function checkAggregationUnits(value: unknown, details: LineErrorDetail[]): void {
  if (value === undefined) return;
  const isValid =
    Array.isArray(value) &&
    value.length <= 1 &&
    value.every((unit) => typeof unit === 'string' && /^[A-Za-z0-9_]{1,30}$/.test(unit));
  if (!isValid)
    details.push({
      message: 'Must be at most 1 name of up to 30 [A-Za-z0-9_] chars',
      property: 'customAggregationUnits',
    });
}

function jsonBody(req: SimRequest): Record<string, unknown> | null {
  return req.body.kind === 'json' && isObject(req.body.value) ? req.body.value : null;
}
