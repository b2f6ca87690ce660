// The organisation's calendar: days, weekdays and clock times as they read in its time zone. The one
// place that turns instants into local time, on @date-fns/tz (the runtime's IANA zone rules, daylight
// saving included) rather than hand-read Intl parts.
import { TZDate } from '@date-fns/tz';

const DAY_MS = 86_400_000;

/** A local calendar day, `yyyy-mm-dd`. */
export type LocalDay = string;

/** `at` as it reads on a wall clock in `timeZone`. Throws a RangeError on an unknown time zone. */
function zoned(at: Date | number, timeZone: string): TZDate {
  const local = new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Unknown time zone or date: ${timeZone}`);
  return local;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local date (yyyy-MM-dd), ISO weekday (1 = Monday) and minutes since midnight of `at` in `timeZone`. */
export function localTime(at: Date | number, timeZone: string) {
  const local = zoned(at, timeZone);
  return {
    date: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    weekday: local.getDay() === 0 ? 7 : local.getDay(),
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

/** 'dd/MM/yyyy HH:mm' of `at` in `timeZone`. */
export function localDateTimeText(at: Date | number, timeZone: string): string {
  const local = zoned(at, timeZone);
  const date = `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${pad(local.getFullYear(), 4)}`;
  return `${date} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** The local day `ms` falls on in `timeZone`. */
export function localDayOf(ms: number, timeZone: string): LocalDay {
  return localTime(ms, timeZone).date;
}

/** The instant a local day starts (its midnight) in `timeZone`. */
export function startOfLocalDay(day: LocalDay, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const ms = new TZDate(year!, month! - 1, date!, timeZone).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Unknown time zone or date: ${timeZone}`);
  return ms;
}

export function addDays(day: LocalDay, n: number): LocalDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: LocalDay, to: LocalDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** ISO weekday of a local day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: LocalDay): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
