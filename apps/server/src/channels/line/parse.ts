// LINE webhook body → product events (docs/channels.md "Deliveries"). Unknown event and message types are
// ignored, never rejected; events without a chat (failed account links) carry nothing for the inbox. A
// message in a group or room belongs to that chat's conversation (chats.ts), with the member who wrote it
// in its payload (`member.userId`, null when LINE withholds it). Joins, leaves and the customer's other
// events (beacon, account link, membership, a video watched) become chat events for the trail.
import { z } from 'zod';
import type { ChatEventKind } from '@sabai/domain';
import { readQuickReplyData } from '../quick-reply-data';
import type { InboundEvent, InboundKind, MediaRef } from '../types';
import { lineChatOf } from './chats';

const SourceSchema = z
  .object({
    type: z.string(),
    userId: z.string().optional(),
    groupId: z.string().optional(),
    roomId: z.string().optional(),
  })
  .loose();
const EventSchema = z
  .object({
    type: z.string(),
    mode: z.string().optional(),
    timestamp: z.number(),
    source: SourceSchema.optional(),
    webhookEventId: z.string(),
    replyToken: z.string().optional(),
    message: z.record(z.string(), z.unknown()).optional(),
    postback: z.object({ data: z.string(), params: z.record(z.string(), z.unknown()).optional() }).optional(),
    unsend: z.object({ messageId: z.string() }).optional(),
    follow: z.object({ isUnblocked: z.boolean().optional() }).optional(),
    joined: z.object({ members: z.array(SourceSchema) }).optional(),
    left: z.object({ members: z.array(SourceSchema) }).optional(),
    beacon: z.object({ hwid: z.string(), type: z.string() }).loose().optional(),
    link: z.object({ result: z.string() }).loose().optional(),
    membership: z.object({ type: z.string(), membershipId: z.number() }).loose().optional(),
    videoPlayComplete: z.object({ trackingId: z.string() }).optional(),
  })
  .loose();

export const LineWebhookSchema = z.object({
  destination: z.string().optional(),
  events: z.array(z.unknown()),
});

const MESSAGE_KINDS: Record<string, InboundKind> = {
  text: 'text',
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'file',
  location: 'location',
  sticker: 'sticker',
};

/** Parses one webhook delivery of the LINE channel `channelId`. Throws only when the body is not LINE's. */
export function parseLineWebhook(body: unknown, channelId: string): InboundEvent[] {
  const { events } = LineWebhookSchema.parse(body);
  const out: InboundEvent[] = [];
  for (const raw of events) {
    const parsed = EventSchema.safeParse(raw);
    if (!parsed.success) continue;
    const e = parsed.data;
    const chat = e.source ? lineChatOf(e.source) : null;
    if (!chat) continue;
    const timestamp = new Date(e.timestamp);
    // In standby mode another module owns the chat: no reply token, and the bot must not answer.
    const inStandby = e.mode === 'standby';
    const replyToken = inStandby ? null : (e.replyToken ?? null);
    const base = { accountId: channelId, externalUserId: chat.chatId, timestamp };
    // The event's source says which kind of chat it is.
    const inGroup = chat.kind !== 'user';
    const parts = chatParts(inGroup ? chat.memberId : undefined, inStandby);
    switch (e.type) {
      case 'message': {
        const event = messageEvent(e.message ?? {}, e.webhookEventId, replyToken, base, parts);
        if (event) out.push(event);
        break;
      }
      case 'postback': {
        if (!e.postback) break;
        // A tap on one of our quick-reply buttons reads as its label, linked to it; a date or time picked
        // follows what was tapped, so the agent sees the customer's answer.
        const answer = readQuickReplyData(e.postback.data);
        const picked = pickedValue(e.postback.params);
        const tapped = answer ? answer.label : e.postback.data;
        out.push({
          type: 'message',
          ...base,
          dedupeKey: e.webhookEventId,
          providerMessageId: e.webhookEventId,
          kind: 'postback',
          text: picked ? `${tapped}: ${picked}` : tapped,
          payload: { postback: e.postback, ...(answer ? { quickReply: answer } : {}), ...parts.payload },
          media: null,
          replyToken,
          isEcho: false,
          adId: null,
          ...parts.event,
        });
        break;
      }
      // Friendship is with a user; a group or room has none.
      case 'follow':
        if (!inGroup) out.push({ type: 'follow', ...base, isFollowing: true, replyToken });
        break;
      case 'unfollow':
        if (!inGroup) out.push({ type: 'follow', ...base, isFollowing: false, replyToken: null });
        break;
      case 'unsend':
        if (e.unsend) out.push({ type: 'unsend', ...base, providerMessageId: e.unsend.messageId });
        break;
      default: {
        const chatEvent = chatEventOf(e);
        if (chatEvent) out.push({ type: 'chat_event', ...base, memberIds: [], detail: null, ...chatEvent });
        break;
      }
    }
  }
  return out;
}

