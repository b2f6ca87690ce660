// Report metrics: the counters a day adds up, the figures derived from
// summed counters, business time between two instants, and report periods (the organisation's calendar,
// in local-time, decides what a day is). Pure: the server's roll-up and live "today" part and the web's period pickers share them.
import { addDays, daysBetween, isoWeekday, localDayOf, startOfLocalDay, type LocalDay } from './local-time';
import type { ChannelShift } from './routing';

/** Counters that add up across days, channels, teams and agents; every figure is derived from their sums. */
export type ReportCounters = {
  /** Issues started. */
  issues: number;
  /** First agent replies, and the waits they ended (first customer message → first reply). */
  firstResponses: number;
  firstResponseSeconds: number;
  firstResponseBusinessSeconds: number;
  /** Agent replies that ended a customer's wait, and those waits. */
  responses: number;
  responseSeconds: number;
  responseBusinessSeconds: number;
  /** Issues resolved (any resolved status), of which resolved-success, and their start → resolved time. */
  resolved: number;
  resolvedSuccess: number;
  resolvedSeconds: number;
  resolvedBusinessSeconds: number;
  /** Issues from an ad that were resolved, and of those resolved-success (conversion). */
  adResolved: number;
  adResolvedSuccess: number;
  /** Issues closed, and of those closed after resolved-success. */
  closed: number;
  closedSuccess: number;
  /** Satisfaction surveys sent; ratings received, of which 4 or 5 (satisfied), and their sum. */
  csatSent: number;
  csatResponses: number;
  csatSatisfied: number;
  csatRatingSum: number;
  /** SLA targets met and breached, per target (counted when the target completes: the reply, the resolution). */
  slaFirstResponseMet: number;
  slaFirstResponseBreached: number;
  slaNextResponseMet: number;
  slaNextResponseBreached: number;
  slaResolutionMet: number;
  slaResolutionBreached: number;
};

export const COUNTER_KEYS = [
  'issues',
  'firstResponses',
  'firstResponseSeconds',
  'firstResponseBusinessSeconds',
  'responses',
  'responseSeconds',
  'responseBusinessSeconds',
  'resolved',
  'resolvedSuccess',
  'resolvedSeconds',
  'resolvedBusinessSeconds',
  'adResolved',
  'adResolvedSuccess',
  'closed',
  'closedSuccess',
  'csatSent',
  'csatResponses',
  'csatSatisfied',
  'csatRatingSum',
  'slaFirstResponseMet',
  'slaFirstResponseBreached',
  'slaNextResponseMet',
  'slaNextResponseBreached',
  'slaResolutionMet',
  'slaResolutionBreached',
] as const satisfies ReadonlyArray<keyof ReportCounters>;

export function emptyCounters(): ReportCounters {
  return Object.fromEntries(COUNTER_KEYS.map((k) => [k, 0])) as ReportCounters;
}

/** Adds `b` into `a` (mutates and returns `a`). */
export function addCounters(a: ReportCounters, b: ReportCounters): ReportCounters {
  for (const k of COUNTER_KEYS) a[k] += b[k];
  return a;
}

/** The figures of one period; null where there is nothing to divide by (shown as "–", never as 0). */
export type ReportMetrics = {
  issues: number;
  resolved: number;
  closed: number;
  firstResponseSeconds: number | null;
  firstResponseBusinessSeconds: number | null;
  responseSeconds: number | null;
  responseBusinessSeconds: number | null;
  resolvedSeconds: number | null;
  resolvedBusinessSeconds: number | null;
  resolvedPerDay: number | null;
  /** Percent, 0–100. */
  closeSuccessRate: number | null;
  successRate: number | null;
  conversionRate: number | null;
  /** Satisfaction: ratings received, percent of surveys answered, percent rated 4–5, average rating. */
  csatResponses: number;
  csatResponseRate: number | null;
  csatPercent: number | null;
  csatAverage: number | null;
  /** SLA: targets met and breached (all three), percent met overall and per target. */
  slaMet: number;
  slaBreached: number;
  slaMetPercent: number | null;
  slaFirstResponseMetPercent: number | null;
  slaNextResponseMetPercent: number | null;
  slaResolutionMetPercent: number | null;
};

export const METRIC_KEYS = [
  'issues',
  'resolved',
  'closed',
  'firstResponseSeconds',
  'firstResponseBusinessSeconds',
  'responseSeconds',
  'responseBusinessSeconds',
  'resolvedSeconds',
  'resolvedBusinessSeconds',
  'resolvedPerDay',
  'closeSuccessRate',
  'successRate',
  'conversionRate',
  'csatResponses',
  'csatResponseRate',
  'csatPercent',
  'csatAverage',
  'slaMet',
  'slaBreached',
  'slaMetPercent',
  'slaFirstResponseMetPercent',
  'slaNextResponseMetPercent',
  'slaResolutionMetPercent',
] as const satisfies ReadonlyArray<keyof ReportMetrics>;

