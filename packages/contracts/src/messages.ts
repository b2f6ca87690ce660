import { z } from 'zod';
import type { ChannelType } from '@sabai/domain';
import { CommentInfoSchema } from './comments';

const QuickReplyLabel = z.string().trim().min(1).max(20);

/**
 * A button under a reply that the customer taps to answer (LINE quick reply, Messenger quick_replies): at
 * most 13. `text` sends its text as the customer's answer; `postback` answers with its label only;
 * `location`, `camera` and `date` open the customer's location picker, camera or date picker (LINE only).
 */
export const QuickReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), label: QuickReplyLabel, text: z.string().trim().min(1).max(300) }),
  z.object({ type: z.literal('postback'), label: QuickReplyLabel }),
  z.object({ type: z.literal('location'), label: QuickReplyLabel }),
  z.object({ type: z.literal('camera'), label: QuickReplyLabel }),
  z.object({ type: z.literal('date'), label: QuickReplyLabel }),
]);
export type QuickReply = z.infer<typeof QuickReplySchema>;
export const QUICK_REPLIES_MAX = 13;

/** The button types each platform takes: LINE all of them, Messenger and Instagram text buttons only. */
export const QUICK_REPLY_TYPES_OF: Record<ChannelType, ReadonlyArray<QuickReply['type']>> = {
  line: ['text', 'postback', 'location', 'camera', 'date'],
  facebook: ['text', 'postback'],
  instagram: ['text', 'postback'],
};
export const QuickRepliesSchema = z.array(QuickReplySchema).max(QUICK_REPLIES_MAX);

/** A LINE sticker: a package and one of its stickers. */
export const StickerRefSchema = z.object({
  packageId: z.string().regex(/^\d{1,12}$/),
  stickerId: z.string().regex(/^\d{1,12}$/),
});
export type StickerRef = z.infer<typeof StickerRefSchema>;

export const SendMessageRequestSchema = z
  .object({
    text: z.string().max(20_000).optional(),
    /** Files uploaded first with POST /files (ids), sent after the text. */
    fileIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{32}$/))
      .max(5)
      .optional(),
    /** A private note stays inside the product: never sent to the customer. */
    isPrivateNote: z.boolean().default(false),
    /** The client's id for optimistic display; echoed back. */
    clientId: z.string().max(64).optional(),
    /** A LINE sticker, sent on its own (no text or files with it). */
    sticker: StickerRefSchema.optional(),
    /** Buttons under the reply (its last part) for the customer to tap. */
    quickReplies: QuickRepliesSchema.optional(),
    /** In a comment thread: the comment (message id) this public reply answers; the latest one if absent. */
    replyToMessageId: z.number().int().positive().optional(),
  })
  .refine(
    (v) => (v.text?.trim().length ?? 0) > 0 || (v.fileIds?.length ?? 0) > 0 || v.sticker !== undefined,
    { message: 'text, files or a sticker required', path: ['text'] },
  )
  .refine((v) => !v.sticker || (!v.text?.trim() && !v.fileIds?.length), {
    message: 'a sticker is sent on its own',
    path: ['sticker'],
  });
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

export const AttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number(),
});

export const MessageSchema = z.object({
  id: z.number(),
  issueId: z.number(),
  direction: z.enum(['inbound', 'outbound']),
  senderType: z.enum(['customer', 'agent', 'system']),
  senderName: z.string().nullable(),
  /** The agent was deleted from the organisation: shown as "Name (deleted)". */
  senderDeleted: z.literal(true).optional(),
  kind: z.string(),
  text: z.string().nullable(),
  payload: z.unknown().nullable(),
  isPrivateNote: z.boolean(),
  deliveryStatus: z.enum(['received', 'pending', 'sent', 'delivered', 'read', 'failed']),
  providerError: z.string().nullable(),
  clientId: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  createdAt: z.string(),
  /** A sticker's picture, with LINE's keywords for its alt text. */
  sticker: z
    .object({
      packageId: z.string(),
      stickerId: z.string(),
      imageUrl: z.string(),
      keywords: z.array(z.string()),
    })
    .optional(),
  /** The buttons this reply offered the customer. */
  quickReplies: QuickRepliesSchema.optional(),
  /** The customer's message is their tap on a button of the reply `messageId`. */
  answersQuickReply: z.object({ messageId: z.number(), label: z.string() }).optional(),
  /** When the customer saw this reply (Messenger read, Instagram seen). */
  seenAt: z.string().optional(),
  /** The customer's reaction (an emoji). */
  reaction: z.string().optional(),
  /** A comment on a post, or the page's public reply to one. */
  comment: CommentInfoSchema.optional(),
  /** A private reply to a comment: the comment issue it answered. */
  fromComment: z.object({ issueId: z.number(), commentId: z.string() }).optional(),
  /** An automatic message of the satisfaction survey: its question, or the thanks after a rating. */
  survey: z.enum(['question', 'thanks']).optional(),
  /** Written by the AI first responder: its answer, its hand-over message or its note to agents. */
  ai: z.enum(['answer', 'handOver', 'note']).optional(),
  /**
   * Written in a LINE group or room by this member (GET /issues/:id/chat-members names them); `userId` null
   * when LINE withheld who it was.
   */
  groupMember: z.object({ userId: z.string().nullable() }).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  nextCursor: z.number().nullable(),
});

const StickerChoiceSchema = StickerRefSchema.extend({ imageUrl: z.string() });

/** The stickers an agent may send on LINE, by package, with the caller's recent ones first. */
export const StickerCatalogueSchema = z.object({
  recent: z.array(StickerChoiceSchema),
  packages: z.array(z.object({ packageId: z.string(), stickers: z.array(StickerChoiceSchema) })),
});
export type StickerCatalogue = z.infer<typeof StickerCatalogueSchema>;