type LineEvent = z.infer<typeof EventSchema>;
type ChatEventParts = { event: ChatEventKind; memberIds?: string[]; detail?: string | null };

/** The trail's reading of an event that is not a message: who joined or left, what the customer did. */
function chatEventOf(e: LineEvent): ChatEventParts | null {
  const userIds = (members: Array<{ userId?: string | undefined }>) =>
    members.flatMap((m) => (m.userId ? [m.userId] : []));
  switch (e.type) {
    case 'join':
      return { event: 'bot_joined' };
    case 'leave':
      return { event: 'bot_left' };
    case 'memberJoined':
      return e.joined ? { event: 'members_joined', memberIds: userIds(e.joined.members) } : null;
    case 'memberLeft':
      return e.left ? { event: 'members_left', memberIds: userIds(e.left.members) } : null;
    case 'beacon':
      return e.beacon ? { event: 'beacon', detail: e.beacon.hwid } : null;
    case 'accountLink':
      if (!e.link) return null;
      return { event: e.link.result === 'ok' ? 'account_linked' : 'account_link_failed' };
    case 'membership': {
      const kind = e.membership && MEMBERSHIP_EVENTS[e.membership.type];
      return kind ? { event: kind, detail: String(e.membership!.membershipId) } : null;
    }
    case 'videoPlayComplete':
      return e.videoPlayComplete ? { event: 'video_viewed', detail: e.videoPlayComplete.trackingId } : null;
    default:
      return null;
  }
}

const MEMBERSHIP_EVENTS: Record<string, ChatEventKind> = {
  joined: 'membership_joined',
  left: 'membership_left',
  renewed: 'membership_renewed',
};

/** What a date and time picker gave: LINE sends `date`, `time` or `datetime`, by the picker's mode. */
function pickedValue(params: Record<string, unknown> | undefined): string | null {
  for (const key of ['datetime', 'date', 'time']) {
    const value = params?.[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

type ChatParts = {
  payload: { member?: { userId: string | null } };
  event: { inGroupChat?: boolean; inStandby: boolean };
};

/**
 * What a message says of its chat: in a group or room, who wrote it (null when LINE withholds the id; no
 * member in a 1:1 chat), and whether the chat is in standby.
 */
const chatParts = (memberId: string | null | undefined, inStandby: boolean): ChatParts => ({
  payload: memberId === undefined ? {} : { member: { userId: memberId } },
  event: { ...(memberId === undefined ? {} : { inGroupChat: true }), inStandby },
});

function messageEvent(
  message: Record<string, unknown>,
  webhookEventId: string,
  replyToken: string | null,
  base: { accountId: string; externalUserId: string; timestamp: Date },
  parts: ChatParts,
): InboundEvent | null {
  const id = typeof message.id === 'string' ? message.id : null;
  const kind = MESSAGE_KINDS[String(message.type)];
  if (!id || !kind) return null;
  const text =
    kind === 'text'
      ? String(message.text ?? '')
      : kind === 'sticker' && typeof message.text === 'string'
        ? message.text
        : null;
  return {
    type: 'message',
    ...base,
    dedupeKey: webhookEventId,
    providerMessageId: id,
    kind,
    text,
    payload: { line: message, ...parts.payload },
    media: mediaOf(kind, id, message),
    replyToken,
    isEcho: false,
    adId: null,
    ...parts.event,
  };
}

function mediaOf(kind: InboundKind, id: string, message: Record<string, unknown>): MediaRef | null {
  if (!['image', 'video', 'audio', 'file'].includes(kind)) return null;
  const provider = message.contentProvider as { type?: string; originalContentUrl?: string } | undefined;
  // Binary content is fetchable from LINE only when LINE hosts it (docs/channels.md "Deliveries").
  if (provider?.type === 'external') {
    return provider.originalContentUrl ? { source: 'url', ref: provider.originalContentUrl } : null;
  }
  const fileName = typeof message.fileName === 'string' ? message.fileName : undefined;
  return { source: 'line-content', ref: id, fileName };
}
