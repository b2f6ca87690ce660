import { describe, it, expect } from 'vitest';
import * as limits from './limits';

describe('limits', () => {
  it('holds the business constants and limits', () => {
    expect(limits).toMatchObject({
      PASSWORD_MIN: 8,
      PASSWORD_MAX: 30,
      FILE_MAX_BYTES: 30 * 1024 * 1024,
      IMAGE_MAX_BYTES: 5 * 1024 * 1024,
      CANNED_MESSAGE_MAX: 500,
      SOCIAL_REPLY_WINDOW_DAYS: 7,
      OLD_ISSUE_DAYS: 7,
      API_RETRY_LIMIT: 5,
      API_RETRY_DELAY_MS: 2000,
      SOCKET_TIMEOUT_MS: 5000,
      SOCKET_MAX_ATTEMPTS: 10,
      SOCKET_KEEPALIVE_MS: 300000,
      POPUP_MS: 5000,
      HEADER_BADGE_OVERFLOW: 9,
      DROPDOWN_BADGE_OVERFLOW: 99,
      TOP_TEAM_MEMBERS: 3,
      DEFAULT_LANGUAGE: 'en',
      ACCESS_TOKEN_TTL_SECONDS: 900,
    });
    expect(limits.LANGUAGES).toEqual(['en', 'th']);
  });

  it('recognises the supported languages only', () => {
    expect(limits.isLanguage('en')).toBe(true);
    expect(limits.isLanguage('th')).toBe(true);
    expect(limits.isLanguage('EN')).toBe(false);
    expect(limits.isLanguage('fr')).toBe(false);
  });
});
