// The outgoing webhooks in the OpenAPI document (GET /api/docs/json): each event's body as a schema under
// components.schemas, and the requests Sabai makes to an endpoint under `x-webhooks` (the document is
// OpenAPI 3.0, whose `webhooks` arrived only in 3.1; ReDoc and others read the extension). Generated from the
// zod schemas the tests check every delivery against, so the document cannot drift from what is sent.
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, type WebhookEventType } from '@sabai/contracts';

const SIGNING =
  'Signed like Stripe: `Sabai-Webhook-Signature: v1=<hex>` is the HMAC-SHA256, keyed with the endpoint’s ' +
  'secret (the whole `whsec_…` text), of `<Sabai-Webhook-Timestamp>.<raw body>`. Compare it in constant ' +
  'time and refuse timestamps more than 5 minutes old. Answer 2xx within 10 seconds; anything else is ' +
  'retried with exponential backoff for 24 hours (at least once: deduplicate by Sabai-Webhook-Id).';

const HEADERS = [
  ['Sabai-Webhook-Id', 'The event’s id (uuid): the same in every retry and resend.', 'string'],
  ['Sabai-Webhook-Event', 'The event type, as in the body’s `type`.', 'string'],
  ['Sabai-Webhook-Timestamp', 'When this attempt was signed, in Unix seconds.', 'integer'],
  ['Sabai-Webhook-Signature', '`v1=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>`.', 'string'],
] as const;

/** `issue.status_changed` → `WebhookIssueStatusChanged`. */
const schemaName = (type: WebhookEventType) =>
  `Webhook${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;

export function webhookOpenApi() {
  const schemas: Record<string, object> = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      schemaName(type),
      z.toJSONSchema(WEBHOOK_PAYLOAD_SCHEMAS[type], {
        target: 'openapi-3.0',
        io: 'output',
      }),
    ]),
  );
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type} (outgoing webhook)`,
          description: SIGNING,
          tags: ['outgoing-webhooks'],
          parameters: HEADERS.map(([name, description, schemaType]) => ({
            in: 'header',
            name,
            required: true,
            description,
            schema: { type: schemaType },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(type)}` } } },
          },
          responses: { '2XX': { description: 'Received; anything else (or no answer in 10 s) is retried.' } },
        },
      },
    ]),
  );
  // An extension key (x-…), which @fastify/swagger copies into the document as it is.
  return { schemas, extensions: { 'x-webhooks': webhooks } };
}
