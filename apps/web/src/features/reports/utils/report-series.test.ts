import { describe, expect, it } from 'vitest';
import { addDays } from '@sabai/domain';
import { bucketsOf, granularityOf, sumInto } from './report-series';

const daysFrom = (start: string, n: number) => Array.from({ length: n }, (_, i) => addDays(start, i));

describe('issues over time', () => {
  it('plots by day up to 60 days, by week up to six months, then by month', () => {
    expect(granularityOf(7)).toBe('day');
    expect(granularityOf(60)).toBe('day');
    expect(granularityOf(61)).toBe('week');
    expect(granularityOf(183)).toBe('week');
    expect(granularityOf(184)).toBe('month');
  });

  it('sums the days of each week from Monday, and of each month', () => {
    // Wednesday 2027-03-03 … Sunday 2027-03-14: a part week, then a whole one, then Monday's part.
    const days = daysFrom('2027-03-03', 13);
    const weeks = bucketsOf(days, 'week');
    expect(weeks.map((w) => [w.start, w.indexes.length])).toEqual([
      ['2027-03-03', 5],
      ['2027-03-08', 7],
      ['2027-03-15', 1],
    ]);
    expect(
      sumInto(
        days.map(() => 1),
        weeks,
      ),
    ).toEqual([5, 7, 1]);
    const months = bucketsOf(daysFrom('2027-01-30', 35), 'month');
    expect(months.map((m) => [m.start, m.indexes.length])).toEqual([
      ['2027-01-30', 2],
      ['2027-02-01', 28],
      ['2027-03-01', 5],
    ]);
    expect(bucketsOf(days, 'day')).toHaveLength(13);
  });
});
