// Lengths of time in whole minutes as people read them: the largest units first, "1 d 4 h", "3 h 5 min"
// (the service level targets and their countdown).
import type { TFunction } from 'i18next';

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

const UNITS = [
  { unit: 'days', minutes: MINUTES_PER_DAY, text: 'common.duration.days' },
  { unit: 'hours', minutes: MINUTES_PER_HOUR, text: 'common.duration.hours' },
  { unit: 'minutes', minutes: 1, text: 'common.duration.minutes' },
] as const;

export type DurationUnit = (typeof UNITS)[number]['unit'];
export type DurationParts = Record<DurationUnit, number>;

/** Whole minutes split into days, hours and minutes. */
export function durationParts(totalMinutes: number): DurationParts {
  let left = Math.max(0, Math.floor(totalMinutes));
  const parts = { days: 0, hours: 0, minutes: 0 };
  for (const { unit, minutes } of UNITS) {
    parts[unit] = Math.floor(left / minutes);
    left -= parts[unit] * minutes;
  }
  return parts;
}

/**
 * Whole minutes as text: from the largest unit present, at most `units` units in a row, the zero ones left
 * out ("1 d 4 h", "2 h", "0 min"). A countdown shows two, a target all three.
 */
export function formatMinutes(t: TFunction, totalMinutes: number, units: number = UNITS.length): string {
  const parts = durationParts(totalMinutes);
  const first = UNITS.findIndex(({ unit }) => parts[unit] > 0);
  if (first === -1) return t('common.duration.minutes', { value: 0 });
  return UNITS.slice(first, first + units)
    .filter(({ unit }) => parts[unit] > 0)
    .map(({ unit, text }) => t(text, { value: parts[unit] }))
    .join(' ');
}
