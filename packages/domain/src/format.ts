// Display formats of spec §2, §5 and §9, identical on server (exports, emails) and web.

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatFor(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    // en-GB gives day-first parts; h23 avoids the "24:05" some engines print for midnight with hour12: false.
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** 'dd/MM/yyyy HH:mm' in the organisation's time zone (spec §9); '' for an unreadable date. Throws on an unknown time zone. */
export function formatDateTime(date: Date | string | number, timeZone = 'Asia/Bangkok'): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) return '';
  const parts = dateTimeFormatFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A phone number as '081 234 5678' when it has exactly 10 digits once non-digits are dropped, otherwise '' (spec §5). */
export function formatPhone(value: string | number | null | undefined): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  if (digits.length !== 10) return '';
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

/** Badge text: '' for nothing, the count, or e.g. '9+' beyond the overflow (spec §2: 9 in the header, 99 in the dropdown). */
export function badgeText(count: number, overflow: number): string {
  if (!Number.isFinite(count) || count < 1) return '';
  const whole = Math.floor(count);
  return whole > overflow ? `${overflow}+` : String(whole);
}
