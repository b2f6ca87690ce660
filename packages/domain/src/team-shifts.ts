// Team members' working shifts (the team form's validations) and who may receive issues now by
// auto-assignment. Times are 'HH:mm' in the organisation's time zone; a shift never crosses midnight
// because its start must come before its stop.
import { localTime } from './local-time';

export type MemberShift = {
  workStart: string;
  workStop: string;
  breakStart: string;
  breakStop: string;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  workingDays: readonly number[];
};

export const MANAGER_WORKING_TYPES = ['working_hours', 'always', 'never'] as const;
/** Whether a team's manager receives issues: in their working hours, always, or never. */
export type ManagerWorkingType = (typeof MANAGER_WORKING_TYPES)[number];

export const AVAILABILITIES = ['online', 'offline'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The shift a member gets when added from the user screen (editable in the team screen). */
export const DEFAULT_SHIFT: MemberShift = {
  workStart: '09:00',
  workStop: '18:00',
  breakStart: '12:00',
  breakStop: '13:00',
  workingDays: [1, 2, 3, 4, 5],
};

export type ShiftProblem = {
  code: 'team.work_start_after_stop';
  /** The time that is wrong: the work start (after its stop), the break's start (after its stop, or outside
   * the working hours) or the break's stop (after work stops). */
  field: 'workStart' | 'breakStart' | 'breakStop';
};

/** Minutes since midnight of 'HH:mm' (or 'HH:mm:ss'). */
export function timeToMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * 'The working start time must begin before the stop time.' Checked for the work shift and for
 * the break, which must also lie inside the shift; each problem names the one time that is wrong, and the
 * break is judged only against a valid shift (a backwards shift is the work start's problem alone).
 */
export function validateShift(shift: MemberShift): ShiftProblem[] {
  const [ws, we, bs, be] = [shift.workStart, shift.workStop, shift.breakStart, shift.breakStop].map(
    timeToMinutes,
  ) as [number, number, number, number];
  const problem = (field: ShiftProblem['field']): ShiftProblem => ({
    code: 'team.work_start_after_stop',
    field,
  });
  if (ws >= we) return [problem('workStart')];
  if (bs >= be) return [problem('breakStart')];
  // Each end of the break inside the working hours; a break wholly after work faults both.
  return [
    ...(bs < ws || bs >= we ? [problem('breakStart')] : []),
    ...(be > we ? [problem('breakStop')] : []),
  ];
}

/** Whether `at` is a working day of the shift, inside work hours and outside the break. */
export function isOnShift(shift: MemberShift, at: Date, timeZone: string): boolean {
  const now = localTime(at, timeZone);
  if (!shift.workingDays.includes(now.weekday)) return false;
  const m = now.minutes;
  const inWork = m >= timeToMinutes(shift.workStart) && m < timeToMinutes(shift.workStop);
  const inBreak = m >= timeToMinutes(shift.breakStart) && m < timeToMinutes(shift.breakStop);
  return inWork && !inBreak;
}

export type AgentState = {
  availability: Availability | 'time_off';
  /** An approved time-off request covers now. */
  isOnLeave: boolean;
  isActive: boolean;
  /** The member's shift in this team; null for a manager who is not a member. */
  shift: MemberShift | null;
  /** This agent is the team's manager: the manager working type decides. */
  isManager: boolean;
};

/**
 * Only members who are online, on shift (outside their break) and not on time off receive issues;
 * the manager only as the team's manager working type says (`always` ignores the shift).
 */
export function isEligibleAgent(
  agent: AgentState,
  managerWorkingType: ManagerWorkingType,
  at: Date,
  timeZone: string,
): boolean {
  if (!agent.isActive || agent.availability !== 'online' || agent.isOnLeave) return false;
  if (agent.isManager) {
    if (managerWorkingType === 'never') return false;
    if (managerWorkingType === 'always') return true;
  }
  return agent.shift !== null && isOnShift(agent.shift, at, timeZone);
}
