import { describe, it, expect } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { validatePassword } from './password';

describe('isCommonPassword', () => {
  it('finds passwords from the zxcvbn common list', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
  });

  it('ignores case', () => {
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
  });

  it('does not flag an uncommon password', () => {
    expect(isCommonPassword('Sabai2026demo')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });

  it('plugs into validatePassword', () => {
    expect(validatePassword('password1', isCommonPassword)).toEqual(['password.common']);
    expect(validatePassword('Sabai2026demo', isCommonPassword)).toEqual([]);
  });
});
