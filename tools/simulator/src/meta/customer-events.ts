// Turns a Messenger or Instagram user's action into the `messaging[]` item Meta would send (C.6, D.2) and
// applies what it changes: the messaging window opens on messages, postbacks, quick replies and referrals
// (F.Meta 5); attachment URLs point at the fake CDN and expire like Meta's.
import type { CdnStore } from '../core/cdn';
import { defaultMedia } from '../core/media';
import { instagramMid, messengerMid, randomDigits } from '../core/ids';
import type { MetaState, MetaUser } from './state';
import type { InstagramAction, MessengerAction, MetaContentOptions, MetaMessagingEvent } from './types';

const HOUR = 60 * 60 * 1000;
/** How long attachment URLs keep working; stories vanish after about a day (D.2). */
const ATTACHMENT_URL_TTL = 72 * HOUR;
const STORY_URL_TTL = 24 * HOUR;

export interface EventContext {
  state: MetaState;
  cdn: CdnStore;
  /** The simulator's origin, for CDN URLs. */
  origin: string;
  timestamp: number;
}

const OPENS_WINDOW = new Set([
  'text',
  'attachment',
  'quick_reply',
  'postback',
  'referral',
  'story_reply',
  'story_mention',
]);

/** Builds the `messaging[]` item of a customer action and records its effects. */
export function buildMetaEvent(
  platform: 'messenger' | 'instagram',
  action: MessengerAction | InstagramAction,
  user: MetaUser,
  context: EventContext,
): MetaMessagingEvent {
  const { timestamp } = context;
  const envelope = { sender: { id: action.userId }, recipient: { id: action.accountId }, timestamp };
  const mid = platform === 'messenger' ? messengerMid() : instagramMid();
  if (OPENS_WINDOW.has(action.type)) user.lastActivityAt = timestamp;
  const cdnUrl = (kind: 'image' | 'video' | 'audio' | 'file', options: MetaContentOptions, ttl: number) => {
    const fallback = defaultMedia(kind);
    const bytes = options.content ? Buffer.from(options.content) : fallback.bytes;
    const type = options.contentType ?? (options.content ? 'application/octet-stream' : fallback.contentType);
    return context.origin + context.cdn.put(bytes, type, timestamp + ttl);
  };

  switch (action.type) {
    case 'text':
      return {
        ...envelope,
        message: {
          mid,
          text: action.text,
          ...(action.replyToMid ? { reply_to: { mid: action.replyToMid } } : {}),
        },
      };
    case 'attachment':
      return {
        ...envelope,
        message: {
          mid,
          attachments: [
            {
              type: action.attachmentType,
              payload: { url: cdnUrl(action.attachmentType, action, ATTACHMENT_URL_TTL) },
            },
          ],
        },
      };
    case 'quick_reply':
      return { ...envelope, message: { mid, text: action.text, quick_reply: { payload: action.payload } } };
    case 'postback':
      return {
        ...envelope,
        postback: { mid, title: action.title ?? action.payload, payload: action.payload },
      };
    case 'referral':
      return {
        ...envelope,
        referral: action.adId
          ? {
              ...(action.ref ? { ref: action.ref } : {}),
              ad_id: action.adId,
              source: 'ADS',
              type: 'OPEN_THREAD',
            }
          : { ref: action.ref ?? 'sabai-link', source: action.source ?? 'SHORTLINK', type: 'OPEN_THREAD' },
      };
    case 'read':
      return { ...envelope, read: { watermark: action.watermark ?? timestamp } };
    case 'delivery':
      return {
        ...envelope,
        delivery: { ...(action.mids ? { mids: action.mids } : {}), watermark: action.watermark ?? timestamp },
      };
    case 'story_reply':
      return {
        ...envelope,
        message: {
          mid,
          text: action.text,
          reply_to: {
            story: { id: action.storyId ?? randomDigits(17), url: cdnUrl('image', {}, STORY_URL_TTL) },
          },
        },
      };
    case 'story_mention':
      return {
        ...envelope,
        message: {
          mid,
          attachments: [{ type: 'story_mention', payload: { url: cdnUrl('image', action, STORY_URL_TTL) } }],
        },
      };
    case 'deleted':
      return { ...envelope, message: { mid: action.mid, is_deleted: true } };
    case 'reaction':
      return {
        ...envelope,
        reaction:
          action.action === 'unreact'
            ? { mid: action.mid, action: 'unreact' }
            : {
                mid: action.mid,
                action: 'react',
                reaction: action.reaction ?? 'love',
                emoji: action.emoji ?? '❤️',
              },
      };
    case 'seen':
      // Instagram read receipts name one message, no watermark (D.2).
      return { ...envelope, read: { mid: action.mid } };
    case 'raw':
      return { ...envelope, ...action.event };
  }
}
