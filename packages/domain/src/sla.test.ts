// SLA due times against hand-computed answers: business hours, a holiday, a night shift, weekends, time
// zones (Bangkok, Tokyo, New York across its daylight-saving change), pauses; which policy applies.
import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, type BusinessCalendar } from './report-metrics';
import {
  aroundTheClock,
  mostSpecificPolicy,
  nextDue,
  runningClocks,
  slaState,
  type SlaPolicyRule,
} from './sla';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const weekdays = (startsAt: string, endsAt: string) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startsAt, endsAt }));

// Bangkok (UTC+7, no daylight saving), Monday–Friday 09:00–18:00, Wednesday 2027-03-03 a holiday.
const bangkok: BusinessCalendar = {
  mode: 'custom',
  shifts: weekdays('09:00', '18:00'),
  holidays: new Set(['2027-03-03']),
  timeZone: 'Asia/Bangkok',
};
const HOUR = 3600;

describe('addBusinessSeconds', () => {
  it('carries what is left at closing time to the next opening', () => {
    // Mon 17:00 + 2 h: 1 h on Monday, 1 h from Tuesday 09:00 → Tue 10:00 (03:00Z).
    expect(iso(addBusinessSeconds(at('2027-03-01T10:00:00Z'), 2 * HOUR, bangkok))).toBe(
      '2027-03-02T03:00:00.000Z',
    );
  });

  it('skips a holiday and a weekend, and starts counting at the next opening', () => {
    // Tue 17:30 + 1 h: 30 min on Tuesday, Wednesday is a holiday, 30 min from Thursday 09:00 → 09:30.
    expect(iso(addBusinessSeconds(at('2027-03-02T10:30:00Z'), HOUR, bangkok))).toBe(
      '2027-03-04T02:30:00.000Z',
    );
    // Saturday 12:00 + 30 min → Monday 09:30.
    expect(iso(addBusinessSeconds(at('2027-03-06T05:00:00Z'), 1800, bangkok))).toBe(
      '2027-03-08T02:30:00.000Z',
    );
  });

  it('follows a night shift across midnight', () => {
    const night: BusinessCalendar = {
      mode: 'custom',
      shifts: [{ weekday: 1, startsAt: '22:00', endsAt: '02:00' }],
      holidays: new Set(),
      timeZone: 'Asia/Bangkok',
    };
    // Mon 23:00 + 2 h: 1 h to midnight, 1 h of Tuesday's morning part → Tue 01:00 (Mon 18:00Z).
    expect(iso(addBusinessSeconds(at('2027-03-01T16:00:00Z'), 2 * HOUR, night))).toBe(
      '2027-03-01T18:00:00.000Z',
    );
  });

  it('reads shifts in the calendar’s own zone, across a daylight-saving change', () => {
    const tokyo = { ...bangkok, holidays: new Set<string>(), timeZone: 'Asia/Tokyo' };
    // Monday 09:00 in Tokyo is 00:00Z; nine working hours later is 18:00 there.
    expect(iso(addBusinessSeconds(at('2027-03-01T00:00:00Z'), 9 * HOUR, tokyo))).toBe(
      '2027-03-01T09:00:00.000Z',
    );
    const newYork: BusinessCalendar = {
      mode: 'custom',
      shifts: weekdays('09:00', '17:00'),
      holidays: new Set(),
      timeZone: 'America/New_York',
    };
    // Friday 2027-03-12 16:00 EST (21:00Z) + 2 h: 1 h on Friday; clocks go forward on Sunday the 14th, so
    // Monday 10:00 is EDT (14:00Z).
    expect(iso(addBusinessSeconds(at('2027-03-12T21:00:00Z'), 2 * HOUR, newYork))).toBe(
      '2027-03-15T14:00:00.000Z',
    );
  });

  it('adds plainly around the clock, and gives up on a calendar without working time', () => {
    expect(iso(addBusinessSeconds(at('2027-03-06T05:00:00Z'), 1800, aroundTheClock('Asia/Bangkok')))).toBe(
      '2027-03-06T05:30:00.000Z',
    );
    const never: BusinessCalendar = { mode: 'custom', shifts: [], holidays: new Set(), timeZone: 'UTC' };
    expect(addBusinessSeconds(at('2027-03-06T05:00:00Z'), 60, never)).toBeNull();
  });
});

