// The endpoint form's values, the request they make, and where a refusal shows.
import {
  WEBHOOK_DESCRIPTION_MAX_CHARS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_CHARS,
  type SaveWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';

export const URL_MAX = WEBHOOK_URL_MAX_CHARS;
export const DESCRIPTION_MAX = WEBHOOK_DESCRIPTION_MAX_CHARS;

/** Each event's name in the catalogue (literal keys, so the i18n usage check sees them). */
export const EVENT_LABELS: Record<WebhookEventType, TranslationKey> = {
  'issue.created': 'webhooks.events.issue_created',
  'issue.updated': 'webhooks.events.issue_updated',
  'issue.status_changed': 'webhooks.events.issue_status_changed',
  'message.created': 'webhooks.events.message_created',
  'contact.created': 'webhooks.events.contact_created',
  'contact.updated': 'webhooks.events.contact_updated',
  'csat.received': 'webhooks.events.csat_received',
};

export const EVENT_TYPES = WEBHOOK_EVENT_TYPES;

export type EndpointFormValues = {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
};

export function toFormValues(endpoint: WebhookEndpoint | null): EndpointFormValues {
  if (!endpoint) return { url: 'https://', description: '', events: [...WEBHOOK_EVENT_TYPES], enabled: true };
  return {
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    enabled: endpoint.enabled,
  };
}

export function toRequest(values: EndpointFormValues): SaveWebhookEndpoint {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: values.events,
    enabled: values.enabled,
  };
}

/** Whether the text is an http or https URL (the server checks the address too). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A refused save: the URL's problems show under the URL, anything else above the buttons. */
export function endpointSaveFeedback(error: unknown): { field: 'url' | null; message: TranslationKey } {
  const message = errorKey(error, 'common.error.update');
  const onUrl = error instanceof ApiError && error.code.startsWith('outgoing_webhook.url_');
  return { field: onUrl ? 'url' : null, message };
}

/** A URL short enough for a title: the host and the start of the path. */
export function shortUrl(url: string, max = 60): string {
  const shown = url.replace(/^https?:\/\//, '');
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}
