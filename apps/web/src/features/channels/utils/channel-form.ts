// The channel form's values and their translation to and from the API's shapes (packages/contracts
// channels.ts). Rows keep what the form needs besides the API fields (a holiday's canRemove).
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { Channel, CreateChannel, UpdateChannel } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';

export type AssignedMode = Channel['assignedMode'];
export type BusinessHoursMode = Channel['businessHoursMode'];

export type KeywordRow = { keyword?: string; teamId?: string };
export type ShiftRow = { weekday?: number; startsAt?: Dayjs | null; endsAt?: Dayjs | null };
export type HolidayRow = {
  id?: string;
  name?: string;
  date?: Dayjs | null;
  autoResponseMessage?: string;
  /** False once the holiday has started (server's answer): it stays, unchanged. */
  canRemove: boolean;
};

export type ChannelFormValues = {
  name?: string;
  /** LINE: the typed channel id. Messenger / Instagram: the Page or Instagram account picked. */
  externalId?: string;
  secret?: string;
  accessToken?: string;
  assignedMode: AssignedMode;
  assignedTeamId?: string;
  reservedTeamId?: string | null;
  keywords: KeywordRow[];
  businessHoursMode: BusinessHoursMode;
  shifts: ShiftRow[];
  offServiceResponse?: string;
  holidays: HolidayRow[];
  sendAgentIdentity: boolean;
  answerInGroups: boolean;
  markReadOnOpen: boolean;
};

/** The server's limits (contracts channels.ts), mirrored by the form's rules. */
export const LIMITS = {
  name: 100,
  secret: 200,
  accessToken: 1000,
  keyword: 100,
  message: 2000,
  holidayName: 100,
} as const;

/** LINE channel ids are 6 to 20 digits. */
export const LINE_CHANNEL_ID = /^\d{6,20}$/;

/** ISO weekdays (1 = Monday) with their names. */
export const WEEKDAYS: ReadonlyArray<{ value: number; labelKey: TranslationKey }> = [
  { value: 1, labelKey: 'channels.form.weekdays.mon' },
  { value: 2, labelKey: 'channels.form.weekdays.tue' },
  { value: 3, labelKey: 'channels.form.weekdays.wed' },
  { value: 4, labelKey: 'channels.form.weekdays.thu' },
  { value: 5, labelKey: 'channels.form.weekdays.fri' },
  { value: 6, labelKey: 'channels.form.weekdays.sat' },
  { value: 7, labelKey: 'channels.form.weekdays.sun' },
];

export const TYPE_LABELS: Record<ChannelType, TranslationKey> = {
  line: 'channels.types.line',
  facebook: 'channels.types.facebook',
  instagram: 'channels.types.instagram',
};

export const MODE_LABELS: Record<AssignedMode, TranslationKey> = {
  normal: 'channels.modes.normal',
  keyword: 'channels.modes.keyword',
};

const TIME = 'HH:mm';
const DATE = 'YYYY-MM-DD';
/** How dates are shown (dd/MM/yyyy). */
export const DISPLAY_DATE = 'DD/MM/YYYY';

const toTime = (hhmm: string): Dayjs => dayjs(`2000-01-01T${hhmm}`);

/** A new shift on a day: office hours, to be edited. */
export function newShift(weekday: number): ShiftRow {
  return { weekday, startsAt: toTime('09:00'), endsAt: toTime('18:00') };
}

const WORKDAYS = [2, 3, 4, 5];

/** Monday's shifts copied to Tuesday–Friday, replacing theirs; the weekend keeps its own. */
export function copyMondayToWeekdays(shifts: readonly ShiftRow[]): ShiftRow[] {
  const monday = shifts.filter((s) => s.weekday === 1);
  return [
    ...shifts.filter((s) => !WORKDAYS.includes(s.weekday ?? 0)),
    ...WORKDAYS.flatMap((weekday) => monday.map((s) => ({ ...s, weekday }))),
  ];
}

