// Webhook signatures, computed over the exact bytes that go on the wire (docs/channels.md "Signatures").
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `x-line-signature`: base64(HMAC-SHA256(rawBody, channelSecret)) (A.3). */
export function lineSignature(rawBody: string | Buffer, channelSecret: string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/** `X-Hub-Signature-256`: `sha256=` + hex(HMAC-SHA256(rawBody, appSecret)) (C.3). */
export function metaSignature256(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Legacy `X-Hub-Signature`: `sha1=` + hex(HMAC-SHA1) — Meta still sends it (C.3, observed). */
export function metaSignature1(rawBody: string | Buffer, appSecret: string): string {
  return `sha1=${createHmac('sha1', appSecret).update(rawBody).digest('hex')}`;
}

/** Verifies a LINE signature the way the SDK does: decode the header, compare digests constant-time. */
export function verifyLineSignature(
  rawBody: string | Buffer,
  channelSecret: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const want = createHmac('sha256', channelSecret).update(rawBody).digest();
  const got = Buffer.from(header, 'base64');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Verifies `X-Hub-Signature-256` constant-time (C.3). */
export function verifyMetaSignature(
  rawBody: string | Buffer,
  appSecret: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const want = Buffer.from(metaSignature256(rawBody, appSecret));
  const got = Buffer.from(header);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Graph's `appsecret_proof`: hex HMAC-SHA256 of the access token keyed by the app secret (C.1). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}
