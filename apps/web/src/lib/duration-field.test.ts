import { describe, expect, it } from 'vitest';
import { fittingUnit, toAmount, toMinutes } from './duration-field';

describe('a target typed in minutes, hours or days', () => {
  it('opens in the largest unit it is a whole number of', () => {
    expect(fittingUnit(2_880, 'minutes')).toBe('days');
    expect(fittingUnit(120, 'minutes')).toBe('hours');
    expect(fittingUnit(90, 'hours')).toBe('minutes');
    expect(fittingUnit(null, 'hours')).toBe('hours');
  });

  it('is kept in whole minutes', () => {
    expect(toMinutes(2, 'hours')).toBe(120);
    expect(toMinutes(365, 'days')).toBe(525_600);
    expect(toMinutes(null, 'days')).toBeNull();
    expect(toAmount(1_440, 'days')).toBe(1);
    expect(toAmount(null, 'minutes')).toBeNull();
  });
});
