import { z } from 'zod';
import { AttachmentSchema, QuickRepliesSchema } from './messages';
import { listQuerySchema, pageSchema, PersonSchema } from './lists';

// Canned categories and responses: duplicate names refused, messages up to 500 letters.

const Name = z.string().trim().min(1).max(100);
const FileId = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

export const SaveCannedCategorySchema = z.object({ name: Name });
export type SaveCannedCategory = z.infer<typeof SaveCannedCategorySchema>;

export const SaveCannedResponseSchema = z.object({
  categoryId: z.uuid(),
  name: Name,
  // The 500-letter limit is checked by the server (`canned.message_too_long`), not here.
  message: z.string().trim().min(1).max(20_000),
  /** Files uploaded first with POST /attachments, sent with the response. */
  fileIds: z.array(FileId).max(5).default([]),
  /** Buttons sent with the response (as the channel allows: LINE all types, Meta text buttons). */
  quickReplies: QuickRepliesSchema.default([]),
});
export type SaveCannedResponse = z.infer<typeof SaveCannedResponseSchema>;

const Ownership = {
  /** Shared with the organisation (created by someone with scope all): read-only for `myCanned`. */
  isShared: z.boolean(),
  owner: PersonSchema.nullable(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
};

export const CannedCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  responseCount: z.number().int(),
  ...Ownership,
});
export type CannedCategory = z.infer<typeof CannedCategorySchema>;
export const CANNED_CATEGORY_SORTS = ['name', 'createdAt'] as const;
export const CannedCategoryListQuerySchema = listQuerySchema(CANNED_CATEGORY_SORTS).extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const CannedCategoryPageSchema = pageSchema(CannedCategorySchema);

export const CannedResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  message: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  attachments: z.array(AttachmentSchema),
  quickReplies: QuickRepliesSchema,
  ...Ownership,
});
export type CannedResponse = z.infer<typeof CannedResponseSchema>;
export const CANNED_RESPONSE_SORTS = ['name', 'createdAt', 'category'] as const;
export const CannedResponseListQuerySchema = listQuerySchema(CANNED_RESPONSE_SORTS).extend({
  categoryId: z.uuid().optional(),
});
export const CannedResponsePageSchema = pageSchema(CannedResponseSchema);
