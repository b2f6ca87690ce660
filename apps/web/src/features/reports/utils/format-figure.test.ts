import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatChange, formatFigure, isLowerBetter } from './format-figure';

const t = ((key: string, values?: { value: string }) => `${key}:${values?.value ?? ''}`) as TFunction;

describe('formatFigure', () => {
  it('shows the satisfaction figures as a count, percentages and an average with its decimal', () => {
    expect(formatFigure('csatResponses', 12, t, 'en')).toBe('12');
    expect(formatFigure('csatResponseRate', 42.857, t, 'en')).toBe('42.9%');
    expect(formatFigure('csatPercent', 80, t, 'th')).toBe('80%');
    expect(formatFigure('csatAverage', 4, t, 'en')).toBe('4.0');
    expect(formatFigure('csatAverage', 4.25, t, 'en')).toBe('4.3');
  });

  it('shows the service level figures as counts and percentages; fewer breaches is the good news', () => {
    expect(formatFigure('slaMet', 1_204, t, 'en')).toBe('1,204');
    expect(formatFigure('slaBreached', 3, t, 'th')).toBe('3');
    expect(formatFigure('slaMetPercent', 97.26, t, 'en')).toBe('97.3%');
    expect(formatFigure('slaFirstResponseMetPercent', 100, t, 'en')).toBe('100%');
    expect(formatFigure('slaResolutionMetPercent', null, t, 'en')).toBe('–');
    expect(isLowerBetter('slaBreached')).toBe(true);
    expect(isLowerBetter('slaMet')).toBe(false);
    expect(isLowerBetter('firstResponseSeconds')).toBe(true);
  });

  it('shows "–" for a figure with nothing to divide by', () => {
    expect(formatFigure('csatAverage', null, t, 'en')).toBe('–');
    expect(formatFigure('csatResponseRate', null, t, 'en')).toBe('–');
    expect(formatChange(null, 'en')).toBe('–');
  });

  it('keeps the other figures as they were', () => {
    expect(formatFigure('successRate', 50, t, 'en')).toBe('50%');
    expect(formatFigure('resolvedPerDay', 0.034, t, 'en')).toBe('0.03');
    expect(formatFigure('firstResponseSeconds', 120, t, 'en')).toBe('reports.duration.minutes:2');
  });
});
