import { describe, it, expect } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MISMATCH, passwordsMatch, validatePassword } from './password';

describe('validatePassword', () => {
  it('accepts a password that meets every rule', () => {
    expect(validatePassword('Sabai2026demo')).toEqual([]);
  });

  it('requires 8 to 30 characters', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(30);
    expect(validatePassword('abc1234')).toEqual(['password.length']);
    expect(validatePassword('abcd1234')).toEqual([]);
    expect(validatePassword('ab12'.repeat(7) + 'ab')).toEqual([]); // 30
    expect(validatePassword('ab12'.repeat(7) + 'abc')).toEqual(['password.length']); // 31
  });

  it('counts characters, not UTF-16 units', () => {
    // 7 characters but 8 UTF-16 units: still too short.
    expect(validatePassword('ab1234😀')).toEqual(['password.length']);
  });

  it('requires an English letter', () => {
    expect(validatePassword('12345678')).toContain('password.letter');
    // Thai letters are not English letters.
    expect(validatePassword('กขคง1234')).toEqual(['password.letter']);
  });

  it('requires a digit', () => {
    expect(validatePassword('abcdefgh')).toEqual(['password.digit']);
    // Thai digits do not count.
    expect(validatePassword('abcdefg๑')).toEqual(['password.digit']);
  });

  it('rejects a character three times in a row', () => {
    expect(validatePassword('xaaab123')).toEqual(['password.repeated']);
    expect(validatePassword('ab111cde')).toEqual(['password.repeated']);
    expect(validatePassword('ab!!!cd1')).toEqual(['password.repeated']);
    // Twice in a row, or three times apart, is fine.
    expect(validatePassword('aab11cd1')).toEqual([]);
    expect(validatePassword('a1a1a1a1')).toEqual([]);
  });

  it('rejects a common password only when a predicate is given', () => {
    const isCommon = (pw: string): boolean => pw === 'letmein12';
    expect(validatePassword('letmein12')).toEqual([]);
    expect(validatePassword('letmein12', isCommon)).toEqual(['password.common']);
    expect(validatePassword('letmein13', isCommon)).toEqual([]);
  });

  it('returns every problem in a fixed order', () => {
    expect(validatePassword('!!!', () => true)).toEqual([
      'password.length',
      'password.letter',
      'password.digit',
      'password.repeated',
      'password.common',
    ]);
    expect(validatePassword('')).toEqual(['password.length', 'password.letter', 'password.digit']);
  });
});

describe('passwordsMatch', () => {
  it('matches only identical strings', () => {
    expect(passwordsMatch('Sabai2026demo', 'Sabai2026demo')).toBe(true);
    expect(passwordsMatch('Sabai2026demo', 'sabai2026demo')).toBe(false);
    expect(passwordsMatch('Sabai2026demo', 'Sabai2026demo ')).toBe(false);
  });

  it('has a stable mismatch code', () => {
    expect(PASSWORD_MISMATCH).toBe('password.mismatch');
  });
});
