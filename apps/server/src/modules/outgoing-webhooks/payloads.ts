// The body of an outgoing event (docs/api.md "Outgoing webhooks"): `{ id, type, occurredAt, organizationId,
// data }`, data holding the ids the event names and the resource as it is when the event is first sent. Built
// once and kept with the event, so retries, resends and every endpoint get the same bytes.
import type { WebhookEventType, WebhookPayload } from '@sabai/contracts';
import type { Executor } from '../../platform/db';
import * as resources from './resources.repo';

export type StoredEvent = {
  id: string;
  organizationId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  occurredAt: Date;
};

async function dataOf(ex: Executor, event: StoredEvent): Promise<WebhookPayload['data']> {
  const org = event.organizationId;
  const { data } = event;
  switch (event.type) {
    case 'issue.created':
    case 'issue.updated':
    case 'issue.status_changed': {
      const issueId = Number(data.issueId);
      return { issueId, issue: (await resources.readIssue(ex, org, issueId)) as never };
    }
    case 'message.created': {
      const messageId = Number(data.messageId);
      const message = await resources.readMessage(ex, org, messageId);
      return { issueId: Number(data.issueId), messageId, message: message as never };
    }
    case 'contact.created':
    case 'contact.updated': {
      const contactId = String(data.contactId);
      return { contactId, contact: (await resources.readContact(ex, org, contactId)) as never };
    }
    case 'csat.received': {
      const surveyId = Number(data.surveyId);
      const csat = await resources.readCsat(ex, org, surveyId);
      return { issueId: Number(data.issueId), surveyId, csat: csat as never };
    }
  }
}

/** The JSON body of `event`. */
export async function buildPayload(ex: Executor, event: StoredEvent): Promise<string> {
  const body = {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    organizationId: event.organizationId,
    data: await dataOf(ex, event),
  };
  return JSON.stringify(body);
}
