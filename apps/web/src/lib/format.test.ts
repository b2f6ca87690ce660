import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPeriod } from './format';

// Local times (no offset), so the test reads the same in any time zone.
const at = (local: string) => dayjs(local).toISOString();

describe('display formats', () => {
  it('shows a date-time as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime(at('2026-03-10T09:05:00'))).toBe('10/03/2026 09:05');
  });

  it('shows whole days as dates, the last day included', () => {
    expect(formatPeriod(at('2026-03-10T00:00:00'), at('2026-03-13T00:00:00'))).toBe(
      '10/03/2026 – 12/03/2026',
    );
    expect(formatPeriod(at('2026-03-10T00:00:00'), at('2026-03-11T00:00:00'))).toBe('10/03/2026');
  });

  it('shows any other period with its times', () => {
    expect(formatPeriod(at('2026-03-10T13:00:00'), at('2026-03-10T17:30:00'))).toBe(
      '10/03/2026 13:00 – 10/03/2026 17:30',
    );
  });
});
