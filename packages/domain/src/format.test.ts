import { describe, it, expect } from 'vitest';
import { badgeText, formatDateTime, formatPhone } from './format';

describe('formatDateTime', () => {
  it('formats dd/MM/yyyy HH:mm in Asia/Bangkok by default', () => {
    // 17:05 UTC is 00:05 the next day in Bangkok (UTC+7), which also crosses a month and 24h midnight.
    expect(formatDateTime('2026-01-31T17:05:00Z')).toBe('01/02/2026 00:05');
    expect(formatDateTime(new Date('2026-06-15T06:30:00Z'))).toBe('15/06/2026 13:30');
    expect(formatDateTime(Date.UTC(2026, 11, 31, 16, 59))).toBe('31/12/2026 23:59');
  });

  it('uses the given time zone', () => {
    expect(formatDateTime('2026-01-31T17:05:00Z', 'UTC')).toBe('31/01/2026 17:05');
    expect(formatDateTime('2026-01-31T17:05:00Z', 'America/New_York')).toBe('31/01/2026 12:05');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('yesterday')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });

  it('throws on an unknown time zone', () => {
    expect(() => formatDateTime('2026-01-31T17:05:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatPhone', () => {
  it('groups exactly ten digits 3-3-4', () => {
    expect(formatPhone('0812345678')).toBe('081 234 5678');
  });

  it('keeps digits only', () => {
    expect(formatPhone('081-234-5678')).toBe('081 234 5678');
    expect(formatPhone(' (081) 234 5678 ')).toBe('081 234 5678');
    expect(formatPhone(1234567890)).toBe('123 456 7890');
  });

  it('shows nothing for any other length', () => {
    expect(formatPhone('081234567')).toBe('');
    expect(formatPhone('08123456789')).toBe('');
    expect(formatPhone('+66 81 234 5678')).toBe('');
    expect(formatPhone('phone')).toBe('');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('badgeText', () => {
  it('is empty for nothing to show', () => {
    expect(badgeText(0, 9)).toBe('');
    expect(badgeText(-3, 9)).toBe('');
    expect(badgeText(Number.NaN, 9)).toBe('');
  });

  it('shows the count up to the overflow', () => {
    expect(badgeText(1, 9)).toBe('1');
    expect(badgeText(9, 9)).toBe('9');
    expect(badgeText(99, 99)).toBe('99');
  });

  it('shows overflow+ beyond it', () => {
    expect(badgeText(10, 9)).toBe('9+');
    expect(badgeText(100, 99)).toBe('99+');
    expect(badgeText(12.7, 9)).toBe('9+');
  });
});