const policy: SlaPolicyRule = {
  teamId: null,
  channelId: null,
  firstResponseMinutes: 30,
  nextResponseMinutes: 60,
  resolutionMinutes: 8 * 60,
  businessHours: true,
};

describe('runningClocks', () => {
  it('runs the first response and resolution clocks of a new issue in business hours', () => {
    // Mon 17:50: first response due Tue 09:20 (10 min Monday + 20 min Tuesday), amber from 24 min: 09:14.
    const clocks = runningClocks(
      policy,
      {
        status: 'un-assigned',
        startedAt: at('2027-03-01T10:50:00Z'),
        firstResponseAt: null,
        waitStartedAt: null,
        pausedSeconds: 0,
      },
      bangkok,
    );
    expect(clocks.map((c) => [c.target, iso(c.dueAt), iso(c.warnAt)])).toEqual([
      ['firstResponse', '2027-03-02T02:20:00.000Z', '2027-03-02T02:14:00.000Z'],
      // 8 working hours: 10 min Monday, 7 h 50 min Tuesday → Tue 16:50; amber at 6 h 24 min → Tue 15:14.
      ['resolution', '2027-03-02T09:50:00.000Z', '2027-03-02T08:14:00.000Z'],
    ]);
    expect(nextDue(clocks)!.target).toBe('firstResponse');
  });

  it('runs the next response clock while the customer waits again, and pauses resolution while waiting for them', () => {
    const facts = {
      status: 'on-going' as const,
      startedAt: at('2027-03-01T02:00:00Z'), // Mon 09:00
      firstResponseAt: at('2027-03-01T02:10:00Z'),
      waitStartedAt: at('2027-03-01T10:30:00Z'), // Mon 17:30 → 1 h due Tue 09:30
      pausedSeconds: 2 * HOUR,
    };
    const clocks = runningClocks(policy, facts, bangkok);
    expect(clocks.map((c) => [c.target, iso(c.dueAt)])).toEqual([
      ['nextResponse', '2027-03-02T02:30:00.000Z'],
      // 8 h + 2 h paused: Monday's 9 h, then 1 h on Tuesday → Tue 10:00.
      ['resolution', '2027-03-02T03:00:00.000Z'],
    ]);
    expect(runningClocks(policy, { ...facts, status: 'waiting', waitStartedAt: null }, bangkok)).toEqual([]);
    expect(runningClocks(policy, { ...facts, status: 'resolved-success' }, bangkok)).toEqual([]);
  });

  it('turns amber at 80% and red when due', () => {
    const c = { dueAt: 1000, warnAt: 800 };
    expect([slaState(c, 799), slaState(c, 800), slaState(c, 1000)]).toEqual(['ok', 'warning', 'breached']);
  });
});

describe('mostSpecificPolicy', () => {
  const p = (teamId: string | null, channelId: string | null) => ({
    teamId,
    channelId,
    name: `${teamId}/${channelId}`,
  });
  const all = [p(null, null), p(null, 'line'), p('sales', null), p('sales', 'line'), p('care', null)];
  it('prefers team and channel, then team, then channel, then the default', () => {
    expect(mostSpecificPolicy(all, { teamId: 'sales', channelId: 'line' })!.name).toBe('sales/line');
    expect(mostSpecificPolicy(all, { teamId: 'sales', channelId: 'fb' })!.name).toBe('sales/null');
    expect(mostSpecificPolicy(all, { teamId: 'other', channelId: 'line' })!.name).toBe('null/line');
    expect(mostSpecificPolicy(all, { teamId: null, channelId: 'fb' })!.name).toBe('null/null');
    expect(mostSpecificPolicy([p('care', null)], { teamId: 'sales', channelId: 'fb' })).toBeNull();
  });
});
