// The time-off form: whole days in the browser's time zone, a reason of at most 500 letters (the
// server's limit), and where a refused request shows its reason.
import type { Dayjs } from 'dayjs';
import type { RequestTimeOff } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

export const REASON_MAX = 500;

export type TimeOffFormValues = { period: [Dayjs, Dayjs] | null; reason: string };

/** The request of whole days: from the start of the first day to the start of the day after the last. */
export function toRequest(values: TimeOffFormValues): RequestTimeOff {
  const [first, last] = values.period ?? [];
  if (!first || !last) throw new Error('A time-off request needs its period');
  return {
    startsAt: first.startOf('day').toISOString(),
    endsAt: last.add(1, 'day').startOf('day').toISOString(),
    reason: values.reason.trim(),
  };
}

/** How many calendar days a period covers, both ends included. */
export function dayCount(period: [Dayjs, Dayjs] | null | undefined): number {
  if (!period) return 0;
  return period[1].startOf('day').diff(period[0].startOf('day'), 'day') + 1;
}

/** Days before today cannot be asked for. */
export function isBeforeToday(day: Dayjs, today: Dayjs): boolean {
  return day.isBefore(today.startOf('day'));
}

export type TimeOffFeedback = { field: 'period' | 'reason' | null; message: TranslationKey };

/** Maps a refused request onto its field, or the form as a whole. */
export function timeOffFeedback(error: unknown): TimeOffFeedback {
  if (!(error instanceof ApiError)) return { field: null, message: 'errors.unknown' };
  switch (error.code) {
    case 'time_off.end_before_start':
      return { field: 'period', message: 'errors.time_off.end_before_start' };
    case 'time_off.in_past':
      return { field: 'period', message: 'errors.time_off.in_past' };
    case 'time_off.no_team':
      return { field: null, message: 'errors.time_off.no_team' };
    case 'validation.failed': {
      const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
      const onReason = details.some((detail) => {
        const path = (detail as { path?: unknown } | null)?.path;
        return typeof path === 'string' && path.startsWith('/reason');
      });
      return { field: onReason ? 'reason' : null, message: 'errors.validation.failed' };
    }
    default:
      return { field: null, message: 'common.error.update' };
  }
}
