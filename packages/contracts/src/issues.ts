import { z } from 'zod';
import { ISSUE_STATUSES } from '@sabai/domain';

/** Issues per status in the caller's scope. */
export const StatusCountsSchema = z.object({
  counts: z.record(z.enum(ISSUE_STATUSES), z.number()),
  total: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;
