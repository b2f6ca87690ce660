import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLS, compareOf, periodOf, reportQuery } from './report-period';

describe('report period controls', () => {
  it('maps presets to days up to today', () => {
    expect(periodOf(DEFAULT_CONTROLS, '2027-03-10')).toEqual({ from: '2027-03-04', to: '2027-03-10' });
    expect(periodOf({ ...DEFAULT_CONTROLS, preset: 'last3Months' }, '2027-03-10')).toEqual({
      from: '2027-01-01',
      to: '2027-03-10',
    });
    const custom = { from: '2027-01-05', to: '2027-01-09' };
    expect(periodOf({ ...DEFAULT_CONTROLS, preset: 'custom', custom }, '2027-03-10')).toEqual(custom);
  });

  it('compares with the previous period, a custom one, or none', () => {
    const period = { from: '2027-03-04', to: '2027-03-10' };
    expect(compareOf(DEFAULT_CONTROLS, period)).toEqual({ from: '2027-02-25', to: '2027-03-03' });
    expect(compareOf({ ...DEFAULT_CONTROLS, compare: 'none' }, period)).toBeNull();
    const other = { from: '2026-03-04', to: '2026-03-10' };
    expect(compareOf({ ...DEFAULT_CONTROLS, compare: 'custom', compareCustom: other }, period)).toEqual(
      other,
    );
  });

  it('builds the API query with the filters', () => {
    expect(reportQuery({ ...DEFAULT_CONTROLS, channel: 'c1', compare: 'none' }, '2027-03-10')).toEqual({
      from: '2027-03-04',
      to: '2027-03-10',
      channel: ['c1'],
    });
    expect(reportQuery({ ...DEFAULT_CONTROLS, team: 't1' }, '2027-03-10')).toEqual({
      from: '2027-03-04',
      to: '2027-03-10',
      compareFrom: '2027-02-25',
      compareTo: '2027-03-03',
      team: ['t1'],
    });
  });
});
