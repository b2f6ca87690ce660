// The dashboard's issues-over-time chart: one point a day reads well up to two months; beyond that the
// days are summed by week, and beyond six months by month (the API always answers day by day).
import { addDays, isoWeekday, type LocalDay } from '@sabai/domain';

export type Granularity = 'day' | 'week' | 'month';

const WEEKS_AFTER_DAYS = 60;
const MONTHS_AFTER_DAYS = 183;

/** How a period of `days` days is plotted. */
export function granularityOf(days: number): Granularity {
  return days > MONTHS_AFTER_DAYS ? 'month' : days > WEEKS_AFTER_DAYS ? 'week' : 'day';
}

/** A point of the chart: the first day it covers and the indexes of the days summed into it. */
export type Bucket = { start: LocalDay; indexes: number[] };

/** The days (in order) grouped into the chart's points: each day, each week from Monday, or each month. */
export function bucketsOf(days: readonly LocalDay[], granularity: Granularity): Bucket[] {
  const keyOf = (day: LocalDay) =>
    granularity === 'day'
      ? day
      : granularity === 'week'
        ? addDays(day, 1 - isoWeekday(day))
        : day.slice(0, 7);
  const buckets: Bucket[] = [];
  days.forEach((day, index) => {
    const last = buckets.at(-1);
    if (last && keyOf(last.start) === keyOf(day)) last.indexes.push(index);
    else buckets.push({ start: day, indexes: [index] });
  });
  return buckets;
}

/** A day-by-day series summed into the buckets (a compare series pairs with the period's days by index). */
export function sumInto(values: readonly number[], buckets: readonly Bucket[]): number[] {
  return buckets.map((b) => b.indexes.reduce((sum, i) => sum + (values[i] ?? 0), 0));
}
