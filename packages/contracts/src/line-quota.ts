import { z } from 'zod';

/**
 * This month's LINE message quota of a channel (GET /channels/:id/line-quota): LINE's own figures (`type`,
 * `limit`, `used` = its totalUsage) beside what our delivery records say went out this month in the
 * organisation's time zone: `replies` (free) and `pushes` (counted against the quota).
 */
export const LineQuotaSchema = z.object({
  type: z.enum(['none', 'limited']),
  /** LINE's target limit for the month; null when the channel has none. */
  limit: z.number().int().nonnegative().nullable(),
  /** Messages LINE counted this month (pushes to people who could receive them, from any sender). */
  used: z.number().int().nonnegative(),
  /** Our reply requests this month (free). */
  replies: z.number().int().nonnegative(),
  /** Our push requests this month (each counts as one message for its one recipient). */
  pushes: z.number().int().nonnegative(),
  /** The month counted, yyyy-MM in the organisation's time zone. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
});
export type LineQuota = z.infer<typeof LineQuotaSchema>;
