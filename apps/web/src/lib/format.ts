// Display formats of the web app (dates show as dd/MM/yyyy HH:mm), in the browser's time zone.
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

export const DISPLAY_DATE = 'DD/MM/YYYY';
export const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

/** An ISO date-time as dd/MM/yyyy HH:mm. */
export function formatDateTime(value: string): string {
  return dayjs(value).format(DISPLAY_DATE_TIME);
}

/**
 * A period: whole days (midnight to midnight, as time off is asked for) as dates with the last day
 * included, e.g. '10/03/2026 – 12/03/2026' or a single '10/03/2026'; anything else as date-times.
 */
export function formatPeriod(start: string, end: string): string {
  const from = dayjs(start);
  const to = dayjs(end);
  const isWholeDays = from.isSame(from.startOf('day')) && to.isSame(to.startOf('day')) && to.isAfter(from);
  if (!isWholeDays) return `${formatDateTime(start)} – ${formatDateTime(end)}`;
  const last = to.subtract(1, 'day');
  return last.isSame(from, 'day')
    ? from.format(DISPLAY_DATE)
    : `${from.format(DISPLAY_DATE)} – ${last.format(DISPLAY_DATE)}`;
}

/** A person's name, marked "(deleted)" once they were deleted from the organisation. */
export function personName(t: TFunction, name: string, deleted?: boolean): string {
  return deleted ? t('common.deletedPerson', { name }) : name;
}