export type MetricKey = (typeof METRIC_KEYS)[number];

const average = (sum: number, count: number) => (count > 0 ? sum / count : null);
const percent = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/** The figures of summed counters over a period of `days` days. */
export function metricsOf(c: ReportCounters, days: number): ReportMetrics {
  return {
    issues: c.issues,
    resolved: c.resolved,
    closed: c.closed,
    firstResponseSeconds: average(c.firstResponseSeconds, c.firstResponses),
    firstResponseBusinessSeconds: average(c.firstResponseBusinessSeconds, c.firstResponses),
    responseSeconds: average(c.responseSeconds, c.responses),
    responseBusinessSeconds: average(c.responseBusinessSeconds, c.responses),
    resolvedSeconds: average(c.resolvedSeconds, c.resolved),
    resolvedBusinessSeconds: average(c.resolvedBusinessSeconds, c.resolved),
    resolvedPerDay: days > 0 ? c.resolved / days : null,
    closeSuccessRate: percent(c.closedSuccess, c.closed),
    successRate: percent(c.resolvedSuccess, c.resolved),
    conversionRate: percent(c.adResolvedSuccess, c.adResolved),
    csatResponses: c.csatResponses,
    csatResponseRate: percent(c.csatResponses, c.csatSent),
    csatPercent: percent(c.csatSatisfied, c.csatResponses),
    csatAverage: average(c.csatRatingSum, c.csatResponses),
    ...slaMetrics(c),
  };
}

function slaMetrics(c: ReportCounters) {
  const met = c.slaFirstResponseMet + c.slaNextResponseMet + c.slaResolutionMet;
  const breached = c.slaFirstResponseBreached + c.slaNextResponseBreached + c.slaResolutionBreached;
  return {
    slaMet: met,
    slaBreached: breached,
    slaMetPercent: percent(met, met + breached),
    slaFirstResponseMetPercent: percent(
      c.slaFirstResponseMet,
      c.slaFirstResponseMet + c.slaFirstResponseBreached,
    ),
    slaNextResponseMetPercent: percent(
      c.slaNextResponseMet,
      c.slaNextResponseMet + c.slaNextResponseBreached,
    ),
    slaResolutionMetPercent: percent(c.slaResolutionMet, c.slaResolutionMet + c.slaResolutionBreached),
  };
}

/** Change from the compare period to the current one in percent; null when either is missing or was 0. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (100 * (current - previous)) / Math.abs(previous);
}

/** The change of every figure between two periods. */
export function metricChanges(
  current: ReportMetrics,
  previous: ReportMetrics,
): Record<MetricKey, number | null> {
  return Object.fromEntries(METRIC_KEYS.map((k) => [k, changePercent(current[k], previous[k])])) as Record<
    MetricKey,
    number | null
  >;
}

// ---- periods -------------------------------------------------------------------------------------------------

/** A report period: whole local days, both ends included. */
export type ReportPeriod = { from: LocalDay; to: LocalDay };

export const MAX_REPORT_DAYS = 366;

/** The last `n` days up to and including `today` ("last x days"). */
export function lastDays(today: LocalDay, n: number): ReportPeriod {
  return { from: addDays(today, -(n - 1)), to: today };
}

