import { describe, expect, it } from 'vitest';
import { isEligibleAgent, isOnShift, validateShift, type AgentState, type MemberShift } from './team-shifts';

const TZ = 'Asia/Bangkok';
const shift: MemberShift = {
  workStart: '09:00',
  workStop: '18:00',
  breakStart: '12:00',
  breakStop: '13:00',
  workingDays: [1, 2, 3, 4, 5],
};
// 2026-11-23 is a Monday; Bangkok is UTC+7.
const at = (local: string, day = '2026-11-23') => new Date(`${day}T${local}:00+07:00`);

describe('team shifts', () => {
  it('accepts a shift with its break inside', () => {
    expect(validateShift(shift)).toEqual([]);
  });

  it('refuses a work start at or after the stop, and a break outside the shift or backwards', () => {
    expect(validateShift({ ...shift, workStart: '18:00' })).toContainEqual({
      code: 'team.work_start_after_stop',
      field: 'workStart',
    });
    expect(validateShift({ ...shift, breakStart: '13:30' })).toEqual([
      { code: 'team.work_start_after_stop', field: 'breakStart' },
    ]);
    expect(validateShift({ ...shift, breakStart: '08:00' })).toEqual([
      { code: 'team.work_start_after_stop', field: 'breakStart' },
    ]);
    expect(validateShift({ ...shift, breakStop: '18:30' })).toEqual([
      { code: 'team.work_start_after_stop', field: 'breakStop' },
    ]);
  });

  it('blames only the time that is wrong: a backwards shift does not also fault its break', () => {
    expect(validateShift({ ...shift, breakStart: '19:00', breakStop: '20:00' }).map((p) => p.field)).toEqual([
      'breakStart',
      'breakStop',
    ]);
    expect(validateShift({ ...shift, workStart: '19:00' })).toEqual([
      { code: 'team.work_start_after_stop', field: 'workStart' },
    ]);
  });

  it('is on shift inside work hours, on a working day, outside the break, in the organisation time zone', () => {
    expect(isOnShift(shift, at('09:00'), TZ)).toBe(true);
    expect(isOnShift(shift, at('08:59'), TZ)).toBe(false);
    expect(isOnShift(shift, at('12:30'), TZ)).toBe(false);
    expect(isOnShift(shift, at('13:00'), TZ)).toBe(true);
    expect(isOnShift(shift, at('18:00'), TZ)).toBe(false);
    expect(isOnShift(shift, at('10:00', '2026-11-22'), TZ)).toBe(false); // Sunday
    // 10:00 in Bangkok is 04:00 in London: off shift there.
    expect(isOnShift(shift, at('10:00'), 'Europe/London')).toBe(false);
  });

  it('lets online, on-shift members without leave receive issues; the manager per working type', () => {
    const agent: AgentState = {
      availability: 'online',
      isOnLeave: false,
      isActive: true,
      shift,
      isManager: false,
    };
    const ten = at('10:00');
    const night = at('22:00');
    expect(isEligibleAgent(agent, 'never', ten, TZ)).toBe(true);
    expect(isEligibleAgent({ ...agent, availability: 'offline' }, 'never', ten, TZ)).toBe(false);
    expect(isEligibleAgent({ ...agent, isOnLeave: true }, 'never', ten, TZ)).toBe(false);
    expect(isEligibleAgent({ ...agent, isActive: false }, 'never', ten, TZ)).toBe(false);
    expect(isEligibleAgent(agent, 'never', night, TZ)).toBe(false);
    const manager = { ...agent, isManager: true };
    expect(isEligibleAgent(manager, 'never', ten, TZ)).toBe(false);
    expect(isEligibleAgent(manager, 'working_hours', ten, TZ)).toBe(true);
    expect(isEligibleAgent(manager, 'working_hours', night, TZ)).toBe(false);
    expect(isEligibleAgent(manager, 'always', night, TZ)).toBe(true);
    expect(isEligibleAgent({ ...manager, shift: null }, 'always', night, TZ)).toBe(true);
    expect(isEligibleAgent({ ...manager, shift: null }, 'working_hours', ten, TZ)).toBe(false);
    expect(isEligibleAgent({ ...manager, isOnLeave: true }, 'always', ten, TZ)).toBe(false);
  });
});
