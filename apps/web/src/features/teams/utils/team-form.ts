// The team form's values, the shift rules mirrored from the server (every field required, at
// least one member, 'The working start time must begin before the stop time.') and where a refused save
// shows its reason.
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { DEFAULT_SHIFT, validateShift } from '@sabai/domain';
import type { ManagerWorkingType, ShiftProblem } from '@sabai/domain';
import type { SaveTeam, Team } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';

export const TIME_FORMAT = 'HH:mm';
export const NAME_MAX = 100;
export const AUTO_REPLY_MAX = 2000;
export const TIME_FIELDS = ['workStart', 'workStop', 'breakStart', 'breakStop'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

/** How each manager working type reads. */
export const WORKING_TYPE_LABELS: Record<ManagerWorkingType, TranslationKey> = {
  working_hours: 'teams.workingTypes.working_hours',
  always: 'teams.workingTypes.always',
  never: 'teams.workingTypes.never',
};

/** ISO weekdays (1 = Monday) with their short names. */
export const WEEKDAYS: ReadonlyArray<{ value: number; labelKey: TranslationKey }> = [
  { value: 1, labelKey: 'teams.form.weekdays.mon' },
  { value: 2, labelKey: 'teams.form.weekdays.tue' },
  { value: 3, labelKey: 'teams.form.weekdays.wed' },
  { value: 4, labelKey: 'teams.form.weekdays.thu' },
  { value: 5, labelKey: 'teams.form.weekdays.fri' },
  { value: 6, labelKey: 'teams.form.weekdays.sat' },
  { value: 7, labelKey: 'teams.form.weekdays.sun' },
];

export type MemberRow = {
  userId: string;
  displayName: string;
  email: string;
  workStart: Dayjs | null;
  workStop: Dayjs | null;
  breakStart: Dayjs | null;
  breakStop: Dayjs | null;
  workingDays: number[];
};

export type TeamFormValues = {
  name: string;
  managerUserId: string | undefined;
  managerWorkingType: ManagerWorkingType;
  autoReplyMessage: string;
  members: MemberRow[];
};

const toTime = (hhmm: string): Dayjs => dayjs(`2000-01-01T${hhmm.slice(0, 5)}`);
const fromTime = (time: Dayjs | null): string => (time ? time.format(TIME_FORMAT) : '');

/** A new member's row, with the default shift. */
export function newMemberRow(person: { id: string; displayName: string; email: string }): MemberRow {
  return {
    userId: person.id,
    displayName: person.displayName,
    email: person.email,
    workStart: toTime(DEFAULT_SHIFT.workStart),
    workStop: toTime(DEFAULT_SHIFT.workStop),
    breakStart: toTime(DEFAULT_SHIFT.breakStart),
    breakStop: toTime(DEFAULT_SHIFT.breakStop),
    workingDays: [...DEFAULT_SHIFT.workingDays],
  };
}

export function toFormValues(team: Team | null): TeamFormValues {
  if (!team)
    return {
      name: '',
      managerUserId: undefined,
      managerWorkingType: 'working_hours',
      autoReplyMessage: '',
      members: [],
    };
  return {
    name: team.name,
    managerUserId: team.managerUserId ?? undefined,
    managerWorkingType: team.managerWorkingType,
    autoReplyMessage: team.autoReplyMessage,
    members: team.members.map((member) => ({
      userId: member.userId,
      displayName: member.displayName,
      email: member.email,
      workStart: toTime(member.workStart),
      workStop: toTime(member.workStop),
      breakStart: toTime(member.breakStart),
      breakStop: toTime(member.breakStop),
      workingDays: [...member.workingDays].sort(),
    })),
  };
}

export function toRequest(values: TeamFormValues): SaveTeam {
  return {
    name: values.name.trim(),
    managerUserId: values.managerUserId ?? '',
    managerWorkingType: values.managerWorkingType,
    autoReplyMessage: values.autoReplyMessage.trim(),
    members: values.members.map((member) => ({
      userId: member.userId,
      workStart: fromTime(member.workStart),
      workStop: fromTime(member.workStop),
      breakStart: fromTime(member.breakStart),
      breakStop: fromTime(member.breakStop),
      workingDays: [...member.workingDays].sort(),
    })),
  };
}

/** What each wrong time of a shift says, on that time's field. */
export const SHIFT_PROBLEM_TEXTS: Readonly<Record<ShiftProblem['field'], TranslationKey>> = {
  workStart: 'errors.team.work_start_after_stop',
  breakStart: 'teams.form.breakStartInvalid',
  breakStop: 'teams.form.breakStopInvalid',
};

/** The shift problem of a row on a field (work start, break start or stop), once all four times are set. */
export function shiftProblemOf(row: MemberRow | undefined, field: ShiftProblem['field']): boolean {
  if (!row || TIME_FIELDS.some((name) => !row[name])) return false;
  return validateShift({
    workStart: fromTime(row.workStart),
    workStop: fromTime(row.workStop),
    breakStart: fromTime(row.breakStart),
    breakStop: fromTime(row.breakStop),
    workingDays: row.workingDays,
  }).some((problem) => problem.field === field);
}

const isShiftField = (field: unknown): field is ShiftProblem['field'] =>
  typeof field === 'string' && field in SHIFT_PROBLEM_TEXTS;

export type FieldName = string | (string | number)[];
export type TeamFeedback = { field: FieldName | null; message: TranslationKey };

const FORM_FIELDS = new Set(['name', 'managerUserId', 'managerWorkingType', 'autoReplyMessage', 'members']);

function pathToField(path: string): FieldName | null {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return typeof parts[0] === 'string' && FORM_FIELDS.has(parts[0]) ? parts : null;
}

/** Maps a refused save onto the form's fields, or the form as a whole. */
export function teamSaveFeedback(error: unknown): TeamFeedback[] {
  if (!(error instanceof ApiError)) return [{ field: null, message: 'errors.unknown' }];
  const details = error.details as { problems?: unknown } | unknown[] | undefined;
  switch (error.code) {
    case 'validation.failed': {
      const fields = (Array.isArray(details) ? details : []).flatMap((detail: unknown): TeamFeedback[] => {
        const path = (detail as { path?: unknown } | null)?.path;
        const field = typeof path === 'string' ? pathToField(path) : null;
        return field ? [{ field, message: 'errors.validation.failed' }] : [];
      });
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.validation.failed' }];
    }
    case 'team.work_start_after_stop': {
      const problems = Array.isArray((details as { problems?: unknown } | undefined)?.problems)
        ? ((details as { problems: unknown[] }).problems as { index?: unknown; field?: unknown }[])
        : [];
      const fields = problems.flatMap((problem): TeamFeedback[] =>
        typeof problem.index === 'number' && isShiftField(problem.field)
          ? [
              {
                field: ['members', problem.index, problem.field],
                message: SHIFT_PROBLEM_TEXTS[problem.field],
              },
            ]
          : [],
      );
      return fields.length > 0 ? fields : [{ field: null, message: 'errors.team.work_start_after_stop' }];
    }
    case 'team.member_required':
      return [{ field: 'members', message: 'errors.team.member_required' }];
    case 'team.duplicate_member':
      return [{ field: 'members', message: 'errors.team.duplicate_member' }];
    case 'team.user_not_found':
      return [{ field: null, message: 'errors.team.user_not_found' }];
    case 'team.name_exists':
      return [{ field: 'name', message: 'errors.team.name_exists' }];
    case 'team.not_found':
      return [{ field: null, message: 'errors.team.not_found' }];
    default:
      return [{ field: null, message: 'common.error.update' }];
  }
}
