import { z } from 'zod';
import type { DomainEvent } from './live-events';

// Outgoing webhooks: an organisation's endpoints receive the events they chose as signed
// JSON POSTs (docs/api.md "Outgoing webhooks"). The events are recorded in the transaction of the change
// (apps/server platform/events.ts), so an endpoint is told about exactly the changes that committed, at
// least once.

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'issue.created',
  'issue.updated',
  'issue.status_changed',
  'message.created',
  'contact.created',
  'contact.updated',
  'csat.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the server records of an event for the endpoints: its type and the ids its resource is read by. */
export type OutgoingEvent = { organizationId: string } & (
  | { type: 'issue.created' | 'issue.updated' | 'issue.status_changed'; data: { issueId: number } }
  | { type: 'message.created'; data: { issueId: number; messageId: number } }
  | { type: 'contact.created' | 'contact.updated'; data: { contactId: string } }
  | { type: 'csat.received'; data: { issueId: number; surveyId: number } }
);

/**
 * The outgoing event a live event also is, or null. An assignment is an update of the issue; an issue read
 * by an agent (`unread`), its survey sent (`csat`: the answer is `csat.received`) or its customer's profile
 * filled in (`contact`: that is `contact.updated`) is not news to an integrator.
 */
export function outgoingEventOf(event: DomainEvent): OutgoingEvent | null {
  const { organizationId } = event;
  switch (event.name) {
    case 'issue.created':
    case 'issue.status_changed':
      return { organizationId, type: event.name, data: { issueId: event.data.issueId } };
    case 'issue.assigned':
      return { organizationId, type: 'issue.updated', data: { issueId: event.data.issueId } };
    case 'issue.updated':
      if ('fields' in event.data && !event.data.fields.includes('tags')) return null;
      return { organizationId, type: 'issue.updated', data: { issueId: event.data.issueId } };
    case 'message.created':
      return {
        organizationId,
        type: 'message.created',
        data: { issueId: event.data.issueId, messageId: event.data.messageId },
      };
    default:
      return null;
  }
}

export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest response start kept per attempt. */
export const WEBHOOK_RESPONSE_SNIPPET_CHARS = 500;

const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
const iso = z.iso.datetime();

export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why a disabled endpoint is: an admin turned it off, or it failed for 24 hours. */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: iso.nullable(),
  /** Its first failed attempt since its last success (null while it succeeds). */
  failingSince: iso.nullable(),
  /** Its latest delivery (null before any). */
  lastDelivery: z
    .object({
      id: z.number().int(),
      eventType: WebhookEventTypeSchema,
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      /** The latest attempt's time and answer (null before the first attempt; no status on a network error). */
      attemptedAt: iso.nullable(),
      statusCode: z.number().int().nullable(),
    })
    .nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** A new endpoint with its signing secret: the only answer that carries it besides a rotation's. */
export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpointSchema>;

export const WEBHOOK_URL_MAX_CHARS = 2000;
export const WEBHOOK_DESCRIPTION_MAX_CHARS = 200;

export const SaveWebhookEndpointSchema = z.object({
  /** http or https, to a public address (unless the operator allows private ones). */
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX_CHARS),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_CHARS).default(''),
  events: z
    .array(WebhookEventTypeSchema)
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  /** Turning an endpoint back on clears its failure; off, it receives nothing (pending deliveries stop). */
  enabled: z.boolean().default(true),
});
export type SaveWebhookEndpoint = z.input<typeof SaveWebhookEndpointSchema>;

