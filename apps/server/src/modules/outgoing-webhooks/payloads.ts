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

/** The bodies of `events` by event id, each kind of resource they carry read with one statement. */
export async function buildPayloads(ex: Executor, events: StoredEvent[]): Promise<Map<string, string>> {
  const keyed = <Id>(types: WebhookEventType[], id: (data: Record<string, unknown>) => Id) =>
    events
      .filter((e) => types.includes(e.type))
      .map((e) => ({ organizationId: e.organizationId, id: id(e.data) }));
  const [issues, messages, contacts, surveys] = await Promise.all([
    resources.readIssues(
      ex,
      keyed(ISSUE_EVENTS, (d) => Number(d.issueId)),
    ),
    resources.readMessages(
      ex,
      keyed(['message.created'], (d) => Number(d.messageId)),
    ),
    resources.readContacts(
      ex,
      keyed(['contact.created', 'contact.updated'], (d) => String(d.contactId)),
    ),
    resources.readSurveys(
      ex,
      keyed(['csat.received'], (d) => Number(d.surveyId)),
    ),
  ]);
  // A resource gone since the event (deleted) is null in the body.
  const dataOf = ({ type, data }: StoredEvent): WebhookPayload['data'] => {
    switch (type) {
      case 'issue.created':
      case 'issue.updated':
      case 'issue.status_changed': {
        const issueId = Number(data.issueId);
        return { issueId, issue: (issues.get(issueId) ?? null) as never };
      }
      case 'message.created': {
        const messageId = Number(data.messageId);
        return {
          issueId: Number(data.issueId),
          messageId,
          message: (messages.get(messageId) ?? null) as never,
        };
      }
      case 'contact.created':
      case 'contact.updated': {
        const contactId = String(data.contactId);
        return { contactId, contact: (contacts.get(contactId) ?? null) as never };
      }
      case 'csat.received': {
        const surveyId = Number(data.surveyId);
        return { issueId: Number(data.issueId), surveyId, csat: (surveys.get(surveyId) ?? null) as never };
      }
    }
  };
  return new Map(
    events.map((event) => [
      event.id,
      JSON.stringify({
        id: event.id,
        type: event.type,
        occurredAt: event.occurredAt.toISOString(),
        organizationId: event.organizationId,
        data: dataOf(event),
      }),
    ]),
  );
}

const ISSUE_EVENTS: WebhookEventType[] = ['issue.created', 'issue.updated', 'issue.status_changed'];
