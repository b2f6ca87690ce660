import { describe, expect, it } from 'vitest';
import { localDateTimeText, localDayOf, localTime, startOfLocalDay } from './local-time';

const BKK = 'Asia/Bangkok';
const at = (iso: string) => Date.parse(iso);

describe('the organisation calendar', () => {
  it('reads local time in the organisation time zone', () => {
    // 2026-11-23 is a Monday; 03:00 UTC is 10:00 in Bangkok.
    expect(localTime(new Date('2026-11-23T03:00:00Z'), BKK)).toEqual({
      date: '2026-11-23',
      weekday: 1,
      minutes: 600,
    });
    // Sunday 23:59 in Bangkok is weekday 7, one minute before midnight.
    expect(localTime(at('2026-11-22T16:59:00Z'), BKK)).toEqual({
      date: '2026-11-22',
      weekday: 7,
      minutes: 1439,
    });
  });

  it('puts 23:30 UTC on the next Bangkok day', () => {
    expect(localDayOf(at('2026-03-01T16:59:59Z'), BKK)).toBe('2026-03-01');
    expect(localDayOf(at('2026-03-01T17:00:00Z'), BKK)).toBe('2026-03-02');
    expect(startOfLocalDay('2026-03-02', BKK)).toBe(at('2026-03-01T17:00:00Z'));
  });

  it('finds a midnight across a daylight saving change', () => {
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin')).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('prints midnight as 00:00 and refuses an unknown time zone', () => {
    expect(localDateTimeText(at('2026-01-31T17:00:00Z'), BKK)).toBe('01/02/2026 00:00');
    expect(() => localTime(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => startOfLocalDay('2026-03-02', 'Mars/Olympus')).toThrow(RangeError);
  });
});
