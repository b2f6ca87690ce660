import { describe, expect, it } from 'vitest';
import type { IssueSla } from '@sabai/contracts';
import { nextSlaChange, slaCountdown } from './sla-countdown';

// A one-minute first response target: amber at 48 s, red at 60 s.
const start = Date.parse('2026-03-02T09:00:00.000Z');
const sla: IssueSla = {
  target: 'firstResponse',
  warnAt: new Date(start + 48_000).toISOString(),
  dueAt: new Date(start + 60_000).toISOString(),
};

describe('slaCountdown', () => {
  it('counts down in whole minutes, rounded up, and turns amber at warnAt', () => {
    expect(slaCountdown(sla, start)).toEqual({ state: 'ok', minutes: 1 });
    expect(slaCountdown(sla, start + 47_999)).toEqual({ state: 'ok', minutes: 1 });
    expect(slaCountdown(sla, start + 48_000)).toEqual({ state: 'warning', minutes: 1 });
  });

  it('is breached from dueAt and counts the minutes overdue', () => {
    expect(slaCountdown(sla, start + 60_000)).toEqual({ state: 'breached', minutes: 1 });
    expect(slaCountdown(sla, start + 60_000 + 4 * 60_000)).toEqual({ state: 'breached', minutes: 4 });
    expect(slaCountdown(sla, start + 60_000 + 4 * 60_000 + 1)).toEqual({ state: 'breached', minutes: 5 });
  });

  it('reads hours and days left from a long target', () => {
    const resolution: IssueSla = {
      target: 'resolution',
      warnAt: new Date(start + 2 * 3_600_000).toISOString(),
      dueAt: new Date(start + 3 * 3_600_000 + 5 * 60_000).toISOString(),
    };
    expect(slaCountdown(resolution, start)).toEqual({ state: 'ok', minutes: 185 });
  });
});

describe('nextSlaChange', () => {
  it('is the warning time, then the due time, then nothing', () => {
    expect(nextSlaChange(sla, start)).toBe(start + 48_000);
    expect(nextSlaChange(sla, start + 48_000)).toBe(start + 60_000);
    expect(nextSlaChange(sla, start + 60_000)).toBeNull();
  });
});
