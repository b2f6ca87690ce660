import { describe, expect, it } from 'vitest';
import { lineQuotaLevel, lineQuotaPercent, lineQuotaThresholdsReached } from './line-quota';

describe('LINE quota', () => {
  it('reaches 80 % and 100 % of a limited quota, never of no limit', () => {
    expect(lineQuotaThresholdsReached(239, 300)).toEqual([]);
    expect(lineQuotaThresholdsReached(240, 300)).toEqual([80]);
    expect(lineQuotaThresholdsReached(300, 300)).toEqual([80, 100]);
    expect(lineQuotaThresholdsReached(5, null)).toEqual([]);
    expect(lineQuotaThresholdsReached(5, 0)).toEqual([]);
  });

  it('reads as normal, warning or reached, with its percentage', () => {
    expect([lineQuotaLevel(3, 5), lineQuotaLevel(4, 5), lineQuotaLevel(5, 5)]).toEqual([
      'normal',
      'warning',
      'reached',
    ]);
    expect(lineQuotaLevel(1000, null)).toBe('normal');
    expect([lineQuotaPercent(1, 3), lineQuotaPercent(7, 5), lineQuotaPercent(7, null)]).toEqual([33, 100, 0]);
  });
});
