import { describe, expect, it } from 'vitest';
import {
  businessSeconds,
  changePercent,
  emptyCounters,
  lastDays,
  lastMonths,
  metricsOf,
  periodProblem,
  previousPeriod,
  type BusinessCalendar,
} from './report-metrics';

const BKK = 'Asia/Bangkok';
const at = (iso: string) => Date.parse(iso);
// Monday 2026-03-02 … Friday 2026-03-06 (Bangkok, UTC+7), 09:00–18:00 with a holiday on Wednesday.
const officeHours: BusinessCalendar = {
  mode: 'custom',
  shifts: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startsAt: '09:00', endsAt: '18:00' })),
  holidays: new Set(['2026-03-04']),
  timeZone: BKK,
};

describe('businessSeconds', () => {
  it('counts the whole span with 24x7 and no holiday', () => {
    const cal: BusinessCalendar = { mode: '24x7', shifts: [], holidays: new Set(), timeZone: BKK };
    expect(businessSeconds(at('2026-03-02T01:00:00Z'), at('2026-03-02T03:30:00Z'), cal)).toBe(9000);
  });

  it('skips a holiday with 24x7', () => {
    const cal: BusinessCalendar = {
      mode: '24x7',
      shifts: [],
      holidays: new Set(['2026-03-04']),
      timeZone: BKK,
    };
    // Tue 20:00 → Thu 02:00 local: 4 h on Tuesday + 0 on the holiday + 2 h on Thursday.
    expect(businessSeconds(at('2026-03-03T13:00:00Z'), at('2026-03-04T19:00:00Z'), cal)).toBe(6 * 3600);
  });

  it('counts only shifts, across a night and a holiday', () => {
    // Tue 17:00 → Thu 10:30 local: 1 h Tuesday, Wednesday a holiday, 1.5 h Thursday.
    expect(businessSeconds(at('2026-03-03T10:00:00Z'), at('2026-03-05T03:30:00Z'), officeHours)).toBe(
      2.5 * 3600,
    );
    // Saturday only: nothing.
    expect(businessSeconds(at('2026-03-07T03:00:00Z'), at('2026-03-07T08:00:00Z'), officeHours)).toBe(0);
  });

  it('counts a shift crossing midnight on both days, overlapping shifts once', () => {
    const night: BusinessCalendar = {
      mode: 'custom',
      shifts: [
        { weekday: 1, startsAt: '22:00', endsAt: '02:00' },
        { weekday: 1, startsAt: '23:00', endsAt: '23:30' },
      ],
      holidays: new Set(),
      timeZone: BKK,
    };
    // Mon 21:00 → Tue 03:00 local: 22:00–02:00 = 4 h.
    expect(businessSeconds(at('2026-03-02T14:00:00Z'), at('2026-03-02T20:00:00Z'), night)).toBe(4 * 3600);
  });
});

describe('metricsOf', () => {
  it('derives averages and rates from summed counters', () => {
    const c = {
      ...emptyCounters(),
      issues: 4,
      firstResponses: 2,
      firstResponseSeconds: 600,
      firstResponseBusinessSeconds: 300,
      responses: 3,
      responseSeconds: 900,
      responseBusinessSeconds: 450,
      resolved: 4,
      resolvedSuccess: 3,
      resolvedSeconds: 4 * 3600,
      resolvedBusinessSeconds: 2 * 3600,
      adResolved: 2,
      adResolvedSuccess: 1,
      closed: 2,
      closedSuccess: 1,
      csatSent: 4,
      csatResponses: 2,
      csatSatisfied: 1,
      csatRatingSum: 7,
      slaFirstResponseMet: 3,
      slaFirstResponseBreached: 1,
      slaNextResponseMet: 0,
      slaNextResponseBreached: 0,
      slaResolutionMet: 1,
      slaResolutionBreached: 1,
    };
    expect(metricsOf(c, 2)).toEqual({
      issues: 4,
      resolved: 4,
      closed: 2,
      firstResponseSeconds: 300,
      firstResponseBusinessSeconds: 150,
      responseSeconds: 300,
      responseBusinessSeconds: 150,
      resolvedSeconds: 3600,
      resolvedBusinessSeconds: 1800,
      resolvedPerDay: 2,
      closeSuccessRate: 50,
      successRate: 75,
      conversionRate: 50,
      csatResponses: 2,
      csatResponseRate: 50,
      csatPercent: 50,
      csatAverage: 3.5,
      slaMet: 4,
      slaBreached: 2,
      slaMetPercent: (100 * 4) / 6,
      slaFirstResponseMetPercent: 75,
      slaNextResponseMetPercent: null,
      slaResolutionMetPercent: 50,
    });
  });

  it('answers null, not 0, where nothing happened', () => {
    const m = metricsOf(emptyCounters(), 7);
    expect(m.firstResponseSeconds).toBeNull();
    expect(m.successRate).toBeNull();
    expect(m.resolvedPerDay).toBe(0);
  });
});

describe('periods and compare', () => {
  it('computes the change in percent', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 3)).toBeNull();
  });

  it('builds last days, last months and the previous period', () => {
    expect(lastDays('2026-03-10', 7)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastMonths('2026-03-10', 3)).toEqual({ from: '2026-01-01', to: '2026-03-10' });
    expect(previousPeriod({ from: '2026-03-04', to: '2026-03-10' })).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
    });
  });

  it('refuses a reversed, malformed or too long period', () => {
    expect(periodProblem({ from: '2026-03-10', to: '2026-03-01' })).toBe('report.invalid_period');
    expect(periodProblem({ from: '2026-3-1', to: '2026-03-01' })).toBe('report.invalid_period');
    expect(periodProblem({ from: '2024-01-01', to: '2026-03-01' })).toBe('report.period_too_long');
    expect(periodProblem({ from: '2026-01-01', to: '2026-03-01' })).toBeNull();
  });
});
