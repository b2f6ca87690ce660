import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours, matchKeyword, routeNewIssue, type RoutingChannel } from './routing';

const TZ = 'Asia/Bangkok';
// 2026-11-23 is a Monday. 03:00 UTC = 10:00 in Bangkok.
const mondayTen = new Date('2026-11-23T03:00:00Z');
const mondayNight = new Date('2026-11-23T14:00:00Z'); // 21:00 Bangkok
const shifts = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startsAt: '09:00', endsAt: '18:00' }));

const channel: RoutingChannel = {
  assignedMode: 'keyword',
  assignedTeamId: 'team-care',
  reservedTeamId: null,
  businessHoursMode: 'custom',
  offServiceResponse: 'We are closed',
};
const rules = {
  keywords: [
    { keyword: 'Refund', teamId: 'team-refund' },
    { keyword: 'ส่งของ', teamId: 'team-shipping' },
  ],
  shifts,
  holidays: [],
};

describe('routing', () => {
  it('knows business hours, 24x7, and shifts across midnight', () => {
    expect(isWithinBusinessHours('custom', shifts, mondayTen, TZ)).toBe(true);
    expect(isWithinBusinessHours('custom', shifts, mondayNight, TZ)).toBe(false);
    expect(isWithinBusinessHours('24x7', [], mondayNight, TZ)).toBe(true);
    const night = [{ weekday: 1, startsAt: '20:00', endsAt: '02:00' }];
    expect(isWithinBusinessHours('custom', night, mondayNight, TZ)).toBe(true);
    expect(isWithinBusinessHours('custom', night, new Date('2026-11-23T18:30:00Z'), TZ)).toBe(true); // Tue 01:30
  });

  it('matches keywords case-insensitively, Thai included', () => {
    expect(matchKeyword(rules.keywords, 'I want a REFUND please')?.teamId).toBe('team-refund');
    expect(matchKeyword(rules.keywords, 'อยากทราบวันส่งของค่ะ')?.teamId).toBe('team-shipping');
    expect(matchKeyword(rules.keywords, 'hello')).toBeNull();
  });

  it('routes by keyword, falling back to the assigned team', () => {
    expect(routeNewIssue(channel, rules, 'refund?', mondayTen, TZ)).toEqual({
      teamId: 'team-refund',
      service: 'open',
      serviceMessage: null,
    });
    expect(routeNewIssue(channel, rules, 'hi', mondayTen, TZ).teamId).toBe('team-care');
    expect(
      routeNewIssue({ ...channel, assignedMode: 'normal' }, rules, 'refund?', mondayTen, TZ).teamId,
    ).toBe('team-care');
  });

  it('answers off hours and holidays, handing the issue to the reserved team when set', () => {
    expect(routeNewIssue(channel, rules, 'hi', mondayNight, TZ)).toEqual({
      teamId: 'team-care',
      service: 'off_hours',
      serviceMessage: 'We are closed',
    });
    const holidays = [{ date: '2026-11-23', message: 'Closed for the holiday' }];
    expect(
      routeNewIssue(
        { ...channel, reservedTeamId: 'team-night' },
        { ...rules, holidays },
        'hi',
        mondayTen,
        TZ,
      ),
    ).toEqual({
      teamId: 'team-night',
      service: 'holiday',
      serviceMessage: 'Closed for the holiday',
    });
  });
});
