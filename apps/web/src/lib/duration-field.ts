// A target typed as an amount of minutes, hours or days (what people think in) and kept as minutes.
import { MINUTES_PER_DAY, MINUTES_PER_HOUR, type DurationUnit } from './duration';

export const UNIT_MINUTES: Record<DurationUnit, number> = {
  minutes: 1,
  hours: MINUTES_PER_HOUR,
  days: MINUTES_PER_DAY,
};

export const FIELD_UNITS: readonly DurationUnit[] = ['minutes', 'hours', 'days'];

/** The largest unit a target is a whole number of (90 minutes stay minutes), or `fallback` without one. */
export function fittingUnit(minutes: number | null, fallback: DurationUnit): DurationUnit {
  if (minutes === null || minutes <= 0) return fallback;
  if (minutes % MINUTES_PER_DAY === 0) return 'days';
  return minutes % MINUTES_PER_HOUR === 0 ? 'hours' : 'minutes';
}

/** The amount in a unit as minutes; null stays null (no target). */
export const toMinutes = (amount: number | null, unit: DurationUnit): number | null =>
  amount === null ? null : Math.round(amount * UNIT_MINUTES[unit]);

/** The minutes as an amount of the unit. */
export const toAmount = (minutes: number | null, unit: DurationUnit): number | null =>
  minutes === null ? null : minutes / UNIT_MINUTES[unit];
