import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { dayCount, isBeforeToday, timeOffFeedback, toRequest } from './time-off';

describe('time-off form', () => {
  it('asks for whole days, from the first midnight to the midnight after the last day', () => {
    const first = dayjs('2026-03-10T15:30:00');
    const last = dayjs('2026-03-12T08:00:00');
    const request = toRequest({ period: [first, last], reason: '  Family trip ' });
    expect(request.reason).toBe('Family trip');
    expect(dayjs(request.startsAt).format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 00:00');
    expect(dayjs(request.endsAt).format('YYYY-MM-DD HH:mm')).toBe('2026-03-13 00:00');
  });

  it('refuses to build a request without a period', () => {
    expect(() => toRequest({ period: null, reason: '' })).toThrow();
  });

  it('counts both ends of the period', () => {
    expect(dayCount([dayjs('2026-03-10'), dayjs('2026-03-10')])).toBe(1);
    expect(dayCount([dayjs('2026-03-10T23:00'), dayjs('2026-03-12T01:00')])).toBe(3);
    expect(dayCount(null)).toBe(0);
  });

  it('offers today and later days only', () => {
    const today = dayjs('2026-03-10T14:00:00');
    expect(isBeforeToday(dayjs('2026-03-09T23:59:00'), today)).toBe(true);
    expect(isBeforeToday(dayjs('2026-03-10T00:00:00'), today)).toBe(false);
  });

  it('puts server errors on the period, the reason or the form', () => {
    expect(timeOffFeedback(new ApiError(400, 'time_off.in_past'))).toEqual({
      field: 'period',
      message: 'errors.time_off.in_past',
    });
    expect(timeOffFeedback(new ApiError(400, 'time_off.end_before_start')).field).toBe('period');
    expect(timeOffFeedback(new ApiError(409, 'time_off.no_team'))).toEqual({
      field: null,
      message: 'errors.time_off.no_team',
    });
    expect(
      timeOffFeedback(new ApiError(400, 'validation.failed', [{ path: '/reason', message: 'x' }])),
    ).toEqual({ field: 'reason', message: 'errors.validation.failed' });
    expect(timeOffFeedback(new ApiError(500, 'internal'))).toEqual({
      field: null,
      message: 'common.error.update',
    });
    expect(timeOffFeedback(new Error('boom'))).toEqual({ field: null, message: 'errors.unknown' });
  });
});
