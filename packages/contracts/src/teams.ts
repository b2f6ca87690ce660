import { z } from 'zod';

export const TeamSummarySchema = z.object({ id: z.string(), name: z.string(), managerUserId: z.string().nullable() });
export type TeamSummary = z.infer<typeof TeamSummarySchema>;
export const TeamSummaryListSchema = z.array(TeamSummarySchema);
