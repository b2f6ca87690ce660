// The period controls of the dashboard and the reports ("last x days or months", a custom range, and
// a compare period): which days they mean, and the query the API takes.
import type { ReportQuery } from '@sabai/contracts';
import {
  daysBetween,
  lastDays,
  lastMonths,
  MAX_REPORT_DAYS,
  previousPeriod,
  type ReportPeriod,
} from '@sabai/domain';

export const PERIOD_PRESETS = [
  'last7Days',
  'last30Days',
  'last90Days',
  'last3Months',
  'last12Months',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const COMPARE_MODES = ['previous', 'none', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export type ReportControls = {
  preset: PeriodPreset;
  custom: ReportPeriod | null;
  compare: CompareMode;
  compareCustom: ReportPeriod | null;
  channel: string | null;
  team: string | null;
  /** Show the times counted in the channels' working hours only. */
  businessHours: boolean;
};

export const DEFAULT_CONTROLS: ReportControls = {
  preset: 'last7Days',
  custom: null,
  compare: 'previous',
  compareCustom: null,
  channel: null,
  team: null,
  businessHours: false,
};

/** The days a preset covers, up to and including `today`; a custom range without days falls back to 7. */
export function periodOf(c: ReportControls, today: string): ReportPeriod {
  switch (c.preset) {
    case 'last7Days':
      return lastDays(today, 7);
    case 'last30Days':
      return lastDays(today, 30);
    case 'last90Days':
      return lastDays(today, 90);
    case 'last3Months':
      return lastMonths(today, 3);
    case 'last12Months':
      return lastMonths(today, 12);
    case 'custom':
      return c.custom ?? lastDays(today, 7);
  }
}

/** The compare period: as many days just before, a custom range, or none. */
export function compareOf(c: ReportControls, period: ReportPeriod): ReportPeriod | null {
  switch (c.compare) {
    case 'none':
      return null;
    case 'previous':
      return previousPeriod(period);
    case 'custom':
      return c.compareCustom ?? previousPeriod(period);
  }
}

/** The API query of the controls (from, to, compareFrom, compareTo, channel, team). */
export function reportQuery(c: ReportControls, today: string): ReportQuery {
  const period = periodOf(c, today);
  const compare = compareOf(c, period);
  return {
    from: period.from,
    to: period.to,
    ...(compare ? { compareFrom: compare.from, compareTo: compare.to } : {}),
    ...(c.channel ? { channel: [c.channel] } : {}),
    ...(c.team ? { team: [c.team] } : {}),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address parameters the report controls own (a screen keeps any other parameter it has). */
export const CONTROL_KEYS: ReadonlySet<string> = new Set([
  'period',
  'from',
  'to',
  'compare',
  'compareFrom',
  'compareTo',
  'channel',
  'team',
  'businessHours',
]);

/**
 * The controls as the address's query, only what differs from the defaults (period, from, to, compare,
 * compareFrom, compareTo, channel, team, businessHours), so a chosen period survives a reload and has a link.
 */
export function controlsParams(c: ReportControls): Record<string, string> {
  const params: Record<string, string> = {};
  if (c.preset !== DEFAULT_CONTROLS.preset) params.period = c.preset;
  if (c.preset === 'custom' && c.custom) Object.assign(params, { from: c.custom.from, to: c.custom.to });
  if (c.compare !== DEFAULT_CONTROLS.compare) params.compare = c.compare;
  if (c.compare === 'custom' && c.compareCustom)
    Object.assign(params, { compareFrom: c.compareCustom.from, compareTo: c.compareCustom.to });
  if (c.channel) params.channel = c.channel;
  if (c.team) params.team = c.team;
  if (c.businessHours) params.businessHours = 'true';
  return params;
}

/** The controls an address describes; what it cannot read keeps its default, never an error. */
export function readControls(params: URLSearchParams): ReportControls {
  const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
    values.includes(value as T) ? (value as T) : fallback;
  const range = (fromKey: string, toKey: string): ReportPeriod | null => {
    const [from, to] = [params.get(fromKey), params.get(toKey)];
    if (!from || !to || !DAY.test(from) || !DAY.test(to) || from > to) return null;
    return daysBetween(from, to) <= MAX_REPORT_DAYS ? { from, to } : null;
  };
  const custom = range('from', 'to');
  const compareCustom = range('compareFrom', 'compareTo');
  const preset = oneOf(PERIOD_PRESETS, params.get('period'), DEFAULT_CONTROLS.preset);
  const compare = oneOf(COMPARE_MODES, params.get('compare'), DEFAULT_CONTROLS.compare);
  return {
    preset: preset === 'custom' && !custom ? DEFAULT_CONTROLS.preset : preset,
    custom: preset === 'custom' ? custom : null,
    compare: compare === 'custom' && !compareCustom ? DEFAULT_CONTROLS.compare : compare,
    compareCustom: compare === 'custom' ? compareCustom : null,
    channel: params.get('channel') || null,
    team: params.get('team') || null,
    businessHours: params.get('businessHours') === 'true',
  };
}
