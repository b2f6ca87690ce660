// How figures read on screen: durations in the largest fitting unit, rates in percent, "–" when there is
// nothing to show (a null figure is "no data", never zero).
import type { TFunction } from 'i18next';
import type { MetricKey } from '@sabai/domain';

export const NO_VALUE = '–';

/** Times: shown as durations, and a smaller value is the better one (the change is coloured accordingly). */
export const LOWER_IS_BETTER: ReadonlySet<MetricKey> = new Set([
  'firstResponseSeconds',
  'firstResponseBusinessSeconds',
  'responseSeconds',
  'responseBusinessSeconds',
  'resolvedSeconds',
  'resolvedBusinessSeconds',
]);

/** Counts where fewer is the better news: service level targets breached. */
const FEWER_IS_BETTER: ReadonlySet<MetricKey> = new Set(['slaBreached']);

/** Whether a fall of the figure is good news (a shorter time, fewer breaches). */
export const isLowerBetter = (key: MetricKey): boolean =>
  LOWER_IS_BETTER.has(key) || FEWER_IS_BETTER.has(key);

/** Figures in percent. */
const PERCENT_FIGURES: ReadonlySet<MetricKey> = new Set([
  'closeSuccessRate',
  'successRate',
  'conversionRate',
  'csatResponseRate',
  'csatPercent',
  'slaMetPercent',
  'slaFirstResponseMetPercent',
  'slaNextResponseMetPercent',
  'slaResolutionMetPercent',
]);

const number = (value: number, language: string, digits = 1, minimumDigits = 0) =>
  new Intl.NumberFormat(language === 'th' ? 'th-TH' : 'en-GB', {
    maximumFractionDigits: digits,
    minimumFractionDigits: minimumDigits,
  }).format(value);

export function formatDuration(seconds: number | null, t: TFunction, language: string): string {
  if (seconds === null) return NO_VALUE;
  if (seconds < 60) return t('reports.duration.seconds', { value: number(seconds, language, 0) });
  if (seconds < 3600) return t('reports.duration.minutes', { value: number(seconds / 60, language) });
  if (seconds < 86_400) return t('reports.duration.hours', { value: number(seconds / 3600, language) });
  return t('reports.duration.days', { value: number(seconds / 86_400, language) });
}

export function formatFigure(key: MetricKey, value: number | null, t: TFunction, language: string): string {
  if (value === null) return NO_VALUE;
  if (LOWER_IS_BETTER.has(key)) return formatDuration(value, t, language);
  if (PERCENT_FIGURES.has(key)) return `${number(value, language)}%`;
  // An average rating keeps its decimal (4.0 out of 5, not 4).
  if (key === 'csatAverage') return number(value, language, 1, 1);
  // A few resolutions a month are still worth seeing per day (0.03, not 0).
  return number(value, language, key === 'resolvedPerDay' ? (value < 1 ? 2 : 1) : 0);
}

/** A change in percent with its sign, e.g. "+12.5%". */
export function formatChange(change: number | null, language: string): string {
  if (change === null) return NO_VALUE;
  const sign = change > 0 ? '+' : '';
  return `${sign}${number(change, language)}%`;
}
