// Webhook signatures, compared in constant time over the raw request bytes (docs/channels.md "Signatures").
import { createHmac, timingSafeEqual } from 'node:crypto';

/** LINE: `x-line-signature` = base64(HMAC-SHA256(rawBody, channelSecret)). */
export function isValidLineSignature(
  rawBody: Buffer,
  channelSecret: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta: `X-Hub-Signature-256` = "sha256=" + hex(HMAC-SHA256(rawBody, appSecret)). */
export function isValidMetaSignature(
  rawBody: Buffer,
  appSecret: string,
  header: string | undefined,
): boolean {
  const hex = header?.startsWith('sha256=') ? header.slice(7) : null;
  if (!hex || !/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}
