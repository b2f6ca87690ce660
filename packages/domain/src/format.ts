// Display formats (dates, phone numbers, badge counts), identical on server (exports, emails) and web.
import { localDateTimeText } from './local-time';

/** 'dd/MM/yyyy HH:mm' in the organisation's time zone; '' for an unreadable date. Throws on an unknown time zone. */
export function formatDateTime(date: Date | string | number, timeZone = 'Asia/Bangkok'): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) return '';
  return localDateTimeText(instant, timeZone);
}

/** A phone number as '081 234 5678' when it has exactly 10 digits once non-digits are dropped, otherwise ''. */
export function formatPhone(value: string | number | null | undefined): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  if (digits.length !== 10) return '';
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

/** Badge text: '' for nothing, the count, or e.g. '9+' beyond the overflow (9 in the header, 99 in the dropdown). */
export function badgeText(count: number, overflow: number): string {
  if (!Number.isFinite(count) || count < 1) return '';
  const whole = Math.floor(count);
  return whole > overflow ? `${overflow}+` : String(whole);
}
