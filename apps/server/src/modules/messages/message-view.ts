// What a message shows beyond its text and files, read from its stored payload: a sticker's picture, the
// quick-reply buttons a reply offered, the button a customer's message answered, the customer's read
// receipt and reaction, and who wrote it in a LINE group.
import { stickerImageUrl } from '@sabai/domain';
import { PRIVATE_REPLY_WINDOW_DAYS, type Message, type QuickReply, type StickerRef } from '@sabai/contracts';

/** The payload of an agent's message, beyond its text and files. */
export type OutgoingPayload = { sticker?: StickerRef; quickReplies?: QuickReply[] };

/** The payload an inbound tap on one of our quick-reply buttons is stored with (see channels' quick-reply data). */
export type QuickReplyAnswer = { messageId: number; label: string };

type StoredMessage = {
  kind: string;
  payload: unknown;
  readAt: Date | null;
  customerReaction: string | null;
  providerMessageId: string | null;
  createdAt: Date;
};

type Extras = Pick<
  Message,
  | 'sticker'
  | 'quickReplies'
  | 'answersQuickReply'
  | 'seenAt'
  | 'reaction'
  | 'comment'
  | 'fromComment'
  | 'survey'
  | 'ai'
  | 'groupMember'
>;

/** A comment as its message's payload keeps it (`payload.comment`). */
export type StoredComment = {
  commentId: string;
  parentId: string | null;
  authorName: string;
  liked?: boolean;
  hidden?: boolean;
  deleted?: boolean;
  privateReply?: NonNullable<Message['comment']>['privateReply'];
};
type CommentPayload = {
  comment?: StoredComment;
  commentReply?: { commentId: string };
  fromComment?: { issueId: number; commentId: string };
};
const DAY_MS = 24 * 3600 * 1000;

/** A comment (a customer's, or the page's reply under one) as the thread shows it. */
function commentExtras(m: StoredMessage): Pick<Extras, 'comment' | 'fromComment'> {
  const payload = (m.payload ?? {}) as CommentPayload;
  const extras: Pick<Extras, 'comment' | 'fromComment'> = {};
  const stored: StoredComment | null =
    payload.comment ??
    (payload.commentReply
      ? { commentId: m.providerMessageId ?? '', parentId: payload.commentReply.commentId, authorName: '' }
      : null);
  if (stored)
    extras.comment = {
      commentId: stored.commentId,
      parentId: stored.parentId,
      authorName: stored.authorName,
      liked: stored.liked ?? false,
      hidden: stored.hidden ?? false,
      deleted: stored.deleted ?? false,
      privateReply: stored.privateReply ?? null,
      privateReplyUntil: new Date(m.createdAt.getTime() + PRIVATE_REPLY_WINDOW_DAYS * DAY_MS).toISOString(),
    };
  if (payload.fromComment) extras.fromComment = payload.fromComment;
  return extras;
}

export function messageExtras(m: StoredMessage, stickerBase: string): Extras {
  const payload = (m.payload ?? {}) as {
    line?: unknown;
    quickReply?: QuickReplyAnswer;
    csat?: 'question' | 'thanks';
    ai?: Message['ai'];
    member?: { userId: string | null };
  } & OutgoingPayload;
  const extras: Extras = {};
  const sticker: ShownSticker | null =
    payload.sticker ?? (m.kind === 'sticker' ? lineSticker(payload.line) : null);
  if (sticker)
    extras.sticker = {
      packageId: sticker.packageId,
      stickerId: sticker.stickerId,
      imageUrl: stickerImageUrl(stickerBase, sticker.stickerId, sticker.resourceType),
      keywords: sticker.keywords ?? [],
    };
  if (payload.quickReplies?.length) extras.quickReplies = payload.quickReplies;
  if (payload.quickReply) extras.answersQuickReply = payload.quickReply;
  if (m.readAt) extras.seenAt = m.readAt.toISOString();
  if (m.customerReaction) extras.reaction = m.customerReaction;
  if (payload.csat) extras.survey = payload.csat;
  if (payload.ai === 'answer' || payload.ai === 'handOver' || payload.ai === 'note') extras.ai = payload.ai;
  if (payload.member) extras.groupMember = { userId: payload.member.userId ?? null };
  return { ...extras, ...commentExtras(m) };
}

type ShownSticker = StickerRef & { resourceType?: string; keywords?: string[] };

/** A received LINE sticker (its webhook message object). */
function lineSticker(line: unknown): ShownSticker | null {
  const l = line as {
    packageId?: unknown;
    stickerId?: unknown;
    stickerResourceType?: unknown;
    keywords?: unknown;
  };
  if (typeof l?.packageId !== 'string' || typeof l.stickerId !== 'string') return null;
  return {
    packageId: l.packageId,
    stickerId: l.stickerId,
    resourceType: typeof l.stickerResourceType === 'string' ? l.stickerResourceType : undefined,
    keywords: Array.isArray(l.keywords) ? l.keywords.filter((k): k is string => typeof k === 'string') : [],
  };
}
