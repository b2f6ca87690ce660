// Meta webhook body (Messenger `object: "page"`, Instagram `object: "instagram"`) → product events
// (docs/channels.md "Deliveries"). `entry[].id` is the Page id or the Instagram account id and selects the
// channel.
import { z } from 'zod';
import { readQuickReplyData } from '../quick-reply-data';
import type { CommentEvent, InboundEvent, InboundKind, MediaRef } from '../types';

const AttachmentSchema = z
  .object({ type: z.string(), payload: z.record(z.string(), z.unknown()).nullish() })
  .loose();
const MessagingSchema = z
  .object({
    sender: z.object({ id: z.string() }),
    recipient: z.object({ id: z.string() }),
    timestamp: z.number(),
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        is_echo: z.boolean().optional(),
        is_deleted: z.boolean().optional(),
        is_unsupported: z.boolean().optional(),
        attachments: z.array(AttachmentSchema).optional(),
        quick_reply: z.object({ payload: z.string() }).optional(),
        reply_to: z.record(z.string(), z.unknown()).optional(),
        referral: z.record(z.string(), z.unknown()).optional(),
      })
      .loose()
      .optional(),
    postback: z
      .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional() })
      .loose()
      .optional(),
    referral: z.record(z.string(), z.unknown()).optional(),
    read: z.object({ watermark: z.number().optional(), mid: z.string().optional() }).loose().optional(),
    reaction: z
      .object({
        mid: z.string(),
        action: z.string(),
        reaction: z.string().optional(),
        emoji: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

export const MetaWebhookSchema = z.object({
  object: z.string(),
  entry: z.array(
    z
      .object({
        id: z.string(),
        time: z.number().optional(),
        messaging: z.array(z.unknown()).optional(),
        changes: z.array(z.unknown()).optional(),
      })
      .loose(),
  ),
});

const ATTACHMENT_KINDS: Record<string, InboundKind> = {
  image: 'image',
  // Stickers (and GIFs, which arrive as images) come with a picture to show.
  sticker: 'sticker',
  video: 'video',
  audio: 'audio',
  file: 'file',
  story_mention: 'story_mention',
  share: 'share',
  ig_reel: 'share',
  reel: 'share',
  location: 'location',
  fallback: 'share',
};

/** Parses one Meta webhook delivery into events, each tagged with its entry's account id. */
export function parseMetaWebhook(body: unknown): InboundEvent[] {
  const { entry } = MetaWebhookSchema.parse(body);
  const out: InboundEvent[] = [];
  for (const e of entry) {
    for (const raw of e.messaging ?? []) {
      const parsed = MessagingSchema.safeParse(raw);
      if (parsed.success) out.push(...fromMessaging(e.id, parsed.data));
    }
    for (const raw of e.changes ?? []) {
      const comment = commentOf(e.id, e.time, raw);
      if (comment) out.push(comment);
    }
  }
  return out;
}

const Author = z.object({
  id: z.coerce.string(),
  name: z.string().optional(),
  username: z.string().optional(),
});
const FeedCommentSchema = z
  .object({
    item: z.literal('comment'),
    verb: z.enum(['add', 'edited', 'remove', 'hide', 'unhide']),
    comment_id: z.string(),
    post_id: z.string(),
    parent_id: z.string().optional(),
    from: Author,
    message: z.string().optional(),
    photo: z.string().optional(),
    created_time: z.number().optional(),
  })
  .loose();
const InstagramCommentSchema = z
  .object({
    id: z.string(),
    text: z.string().optional(),
    from: Author,
    media: z.object({ id: z.string(), media_product_type: z.string().optional() }).loose(),
    parent_id: z.string().optional(),
  })
  .loose();
const ChangeSchema = z.object({ field: z.string(), value: z.unknown() });

/** A comment change (Facebook `feed`, Instagram `comments` / `live_comments`); other changes are ignored. */
function commentOf(accountId: string, entryTime: number | undefined, raw: unknown): CommentEvent | null {
  const change = ChangeSchema.safeParse(raw);
  if (!change.success) return null;
  const { field, value } = change.data;
  // Meta gives change entries' time in seconds (messaging entries in milliseconds): accept either.
  const entryAt = entryTime ? new Date(entryTime < 1e12 ? entryTime * 1000 : entryTime) : new Date();
  if (field === 'feed') {
    const c = FeedCommentSchema.safeParse(value);
    if (!c.success) return null;
    const v = c.data;
    return {
      type: 'comment',
      accountId,
      externalUserId: v.from.id,
      authorName: v.from.name ?? v.from.id,
      timestamp: v.created_time ? new Date(v.created_time * 1000) : entryAt,
      verb: v.verb,
      commentId: v.comment_id,
      postId: v.post_id,
      parentId: v.parent_id && v.parent_id !== v.post_id ? v.parent_id : null,
      text: v.message ?? null,
      photoUrl: v.photo ?? null,
      isOwn: v.from.id === accountId,
      isLive: false,
    };
  }
  if (field === 'comments' || field === 'live_comments') {
    const c = InstagramCommentSchema.safeParse(value);
    if (!c.success) return null;
    const v = c.data;
    return {
      type: 'comment',
      accountId,
      externalUserId: v.from.id,
      authorName: v.from.username ?? v.from.name ?? v.from.id,
      timestamp: entryAt,
      verb: 'add',
      commentId: v.id,
      postId: v.media.id,
      parentId: v.parent_id ?? null,
      text: v.text ?? null,
      photoUrl: null,
      isOwn: v.from.id === accountId,
      isLive: field === 'live_comments',
    };
  }
  return null;
}

type Messaging = z.infer<typeof MessagingSchema>;

function fromMessaging(accountId: string, m: Messaging): InboundEvent[] {
  const timestamp = new Date(m.timestamp);
  const isEcho = m.message?.is_echo === true;
  // For an echo the business is the sender and the customer the recipient.
  const externalUserId = isEcho ? m.recipient.id : m.sender.id;
  const base = { accountId, externalUserId, timestamp };
  if (m.read) {
    return [
      {
        type: 'read',
        ...base,
        providerMessageId: m.read.mid ?? null,
        watermark: m.read.watermark ? new Date(m.read.watermark) : null,
      },
    ];
  }
  if (m.reaction) {
    const emoji = m.reaction.action === 'react' ? (m.reaction.emoji ?? m.reaction.reaction ?? null) : null;
    return [{ type: 'reaction', ...base, providerMessageId: m.reaction.mid, emoji }];
  }
  if (m.message?.is_deleted) return [{ type: 'unsend', ...base, providerMessageId: m.message.mid }];
  const adId = adIdOf(m.message?.referral ?? m.referral);
  if (m.message) {
    const msg = m.message;
    const attachment = msg.attachments?.[0];
    const storyReply = (msg.reply_to as { story?: { id?: string; url?: string } } | undefined)?.story;
    const kind: InboundKind = storyReply
      ? 'story_reply'
      : attachment
        ? (ATTACHMENT_KINDS[attachment.type] ?? 'unsupported')
        : msg.is_unsupported
          ? 'unsupported'
          : 'text';
    return [
      {
        type: 'message',
        ...base,
        dedupeKey: msg.mid,
        providerMessageId: msg.mid,
        kind,
        text: msg.text ?? null,
        payload: { meta: msg, ...quickReplyAnswer(msg.quick_reply?.payload) },
        media: mediaOf(attachment),
        replyToken: null,
        isEcho,
        adId,
      },
    ];
  }
  if (!m.message && !m.postback && adId) return [{ type: 'referral', ...base, adId }];
  if (m.postback) {
    const key = m.postback.mid ?? `postback:${m.sender.id}:${m.timestamp}`;
    return [
      {
        type: 'message',
        ...base,
        dedupeKey: key,
        providerMessageId: key,
        kind: 'postback',
        text: m.postback.title ?? m.postback.payload ?? null,
        payload: { postback: m.postback },
        media: null,
        replyToken: null,
        isEcho: false,
        adId,
      },
    ];
  }
  return [];
}

function mediaOf(attachment: z.infer<typeof AttachmentSchema> | undefined): MediaRef | null {
  const url = attachment?.payload?.url;
  if (!attachment || typeof url !== 'string') return null;
  if (!['image', 'sticker', 'video', 'audio', 'file', 'story_mention'].includes(attachment.type)) return null;
  return { source: 'url', ref: url };
}

/** A tap on one of our quick-reply buttons, linked to the message that offered it. */
function quickReplyAnswer(payload: string | undefined) {
  const answer = readQuickReplyData(payload);
  return answer ? { quickReply: answer } : {};
}

function adIdOf(referral: Record<string, unknown> | undefined): string | null {
  const adId = referral?.ad_id;
  return typeof adId === 'string' || typeof adId === 'number' ? String(adId) : null;
}
