import dayjs from 'dayjs';
import { DISPLAY_DATE_TIME } from '../../../lib/format';

/** The list's time: HH:mm today, dd/MM otherwise (the full date is in the tooltip). */
export function shortTime(iso: string, now = dayjs()): string {
  const at = dayjs(iso);
  if (at.isSame(now, 'day')) return at.format('HH:mm');
  return at.isSame(now, 'year') ? at.format('DD/MM') : at.format('DD/MM/YY');
}

export const fullTime = (iso: string) => dayjs(iso).format(DISPLAY_DATE_TIME);

/** The time of day in the chat (its date is the day separator above). */
export const clockTime = (iso: string) => dayjs(iso).format('HH:mm');

/** The day a message belongs to, for the chat's day separators. */
export const dayOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
