import { describe, expect, it } from 'vitest';
import { manualClock, systemClock } from './clock';

describe('clock', () => {
  it('systemClock follows the wall clock', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('manualClock moves only when told, and hands out copies', () => {
    const clock = manualClock(new Date('2025-01-01T00:00:00Z'));
    const first = clock.now();
    first.setFullYear(2030);
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2025-01-01T00:01:30.000Z');
    clock.set(new Date('2025-06-01T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });
});
