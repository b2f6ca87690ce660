import { z } from 'zod';
import { ASSIGNMENT_METHODS, ASSIGNMENT_MODES } from '@sabai/domain';
import { listQuerySchema, pageSchema } from './lists';

// Auto-assignment settings per team (/setting/auto-assignment).

export const AutoAssignmentSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  mode: z.enum(ASSIGNMENT_MODES),
  method: z.enum(ASSIGNMENT_METHODS),
  memberCount: z.number().int(),
  /** Members who would receive an issue right now (online, on shift, not on leave). */
  availableNow: z.number().int(),
  /** Issues of the team waiting for an agent. */
  waitingIssues: z.number().int(),
  canUpdate: z.boolean(),
});
export type AutoAssignment = z.infer<typeof AutoAssignmentSchema>;
export const AUTO_ASSIGNMENT_SORTS = ['teamName', 'mode'] as const;
export const AutoAssignmentListQuerySchema = listQuerySchema(AUTO_ASSIGNMENT_SORTS);
export const AutoAssignmentPageSchema = pageSchema(AutoAssignmentSchema);

export const UpdateAutoAssignmentSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES),
  method: z.enum(ASSIGNMENT_METHODS),
});
export type UpdateAutoAssignment = z.infer<typeof UpdateAutoAssignmentSchema>;
