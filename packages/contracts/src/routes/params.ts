import { z } from 'zod';

// Path parameters several modules share.

/** `:id` of an organisation-owned row (tags, teams, users, …). */
export const UuidParams = z.object({ id: z.uuid() });
/** `:id` of an issue: its number within the organisation. */
export const IssueIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
