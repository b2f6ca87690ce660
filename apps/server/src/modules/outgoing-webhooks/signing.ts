// How a delivery is signed (docs/api.md "Verifying a delivery"), like Stripe's scheme: the HMAC-SHA256, keyed
// with the endpoint's secret (the whole `whsec_…` text as UTF-8), of `${timestamp}.${body}`, where timestamp
// is the Sabai-Webhook-Timestamp header (Unix seconds) and body the raw request body; sent hex-encoded as
// `Sabai-Webhook-Signature: v1=<hex>`. Signing the time lets a receiver refuse replays of old deliveries.
import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@sabai/contracts';

export const WEBHOOK_HEADERS = {
  id: 'sabai-webhook-id',
  event: 'sabai-webhook-event',
  timestamp: 'sabai-webhook-timestamp',
  signature: 'sabai-webhook-signature',
} as const;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature of `body` sent at `timestamp` (Unix seconds), hex. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The headers of one attempt: each attempt is signed anew with its own time. */
export function deliveryHeaders(
  secret: string,
  event: { id: string; type: WebhookEventType },
  body: string,
  at: Date,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Sabai-Webhooks/1.0',
    [WEBHOOK_HEADERS.id]: event.id,
    [WEBHOOK_HEADERS.event]: event.type,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: `v1=${signatureOf(secret, timestamp, body)}`,
  };
}
