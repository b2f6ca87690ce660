// Business constants and limits (text lengths, file sizes, socket timings), in one place for server and web.

export { PASSWORD_MIN, PASSWORD_MAX } from './password';

const MIB = 1024 * 1024;

export const FILE_MAX_BYTES = 30 * MIB;
export const IMAGE_MAX_BYTES = 5 * MIB;
export const CANNED_MESSAGE_MAX = 500;

/** Days a link to a file sent to a customer stays valid: an organisation setting, 7 unless an admin changes it. */
export const FILE_LINK_DAYS = { min: 1, max: 90, default: 7 } as const;

/** Meta only allows replies (with the HUMAN_AGENT tag) up to 7 days after the customer's last message. */
export const SOCIAL_REPLY_WINDOW_DAYS = 7;
/** Meta's standard messaging window: anything may be sent, untagged, within 24 h of the customer's last message. */
export const SOCIAL_STANDARD_WINDOW_MS = 24 * 3600 * 1000;
export const OLD_ISSUE_DAYS = 7;

export const API_RETRY_LIMIT = 5;
/** Multiplied by the attempt number. */
export const API_RETRY_DELAY_MS = 2000;

export const SOCKET_TIMEOUT_MS = 5000;
export const SOCKET_MAX_ATTEMPTS = 10;
export const SOCKET_KEEPALIVE_MS = 300_000;
export const POPUP_MS = 5000;

export const HEADER_BADGE_OVERFLOW = 9;
export const DROPDOWN_BADGE_OVERFLOW = 99;
export const TOP_TEAM_MEMBERS = 3;

export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Access tokens live 15 minutes (docs/decisions/accounts-and-permissions.md "Sign-in and session"); the refresh token renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;

/** Whether a value is one of the supported languages. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
