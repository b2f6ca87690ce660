// Turns a customer action into the webhook event LINE would send (A.4–A.6, F.LINE 3) and applies what the
// action changes on LINE's side: reply tokens issued, content stored, friendship changed, content unsent.
import { SimulatorError } from '../core/errors';
import { defaultMedia } from '../core/media';
import { lineMessageId, randomHex, randomToken, ulid } from '../core/ids';
import type { LineChannel, LineState } from './state';
import type { LineAction, LineEventMessage, LineSource, LineWebhookEvent } from './types';

/**
 * Builds one event at `timestamp` and records its effects in `state`. Events of a chat a module controls come
 * in standby mode, without a reply token: the module answers there, not this channel.
 */
export function buildLineEvent(
  state: LineState,
  channel: LineChannel,
  action: LineAction,
  timestamp: number,
): LineWebhookEvent {
  if (action.type === 'raw') return rawEvent(action.event, timestamp);
  const event = activeEvent(state, channel, action, timestamp);
  const chatId = chatIdOf(event.source);
  if (!chatId || !state.isInStandby(channel.channelId, chatId)) return event;
  const { replyToken, ...standby } = event;
  if (replyToken) state.replyTokens.delete(replyToken);
  return { ...standby, mode: 'standby' };
}

function chatIdOf(source: LineSource | undefined): string | undefined {
  if (!source) return undefined;
  return source.type === 'group' ? source.groupId : source.type === 'room' ? source.roomId : source.userId;
}

function activeEvent(
  state: LineState,
  channel: LineChannel,
  action: Exclude<LineAction, { type: 'raw' }>,
  timestamp: number,
): LineWebhookEvent {
  const event = { mode: 'active' as const, timestamp, webhookEventId: ulid(timestamp) };
  const delivery = { deliveryContext: { isRedelivery: false } };
  // Only replyable types carry a reply token (A.5); a reply with it goes to the chat the event came from.
  const issueReplyToken = (chatId: string): string => {
    const token = randomHex(16);
    state.replyTokens.set(token, {
      token,
      channelId: channel.channelId,
      chatId,
      eventTimestamp: timestamp,
      deliveredAt: null,
      wasRedelivered: false,
      usedAt: null,
    });
    return token;
  };
  if (isChatAction(action))
    return chatEvent(state, channel, action, { ...event, ...delivery }, issueReplyToken);

  const { userId } = action;
  const user = state.requireUser(channel.channelId, userId);
  const chat =
    'chatId' in action && action.chatId ? state.requireChat(channel.channelId, action.chatId) : null;
  if (chat && (!chat.botIsMember || !chat.memberIds.has(userId)))
    throw new SimulatorError('invalid_argument', `${userId} and the bot are not both in ${chat.chatId}`);
  const shownUser = 'withholdUserId' in action && action.withholdUserId ? {} : { userId };
  const source: LineSource = chat
    ? chat.type === 'group'
      ? { type: 'group', groupId: chat.chatId, ...shownUser }
      : { type: 'room', roomId: chat.chatId, ...shownUser }
    : { type: 'user', userId };
  const common = { ...event, source, ...delivery };
  const chatId = chat?.chatId ?? userId;

  switch (action.type) {
    case 'follow': {
      const isUnblocked = user.hasBlocked;
      user.isFriend = true;
      user.hasBlocked = false;
      return { type: 'follow', ...common, replyToken: issueReplyToken(chatId), follow: { isUnblocked } };
    }
    case 'unfollow':
      user.isFriend = false;
      user.hasBlocked = true;
      return { type: 'unfollow', ...common };
    case 'postback':
      return {
        type: 'postback',
        ...common,
        replyToken: issueReplyToken(chatId),
        postback: action.params ? { data: action.data, params: action.params } : { data: action.data },
      };
    case 'unsend': {
      const content = state.contents.get(action.messageId);
      if (content) content.isGone = true;
      return { type: 'unsend', ...common, unsend: { messageId: action.messageId } };
    }
    case 'beacon':
      return {
        type: 'beacon',
        ...common,
        replyToken: issueReplyToken(chatId),
        beacon: { hwid: action.hwid, type: action.beaconType ?? 'enter' },
      };
    case 'accountLink':
      // A failed link carries no reply token (webhook.yml: AccountLinkEvent).
      return {
        type: 'accountLink',
        ...common,
        ...(action.result === 'ok' ? { replyToken: issueReplyToken(chatId) } : {}),
        link: { result: action.result, nonce: randomToken(16) },
      };
    case 'membership':
      return {
        type: 'membership',
        ...common,
        replyToken: issueReplyToken(chatId),
        membership: { type: action.membershipType, membershipId: action.membershipId },
      };
    case 'videoPlayComplete':
      return {
        type: 'videoPlayComplete',
        ...common,
        replyToken: issueReplyToken(chatId),
        videoPlayComplete: { trackingId: action.trackingId },
      };
    default: {
      // Pushes reach a non-friend for 7 days after they last wrote 1:1 (A.10): a group message does not count.
      if (!chat) user.lastMessagedAt = timestamp;
      const message = buildMessage(state, channel, action, timestamp);
      return { type: 'message', ...common, replyToken: issueReplyToken(chatId), message };
    }
  }
}

type ChatAction = Extract<LineAction, { type: 'join' | 'leave' | 'memberJoined' | 'memberLeft' }>;
const CHAT_ACTIONS = new Set<LineAction['type']>(['join', 'leave', 'memberJoined', 'memberLeft']);
const isChatAction = (action: LineAction): action is ChatAction => CHAT_ACTIONS.has(action.type);