/** The form's starting values: the channel's, or a new channel's defaults. */
export function toFormValues(channel?: Channel): ChannelFormValues {
  if (!channel) {
    return {
      name: '',
      externalId: undefined,
      secret: '',
      accessToken: '',
      assignedMode: 'normal',
      assignedTeamId: undefined,
      reservedTeamId: null,
      keywords: [],
      businessHoursMode: '24x7',
      shifts: [],
      offServiceResponse: '',
      holidays: [],
      sendAgentIdentity: false,
      answerInGroups: false,
      markReadOnOpen: true,
    };
  }
  return {
    name: channel.name,
    externalId: channel.externalId,
    secret: '',
    accessToken: '',
    assignedMode: channel.assignedMode,
    assignedTeamId: channel.assignedTeamId ?? undefined,
    reservedTeamId: channel.reservedTeamId,
    keywords: channel.keywords.map(({ keyword, teamId }) => ({ keyword, teamId })),
    businessHoursMode: channel.businessHoursMode,
    shifts: channel.shifts.map((shift) => ({
      weekday: shift.weekday,
      startsAt: toTime(shift.startsAt),
      endsAt: toTime(shift.endsAt),
    })),
    offServiceResponse: channel.offServiceResponse,
    holidays: channel.holidays.map((holiday) => ({
      id: holiday.id,
      name: holiday.name,
      date: dayjs(holiday.date),
      autoResponseMessage: holiday.autoResponseMessage,
      canRemove: holiday.canRemove,
    })),
    sendAgentIdentity: channel.sendAgentIdentity,
    answerInGroups: channel.answerInGroups,
    markReadOnOpen: channel.markReadOnOpen,
  };
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

/**
 * The fields create and update share. What the form hides is not in force, so it is not sent: keywords
 * outside keyword mode, shifts with 24x7 hours.
 */
function channelFields(values: ChannelFormValues): Omit<UpdateChannel, 'secret' | 'accessToken'> {
  return {
    name: trimmed(values.name),
    assignedMode: values.assignedMode,
    assignedTeamId: values.assignedTeamId ?? '',
    reservedTeamId: values.reservedTeamId ?? null,
    keywords:
      values.assignedMode === 'keyword'
        ? values.keywords.map((row) => ({ keyword: trimmed(row.keyword), teamId: row.teamId ?? '' }))
        : [],
    businessHoursMode: values.businessHoursMode,
    shifts:
      values.businessHoursMode === 'custom'
        ? values.shifts.map((row) => ({
            weekday: row.weekday ?? 1,
            startsAt: row.startsAt?.format(TIME) ?? '',
            endsAt: row.endsAt?.format(TIME) ?? '',
          }))
        : [],
    offServiceResponse: trimmed(values.offServiceResponse),
    holidays: values.holidays.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      name: trimmed(row.name),
      date: row.date?.format(DATE) ?? '',
      autoResponseMessage: trimmed(row.autoResponseMessage),
    })),
    sendAgentIdentity: values.sendAgentIdentity,
    answerInGroups: values.answerInGroups,
    markReadOnOpen: values.markReadOnOpen,
  };
}

/** POST /channels body: LINE with its credentials, Messenger / Instagram with the Facebook Login connection. */
export function toCreateRequest(
  values: ChannelFormValues,
  type: ChannelType,
  options: { connectionId?: string | null; takeOver: boolean },
): CreateChannel {
  const fields = channelFields(values);
  const externalId = trimmed(values.externalId);
  if (type === 'line') {
    return {
      ...fields,
      type,
      externalId,
      secret: trimmed(values.secret),
      accessToken: trimmed(values.accessToken),
      takeOver: options.takeOver,
    };
  }
  return {
    ...fields,
    type,
    externalId,
    connectionId: options.connectionId ?? '',
    takeOver: options.takeOver,
  };
}

/** PUT /channels/:id body: empty secret fields keep the saved ones. */
export function toUpdateRequest(values: ChannelFormValues): UpdateChannel {
  const secret = trimmed(values.secret);
  const accessToken = trimmed(values.accessToken);
  return {
    ...channelFields(values),
    ...(secret ? { secret } : {}),
    ...(accessToken ? { accessToken } : {}),
  };
}

/** Indexes of keyword rows repeating an earlier row's keyword (case-insensitive, as the server compares). */
export function duplicateKeywordRows(rows: readonly KeywordRow[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const key = trimmed(row.keyword).toLocaleLowerCase();
    if (!key) return;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}
