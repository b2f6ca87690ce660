import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES, isTranslatedErrorCode } from './errors';

describe('error codes', () => {
  it('lists each code once, server and client codes apart', () => {
    const all = [...ERROR_CODES, ...CLIENT_ERROR_CODES];
    expect(all.filter((code, i) => all.indexOf(code) !== i)).toEqual([]);
  });

  it('are dotted lower-case words, as the catalogues nest them', () => {
    expect(ERROR_CODES.filter((code) => !/^[a-z_]+(\.[a-z_]+)*$/.test(code))).toEqual([]);
  });

  it('tells a listed code from one an older or newer server may send', () => {
    expect(isTranslatedErrorCode('auth.token_revoked')).toBe(true);
    expect(isTranslatedErrorCode('network.unavailable')).toBe(true);
    expect(isTranslatedErrorCode('auth.some_future_code')).toBe(false);
    expect(isTranslatedErrorCode('auth')).toBe(false);
  });
});
