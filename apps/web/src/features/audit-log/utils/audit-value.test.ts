import { describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '@sabai/contracts';
import { NO_VALUE, formatAuditValue } from './audit-value';

describe('formatAuditValue', () => {
  it('shows a missing value as a dash', () => {
    expect(formatAuditValue(null)).toBe(NO_VALUE);
    expect(formatAuditValue(undefined)).toBe(NO_VALUE);
  });

  it('shows text as it is, and an empty text as ""', () => {
    expect(formatAuditValue('Refund')).toBe('Refund');
    expect(formatAuditValue('')).toBe('""');
    expect(formatAuditValue(MASKED_VALUE)).toBe(MASKED_VALUE);
  });

  it('shows numbers and booleans as written', () => {
    expect(formatAuditValue(730)).toBe('730');
    expect(formatAuditValue(false)).toBe('false');
  });

  it('shows objects and arrays as compact JSON', () => {
    expect(formatAuditValue({ start: '09:00', stop: '18:00' })).toBe('{"start":"09:00","stop":"18:00"}');
    expect(formatAuditValue(['a', 1, null])).toBe('["a",1,null]');
    expect(formatAuditValue([])).toBe('[]');
  });
});
