// Identifiers in the shapes the real platforms use, so parsers and column sizes meet realistic values.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (26 Crockford base32 chars: 48-bit time + 80 random bits), LINE's `webhookEventId` (A.4). */
export function ulid(timeMs: number): string {
  let time = '';
  let t = Math.floor(timeMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(t % 32) + time;
    t = Math.floor(t / 32);
  }
  let random = '';
  for (const byte of randomBytes(16)) random += CROCKFORD.charAt(byte % 32);
  return time + random;
}

/** `n` random bytes as lowercase hex (LINE reply tokens are 32 hex chars = 16 bytes). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** URL-safe random token of `bytes` bytes of entropy. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A string of `length` random decimal digits that never starts with 0. */
export function randomDigits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

/** LINE message ids are numeric strings (A.1), 18 digits in practice. */
export function lineMessageId(): string {
  return randomDigits(18);
}

/** A Messenger message id (`m_…`, C.1). */
export function messengerMid(): string {
  return `m_${randomToken(42)}`;
}

/** An Instagram message id (base64 text starting `aWdf`, D.2). */
export function instagramMid(): string {
  return `aWdfZAG1faXRlbToxOklHTWVzc2FnZA${randomToken(36)}`;
}

/** Graph's `fbtrace_id` (11 URL-safe chars). */
export function fbtraceId(): string {
  return randomToken(8);
}

/** A UUID v4, as LINE's request ids. */
export function uuid(): string {
  return randomUUID();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID in hex-with-dashes form (what `X-Line-Retry-Key` requires, A.10). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