/** The last `n` calendar months, the current one included (to today): "last x months". */
export function lastMonths(today: LocalDay, n: number): ReportPeriod {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - (n - 1), 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

/** The compare period: as many days, ending the day before `period` starts. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const length = daysBetween(period.from, period.to);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** Why a period cannot be reported on, or null when it can. */
export function periodProblem(
  period: ReportPeriod,
): 'report.invalid_period' | 'report.period_too_long' | null {
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if (!valid(period.from) || !valid(period.to) || period.from > period.to) return 'report.invalid_period';
  if (daysBetween(period.from, period.to) > MAX_REPORT_DAYS) return 'report.period_too_long';
  return null;
}

// ---- business time -------------------------------------------------------------------------------------------

/** A channel's working time: always (24x7) or its weekly shifts, minus its holidays (local days). */
export type BusinessCalendar = {
  mode: '24x7' | 'custom';
  shifts: readonly ChannelShift[];
  holidays: ReadonlySet<LocalDay>;
  timeZone: string;
};

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The working windows of one local day as [start, end) minute offsets from its midnight. */
function windowsOfDay(day: LocalDay, cal: BusinessCalendar): Array<[number, number]> {
  if (cal.holidays.has(day)) return [];
  if (cal.mode === '24x7') return [[0, 24 * 60]];
  const weekday = isoWeekday(day);
  const previous = weekday === 1 ? 7 : weekday - 1;
  const windows: Array<[number, number]> = [];
  for (const s of cal.shifts) {
    const start = minutesOf(s.startsAt);
    const end = minutesOf(s.endsAt);
    if (start < end) {
      if (s.weekday === weekday) windows.push([start, end]);
    } else {
      // A shift crossing midnight: its evening on its weekday, its morning on the next day.
      if (s.weekday === weekday) windows.push([start, 24 * 60]);
      if (s.weekday === previous && end > 0) windows.push([0, end]);
    }
  }
  return windows;
}

// Each calendar's days as computed once: local midnights come from the zone rules, which are slow to read,
// and a batch of issues asks for the same few days again and again.
const spansByCalendar = new WeakMap<BusinessCalendar, Map<LocalDay, Array<[number, number]>>>();

const dayByCalendar = new WeakMap<BusinessCalendar, Map<number, LocalDay>>();
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The local day of an instant in the calendar's zone, remembered per quarter hour: every zone's offset is a
 * whole number of quarter hours, so a local midnight never falls inside one.
 */
function calendarDayOf(ms: number, cal: BusinessCalendar): LocalDay {
  let days = dayByCalendar.get(cal);
  if (!days) dayByCalendar.set(cal, (days = new Map()));
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let day = days.get(bucket);
  if (day === undefined) days.set(bucket, (day = localDayOf(ms, cal.timeZone)));
  return day;
}

/** The working time of one local day as sorted, non-overlapping [start, end) instants (overlapping shifts merge). */
function workingSpansOfDay(day: LocalDay, cal: BusinessCalendar): Array<[number, number]> {
  let days = spansByCalendar.get(cal);
  if (!days) spansByCalendar.set(cal, (days = new Map()));
  let spans = days.get(day);
  if (!spans) days.set(day, (spans = computeSpansOfDay(day, cal)));
  return spans;
}

function computeSpansOfDay(day: LocalDay, cal: BusinessCalendar): Array<[number, number]> {
  const midnight = startOfLocalDay(day, cal.timeZone);
  const spans = windowsOfDay(day, cal)
    .map(([a, b]): [number, number] => [midnight + a * 60_000, midnight + b * 60_000])
    .sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/**
 * Seconds of working time between two instants: the whole span with 24x7 (holidays excepted), else only the
 * parts inside the channel's shifts. Overlapping shifts count once.
 */
export function businessSeconds(startMs: number, endMs: number, cal: BusinessCalendar): number {
  if (endMs <= startMs) return 0;
  if (cal.mode === '24x7' && cal.holidays.size === 0) return (endMs - startMs) / 1000;
  let total = 0;
  const lastDay = localDayOf(endMs, cal.timeZone);
  for (let day = localDayOf(startMs, cal.timeZone); day <= lastDay; day = addDays(day, 1)) {
    for (const [a, b] of workingSpansOfDay(day, cal)) {
      const from = Math.max(a, startMs);
      const to = Math.min(b, endMs);
      if (to > from) total += to - from;
    }
  }
  return total / 1000;
}

/** Whether an instant falls in the calendar's working time (automation's "inside business hours"). */
export function isWorkingTime(ms: number, cal: BusinessCalendar): boolean {
  return workingSpansOfDay(calendarDayOf(ms, cal), cal).some(([a, b]) => ms >= a && ms < b);
}

/** How far ahead addBusinessSeconds looks for working time before it gives up (a calendar with none). */
const BUSINESS_SEARCH_DAYS = 400;

/**
 * The instant when `seconds` of working time have passed since `startMs` (SLA due times): working time only
 * counts inside the calendar's windows, so a target set outside business hours starts counting at the next
 * opening. Null when the calendar has no working time within BUSINESS_SEARCH_DAYS.
 */
export function addBusinessSeconds(startMs: number, seconds: number, cal: BusinessCalendar): number | null {
  if (seconds <= 0) return startMs;
  if (cal.mode === '24x7' && cal.holidays.size === 0) return startMs + seconds * 1000;
  let left = seconds * 1000;
  let day = calendarDayOf(startMs, cal);
  for (let n = 0; n < BUSINESS_SEARCH_DAYS; n++, day = addDays(day, 1)) {
    for (const [a, b] of workingSpansOfDay(day, cal)) {
      const from = Math.max(a, startMs);
      if (b <= from) continue;
      if (b - from >= left) return from + left;
      left -= b - from;
    }
  }
  return null;
}
