// The period controls of the dashboard and the reports (spec §9: "last x days or months", a custom range, and
// a compare period): which days they mean, and the query the API takes.
import type { ReportQuery } from '@sabai/contracts';
import { lastDays, lastMonths, previousPeriod, type ReportPeriod } from '@sabai/domain';

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
