import { z } from 'zod';
import { SLA_TARGETS } from '@sabai/domain';

// Service level policies: targets for the first response, each next response and the
// resolution, per team and channel (the most specific policy wins), counted in the channel's business hours
// or around the clock. Each open issue carries the clock due first; the inbox counts down to it.

/** At most a year, in minutes. */
const Minutes = z.number().int().min(1).max(525_600).nullable();

export const SaveSlaPolicySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** null: every team (the policy then applies to the channel, or to the whole organisation). */
    teamId: z.uuid().nullable(),
    channelId: z.uuid().nullable(),
    firstResponseMinutes: Minutes,
    nextResponseMinutes: Minutes,
    resolutionMinutes: Minutes,
    /** Counted in the channel's business hours (shifts, holidays); false: around the clock. */
    businessHours: z.boolean(),
    isActive: z.boolean().default(true),
  })
  .refine(
    (p) => p.firstResponseMinutes !== null || p.nextResponseMinutes !== null || p.resolutionMinutes !== null,
    {
      message: 'at least one target',
      path: ['firstResponseMinutes'],
    },
  );
export type SaveSlaPolicy = z.infer<typeof SaveSlaPolicySchema>;

export const SlaPolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  teamId: z.string().nullable(),
  channelId: z.string().nullable(),
  firstResponseMinutes: z.number().nullable(),
  nextResponseMinutes: z.number().nullable(),
  resolutionMinutes: z.number().nullable(),
  businessHours: z.boolean(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type SlaPolicy = z.infer<typeof SlaPolicySchema>;
export const SlaPolicyListSchema = z.array(SlaPolicySchema);

/**
 * An open issue's clock due first: which target, when it is due and when it turns amber (80% of the target
 * passed). The web counts down to `dueAt`; past it the target is breached.
 */
export const IssueSlaSchema = z.object({
  target: z.enum(SLA_TARGETS),
  dueAt: z.string(),
  warnAt: z.string(),
});
export type IssueSla = z.infer<typeof IssueSlaSchema>;