export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const WebhookAttemptSchema = z.object({
  id: z.number().int(),
  at: iso,
  /** The answer's HTTP status; null when none came (timeout, refused address, network error). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The answer's first characters (at most WEBHOOK_RESPONSE_SNIPPET_CHARS). */
  responseSnippet: z.string().nullable(),
  /** Why no answer came or why it did not count: `timeout: …`, `blocked: …`, `network: …`. */
  error: z.string().nullable(),
  /** Asked for by an admin ("Resend"). */
  resend: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.uuid(),
  eventType: WebhookEventTypeSchema,
  occurredAt: iso,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made, resends included. */
  attempts: z.number().int(),
  /** When the next retry is due (pending deliveries after a failure). */
  nextAttemptAt: iso.nullable(),
  /** The latest attempts, newest first (at most 20). */
  attemptLog: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  /** The id of the last delivery of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveryQuery = z.input<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliveryPageSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  nextCursor: z.number().int().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

// The bodies sent (docs/api.md "Outgoing webhooks"): stable, camelCase like the API, no secrets. Each
// resource is read when the event is first sent and then kept, so every attempt carries the same bytes.

const channelRef = z.object({ id: z.uuid(), type: z.string(), name: z.string() });

export const WebhookIssueSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  kind: z.enum(['conversation', 'comment']),
  channel: channelRef,
  contactId: z.uuid(),
  teamId: z.uuid().nullable(),
  assigneeUserId: z.uuid().nullable(),
  tags: z.array(z.object({ id: z.uuid(), name: z.string() })),
  startedAt: iso,
  lastResponseAt: iso,
  resolvedAt: iso.nullable(),
  closedAt: iso.nullable(),
  updatedAt: iso,
});

export const WebhookMessageSchema = z.object({
  id: z.number().int(),
  issueId: z.number().int(),
  channel: channelRef,
  direction: z.enum(['inbound', 'outbound']),
  senderType: z.enum(['customer', 'agent', 'system']),
  senderUserId: z.uuid().nullable(),
  /** text, image, video, audio, file, sticker, location, … */
  kind: z.string(),
  text: z.string().nullable(),
  /** An agents' note, never sent to the customer. */
  privateNote: z.boolean(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
  createdAt: iso,
});

export const WebhookContactSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  consentStatus: z.enum(['unknown', 'given', 'withdrawn']),
  identities: z.array(z.object({ channelId: z.uuid(), channelType: z.string(), externalUserId: z.string() })),
  lastContactAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
});

export const WebhookCsatSchema = z.object({
  surveyId: z.number().int(),
  issueId: z.number().int(),
  channelId: z.uuid(),
  contactId: z.uuid().nullable(),
  teamId: z.uuid().nullable(),
  agentUserId: z.uuid().nullable(),
  /** 1 (worst) to 5 (best). */
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  language: z.enum(['en', 'th']),
  sentAt: iso,
  ratedAt: iso.nullable(),
});

const envelope = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    /** The event's id: the same in every attempt and resend (the `Sabai-Webhook-Id` header). */
    id: z.uuid(),
    type: z.literal(type),
    occurredAt: iso,
    organizationId: z.uuid(),
    data,
  });

const issueData = z.object({ issueId: z.number().int(), issue: WebhookIssueSchema.nullable() });

/**
 * Each event's body. A resource removed before the event was first sent is null (its id stays).
 * Documented in the OpenAPI document (components) and docs/api.md.
 */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'issue.created': envelope('issue.created', issueData),
  'issue.updated': envelope('issue.updated', issueData),
  'issue.status_changed': envelope('issue.status_changed', issueData),
  'message.created': envelope(
    'message.created',
    z.object({
      issueId: z.number().int(),
      messageId: z.number().int(),
      message: WebhookMessageSchema.nullable(),
    }),
  ),
  'contact.created': envelope(
    'contact.created',
    z.object({ contactId: z.uuid(), contact: WebhookContactSchema.nullable() }),
  ),
  'contact.updated': envelope(
    'contact.updated',
    z.object({ contactId: z.uuid(), contact: WebhookContactSchema.nullable() }),
  ),
  'csat.received': envelope(
    'csat.received',
    z.object({ issueId: z.number().int(), surveyId: z.number().int(), csat: WebhookCsatSchema.nullable() }),
  ),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookPayload = {
  [T in WebhookEventType]: z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[T]>;
}[WebhookEventType];
