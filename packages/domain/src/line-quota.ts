// LINE's monthly message quota: the thresholds at which admins are told, and how full a
// quota reads on screen, in one place for the server's notifications and the web's progress bar.

/** Message objects LINE takes in one reply or push request (it counts a request as one message). */
export const LINE_MESSAGES_PER_REQUEST = 5;

/** Percentages of a limited quota at which every admin gets a notification, once per channel and month. */
export const LINE_QUOTA_THRESHOLDS = [80, 100] as const;
export type LineQuotaThreshold = (typeof LINE_QUOTA_THRESHOLDS)[number];

/** The thresholds `used` has reached of `limit` (none for an empty or zero limit: nothing to warn about). */
export function lineQuotaThresholdsReached(used: number, limit: number | null): LineQuotaThreshold[] {
  if (limit === null || limit <= 0) return [];
  return LINE_QUOTA_THRESHOLDS.filter((percent) => used * 100 >= limit * percent);
}

/** How full a quota is: `reached` at 100 %, `warning` from 80 %, else `normal` (always for no limit). */
export function lineQuotaLevel(used: number, limit: number | null): 'normal' | 'warning' | 'reached' {
  const reached = lineQuotaThresholdsReached(used, limit);
  return reached.includes(100) ? 'reached' : reached.includes(80) ? 'warning' : 'normal';
}

/** The share of the quota used, 0–100 (for a progress bar); 0 without a limit. */
export function lineQuotaPercent(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(100, Math.floor((used * 100) / limit));
}
