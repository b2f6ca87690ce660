import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTROLS,
  compareOf,
  controlsParams,
  periodOf,
  readControls,
  reportQuery,
  type ReportControls,
} from './report-period';

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

  it('keeps the controls in the address, only what differs from the defaults, and reads them back', () => {
    expect(controlsParams(DEFAULT_CONTROLS)).toEqual({});
    const chosen: ReportControls = {
      preset: 'custom',
      custom: { from: '2027-01-05', to: '2027-02-09' },
      compare: 'none',
      compareCustom: null,
      channel: 'c1',
      team: null,
      businessHours: true,
    };
    const params = new URLSearchParams(controlsParams(chosen));
    expect(params.toString()).toBe(
      'period=custom&from=2027-01-05&to=2027-02-09&compare=none&channel=c1&businessHours=true',
    );
    expect(readControls(params)).toEqual(chosen);
    expect(readControls(new URLSearchParams('period=last30Days&lang=th'))).toEqual({
      ...DEFAULT_CONTROLS,
      preset: 'last30Days',
    });
  });

  it('falls back to the defaults for what it cannot read', () => {
    expect(readControls(new URLSearchParams('period=forever&compare=maybe'))).toEqual(DEFAULT_CONTROLS);
    // A custom period without days, backwards, or over the 366-day limit is not a custom period.
    for (const query of [
      'period=custom',
      'period=custom&from=2027-02-01&to=2027-01-01',
      'period=custom&from=2025-01-01&to=2027-01-01',
    ])
      expect(readControls(new URLSearchParams(query)).preset).toBe(DEFAULT_CONTROLS.preset);
  });
});