/** The bot joining or leaving a group or room, or members joining or leaving one the bot is in (A.5). */
function chatEvent(
  state: LineState,
  channel: LineChannel,
  action: ChatAction,
  common: {
    mode: 'active';
    timestamp: number;
    webhookEventId: string;
    deliveryContext: { isRedelivery: boolean };
  },
  issueReplyToken: (chatId: string) => string,
): LineWebhookEvent {
  const chat = state.requireChat(channel.channelId, action.chatId);
  const source: LineSource =
    chat.type === 'group' ? { type: 'group', groupId: chat.chatId } : { type: 'room', roomId: chat.chatId };
  if (action.type === 'join') {
    chat.botIsMember = true;
    return { type: 'join', ...common, source, replyToken: issueReplyToken(chat.chatId) };
  }
  if (action.type === 'leave') {
    chat.botIsMember = false;
    return { type: 'leave', ...common, source };
  }
  if (!chat.botIsMember)
    throw new SimulatorError('invalid_argument', `the bot is not in ${chat.chatId}: send a join first`);
  for (const userId of action.userIds) {
    state.requireUser(channel.channelId, userId);
    if (action.type === 'memberJoined') chat.memberIds.add(userId);
    else chat.memberIds.delete(userId);
  }
  const members = action.userIds.map((userId) => ({ type: 'user' as const, userId }));
  return action.type === 'memberJoined'
    ? {
        type: 'memberJoined',
        ...common,
        source,
        replyToken: issueReplyToken(chat.chatId),
        joined: { members },
      }
    : { type: 'memberLeft', ...common, source, left: { members } };
}

type MessageAction = Exclude<
  LineAction,
  {
    type:
      | 'raw'
      | 'follow'
      | 'unfollow'
      | 'postback'
      | 'unsend'
      | 'join'
      | 'leave'
      | 'memberJoined'
      | 'memberLeft'
      | 'beacon'
      | 'accountLink'
      | 'membership'
      | 'videoPlayComplete';
  }
>;

function buildMessage(
  state: LineState,
  channel: LineChannel,
  action: MessageAction,
  timestamp: number,
): LineEventMessage {
  const id = lineMessageId();
  const markAsReadToken = randomToken(24);
  state.markAsReadTokens.set(markAsReadToken, { channelId: channel.channelId, userId: action.userId });
  const quoteToken = randomToken(48);
  const storeContent = (
    kind: 'image' | 'video' | 'audio' | 'file',
    content: Uint8Array | undefined,
    type: string | undefined,
    readyAt: number,
  ) => {
    const fallback = defaultMedia(kind);
    const bytes = content ? Buffer.from(content) : fallback.bytes;
    state.contents.set(id, {
      messageId: id,
      channelId: channel.channelId,
      kind,
      bytes,
      contentType: type ?? (content ? 'application/octet-stream' : fallback.contentType),
      readyAt,
      isGone: false,
    });
    return bytes.length;
  };

  switch (action.type) {
    case 'text':
      return {
        id,
        type: 'text',
        quoteToken,
        markAsReadToken,
        text: action.text,
        ...(action.quotedMessageId ? { quotedMessageId: action.quotedMessageId } : {}),
      };
    case 'image':
      storeContent('image', action.content, action.contentType, timestamp);
      return {
        id,
        type: 'image',
        quoteToken,
        markAsReadToken,
        contentProvider: { type: 'line' },
        ...(action.imageSet ? { imageSet: action.imageSet } : {}),
      };
    case 'video':
      storeContent('video', action.content, action.contentType, timestamp + (action.preparingMs ?? 0));
      return {
        id,
        type: 'video',
        quoteToken,
        markAsReadToken,
        duration: action.durationMs ?? 8000,
        contentProvider: { type: 'line' },
      };
    case 'audio':
      // Audio messages have no quoteToken (A.6).
      storeContent('audio', action.content, action.contentType, timestamp + (action.preparingMs ?? 0));
      return {
        id,
        type: 'audio',
        markAsReadToken,
        duration: action.durationMs ?? 4000,
        contentProvider: { type: 'line' },
      };
    case 'file': {
      const fileSize = storeContent('file', action.content, action.contentType, timestamp);
      return { id, type: 'file', markAsReadToken, fileName: action.fileName ?? 'document.txt', fileSize };
    }
    case 'location':
      return {
        id,
        type: 'location',
        markAsReadToken,
        ...(action.title !== undefined ? { title: action.title } : {}),
        ...(action.address !== undefined ? { address: action.address } : {}),
        latitude: action.latitude,
        longitude: action.longitude,
      };
    case 'sticker':
      return {
        id,
        type: 'sticker',
        quoteToken,
        markAsReadToken,
        packageId: action.packageId ?? '446',
        stickerId: action.stickerId ?? '1988',
        stickerResourceType: action.stickerResourceType ?? 'STATIC',
        keywords: action.keywords ?? ['Happy', 'Hello'],
        ...(action.text !== undefined ? { text: action.text } : {}),
      };
  }
}

function rawEvent(event: Record<string, unknown>, timestamp: number): LineWebhookEvent {
  if (typeof event.type !== 'string')
    throw new SimulatorError('invalid_argument', 'a raw LINE event needs a string `type`');
  return {
    type: event.type,
    mode: 'active',
    timestamp,
    webhookEventId: ulid(timestamp),
    deliveryContext: { isRedelivery: false },
    ...event,
  };
}
