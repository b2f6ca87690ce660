// Routing of a new issue on arrival: which team receives it, and which automatic
// replies the customer gets. Times are read in the organisation's time zone.
import { localTime } from './local-time';

export type ChannelShift = { weekday: number; startsAt: string; endsAt: string };
export type ChannelHoliday = { date: string; message: string };
export type ChannelKeyword = { keyword: string; teamId: string };

export type RoutingChannel = {
  assignedMode: 'normal' | 'keyword';
  assignedTeamId: string | null;
  reservedTeamId: string | null;
  businessHoursMode: '24x7' | 'custom';
  offServiceResponse: string;
};

export type RoutingRules = { keywords: ChannelKeyword[]; shifts: ChannelShift[]; holidays: ChannelHoliday[] };

export type RoutingDecision = {
  teamId: string | null;
  /** Why the customer gets an automatic answer instead of (or before) a person. */
  service: 'open' | 'off_hours' | 'holiday';
  /** The message for off-hours or a holiday, when there is one. */
  serviceMessage: string | null;
};

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** Whether `at` falls in one of the channel's working shifts (always, with 24x7). A shift may cross midnight. */
export function isWithinBusinessHours(
  mode: '24x7' | 'custom',
  shifts: readonly ChannelShift[],
  at: Date,
  timeZone: string,
) {
  if (mode === '24x7') return true;
  const now = localTime(at, timeZone);
  return shifts.some((s) => {
    const start = toMinutes(s.startsAt);
    const end = toMinutes(s.endsAt);
    if (start <= end) return s.weekday === now.weekday && now.minutes >= start && now.minutes < end;
    const previousDay = now.weekday === 1 ? 7 : now.weekday - 1;
    return (
      (s.weekday === now.weekday && now.minutes >= start) || (s.weekday === previousDay && now.minutes < end)
    );
  });
}

/** The first keyword contained in the text (case-insensitive), if any. */
export function matchKeyword(
  keywords: readonly ChannelKeyword[],
  text: string | null,
): ChannelKeyword | null {
  if (!text) return null;
  const lower = text.toLocaleLowerCase();
  return keywords.find((k) => k.keyword && lower.includes(k.keyword.toLocaleLowerCase())) ?? null;
}

/**
 * Decides the team and service state of a new issue: keyword mode picks the team of the first keyword in the
 * first message, else the assigned team; on a holiday or outside business hours the reserved team (when set)
 * takes the issue and the customer gets the holiday's or the off-service message.
 */
export function routeNewIssue(
  channel: RoutingChannel,
  rules: RoutingRules,
  firstText: string | null,
  at: Date,
  timeZone: string,
): RoutingDecision {
  const keyword = channel.assignedMode === 'keyword' ? matchKeyword(rules.keywords, firstText) : null;
  const normalTeam = keyword?.teamId ?? channel.assignedTeamId;
  const today = localTime(at, timeZone).date;
  const holiday = rules.holidays.find((h) => h.date === today);
  if (holiday)
    return {
      teamId: channel.reservedTeamId ?? normalTeam,
      service: 'holiday',
      serviceMessage: holiday.message || null,
    };
  if (!isWithinBusinessHours(channel.businessHoursMode, rules.shifts, at, timeZone)) {
    return {
      teamId: channel.reservedTeamId ?? normalTeam,
      service: 'off_hours',
      serviceMessage: channel.offServiceResponse || null,
    };
  }
  return { teamId: normalTeam, service: 'open', serviceMessage: null };
}
