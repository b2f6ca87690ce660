import { z } from 'zod';

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
  })
  .refine((v) => (v.text?.trim().length ?? 0) > 0 || (v.fileIds?.length ?? 0) > 0, {
    message: 'text or files required',
    path: ['text'],
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
});
export type Message = z.infer<typeof MessageSchema>;

export const MessagePageSchema = z.object({
  items: z.array(MessageSchema),
  nextCursor: z.number().nullable(),
});
