// What a message shows beyond its text and files, read from its stored payload: a sticker's picture, the
// quick-reply buttons a reply offered, the button a customer's message answered, and the customer's read
// receipt and reaction.
import { stickerImageUrl } from '@sabai/domain';
import type { Message, QuickReply, StickerRef } from '@sabai/contracts';

/** The payload of an agent's message, beyond its text and files. */
export type OutgoingPayload = { sticker?: StickerRef; quickReplies?: QuickReply[] };

/** The payload an inbound tap on one of our quick-reply buttons is stored with (see channels' quick-reply data). */
export type QuickReplyAnswer = { messageId: number; label: string };

type StoredMessage = {
  kind: string;
  payload: unknown;
  readAt: Date | null;
  customerReaction: string | null;
};

type Extras = Pick<Message, 'sticker' | 'quickReplies' | 'answersQuickReply' | 'seenAt' | 'reaction'>;

export function messageExtras(m: StoredMessage, stickerBase: string): Extras {
  const payload = (m.payload ?? {}) as { line?: unknown; quickReply?: QuickReplyAnswer } & OutgoingPayload;
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
  return extras;
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
