import { z } from 'zod';
import { TAG_COLOUR_PATTERN } from '@sabai/domain';
import { listQuerySchema, pageSchema } from './lists';

// Tags (name, colour and team required) and the tags of an issue.

export const SaveTagSchema = z.object({
  name: z.string().trim().min(1).max(50),
  colour: z.string().regex(TAG_COLOUR_PATTERN, '#rrggbb'),
  teamId: z.uuid(),
});
export type SaveTag = z.infer<typeof SaveTagSchema>;

export const TagSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Issues carrying the tag. */
  issueCount: z.number().int(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof TagSchema>;
export const TAG_SORTS = ['name', 'createdAt', 'team', 'issueCount'] as const;
export const TagListQuerySchema = listQuerySchema(TAG_SORTS).extend({ teamId: z.uuid().optional() });
export const TagPageSchema = pageSchema(TagSchema);

/** A tag as the inbox applies and filters it. */
export const TagOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  teamId: z.string().nullable(),
});
export type TagOption = z.infer<typeof TagOptionSchema>;
export const TagOptionListSchema = z.array(TagOptionSchema);

export const SetIssueTagsSchema = z.object({ tagIds: z.array(z.uuid()).max(50) });
