// Turns a customer action into the webhook event LINE would send (A.4–A.6, F.LINE 3) and applies what the
// action changes on LINE's side: reply tokens issued, content stored, friendship changed, content unsent.
import { SimulatorError } from '../core/errors';
import { defaultMedia } from '../core/media';
import { lineMessageId, randomHex, randomToken, ulid } from '../core/ids';
import type { LineChannel, LineState } from './state';
import type { LineAction, LineEventMessage, LineWebhookEvent } from './types';

/** Builds one event at `timestamp` and records its effects in `state`. */
export function buildLineEvent(
  state: LineState,
  channel: LineChannel,
  action: LineAction,
  timestamp: number,
): LineWebhookEvent {
  if (action.type === 'raw') return rawEvent(action.event, timestamp);
  const { userId } = action;
  const user = state.user(channel.channelId, userId);
  if (!user)
    throw new SimulatorError('unknown_user', `no LINE user ${userId} on channel ${channel.channelId}`);
  const common = {
    mode: 'active' as const,
    timestamp,
    source: { type: 'user' as const, userId },
    webhookEventId: ulid(timestamp),
    deliveryContext: { isRedelivery: false },
  };
  // Only replyable types carry a reply token (A.5).
  const issueReplyToken = (): string => {
    const token = randomHex(16);
    state.replyTokens.set(token, {
      token,
      channelId: channel.channelId,
      userId,
      eventTimestamp: timestamp,
      deliveredAt: null,
      wasRedelivered: false,
      usedAt: null,
    });
    return token;
  };

  switch (action.type) {
    case 'follow': {
      const isUnblocked = user.hasBlocked;
      user.isFriend = true;
      user.hasBlocked = false;
      return { type: 'follow', ...common, replyToken: issueReplyToken(), follow: { isUnblocked } };
    }
    case 'unfollow':
      user.isFriend = false;
      user.hasBlocked = true;
      return { type: 'unfollow', ...common };
    case 'postback':
      return {
        type: 'postback',
        ...common,
        replyToken: issueReplyToken(),
        postback: action.params ? { data: action.data, params: action.params } : { data: action.data },
      };
    case 'unsend': {
      const content = state.contents.get(action.messageId);
      if (content) content.isGone = true;
      return { type: 'unsend', ...common, unsend: { messageId: action.messageId } };
    }
    default: {
      user.lastMessagedAt = timestamp;
      const message = buildMessage(state, channel, action, timestamp);
      return { type: 'message', ...common, replyToken: issueReplyToken(), message };
    }
  }
}

type MessageAction = Exclude<LineAction, { type: 'raw' | 'follow' | 'unfollow' | 'postback' | 'unsend' }>;

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
