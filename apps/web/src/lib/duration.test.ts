import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { durationParts, formatMinutes } from './duration';

const UNIT_TEXT: Record<string, string> = {
  'common.duration.days': 'd',
  'common.duration.hours': 'h',
  'common.duration.minutes': 'min',
};
const t = ((key: string, values: { value: number }) => `${values.value} ${UNIT_TEXT[key]}`) as TFunction;

describe('durationParts', () => {
  it('splits whole minutes into days, hours and minutes', () => {
    expect(durationParts(1_680)).toEqual({ days: 1, hours: 4, minutes: 0 });
    expect(durationParts(185)).toEqual({ days: 0, hours: 3, minutes: 5 });
    expect(durationParts(525_600)).toEqual({ days: 365, hours: 0, minutes: 0 });
  });
});

describe('formatMinutes', () => {
  it('shows every unit present, largest first', () => {
    expect(formatMinutes(t, 30)).toBe('30 min');
    expect(formatMinutes(t, 120)).toBe('2 h');
    expect(formatMinutes(t, 1_680)).toBe('1 d 4 h');
    expect(formatMinutes(t, 1_445)).toBe('1 d 5 min');
    expect(formatMinutes(t, 0)).toBe('0 min');
  });

  it('keeps the units in a row from the largest one when asked for fewer', () => {
    expect(formatMinutes(t, 185, 2)).toBe('3 h 5 min');
    expect(formatMinutes(t, 1_685, 2)).toBe('1 d 4 h');
    // Hours are zero: the minutes are not the second unit.
    expect(formatMinutes(t, 1_445, 2)).toBe('1 d');
  });
});
