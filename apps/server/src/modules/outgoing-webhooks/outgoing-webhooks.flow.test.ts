// Outgoing webhooks end to end: an admin's endpoint receives each kind of event, raised by
// the simulator's customers and by agents through the API, as a signed POST to a real receiver (signatures
// checked by the receiver's own implementation); failures are retried on the documented schedule under a
// fake clock until the endpoint is disabled after 24 hours and the admins are told; a delivery is resent;
// every admin change is audited with the secret masked. The private-address rules: addresses.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MASKED_VALUE,
  WEBHOOK_PAYLOAD_SCHEMAS,
  type AuditPage,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import {
  hasValidSignature,
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../../../test/webhook-receiver';
import {
  auditEntries,
  contacts,
  issues,
  notifications,
  teams,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { deliverDue, RETRY_OFFSETS_MS } from '.';

let h: ChannelHarness;
let receiver: WebhookReceiver;
let line: { id: string; externalId: string; secret: string; accessToken: string };
let adminId: string;
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'b')}`;
const MINUTE = 60_000;
const ALL_EVENTS: WebhookEventType[] = [
  'issue.created',
  'issue.updated',
  'issue.status_changed',
  'message.created',
  'contact.created',
  'contact.updated',
  'csat.received',
];

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) });

async function createEndpoint(path: string, events: WebhookEventType[], description = '') {
  const res = await api('POST', '/webhook-endpoints', { url: `${receiver.url}${path}`, events, description });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedWebhookEndpoint>();
}

/** The requests to `path` of one event type whose body matches `where`, once at least `count` arrived. */
function receivedAt(
  path: string,
  type: WebhookEventType,
  where: (r: ReceivedRequest) => boolean = () => true,
  count = 1,
) {
  return eventually(async () => {
    const found = receiver.requests.filter((r) => r.path === path && r.json.type === type && where(r));
    return found.length >= count ? found : null;
  });
}

const deliveriesOf = async (endpointId: string) =>
  (await api('GET', `/webhook-endpoints/${endpointId}/deliveries?limit=100`)).json<WebhookDeliveryPage>()
    .items;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  h = await startChannelHarness({ OUTGOING_WEBHOOK_ALLOW_PRIVATE: 'true' });
  line = await h.createLineChannel();
  adminId = (await api('GET', '/me')).json<{ id: string }>().id;
  // The admin manages the channel's team, so issues can be given to them.
  await h.t.db.orm.update(teams).set({ managerUserId: adminId }).where(eq(teams.id, h.teamId));
});

describe('delivery', () => {
  let endpoint: CreatedWebhookEndpoint;

  beforeAll(async () => {
    endpoint = await createEndpoint('/ok', ALL_EVENTS, 'CRM');
  });

  it('shows the secret once, then never again', async () => {
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{40,}$/);
    const listed = (await api('GET', '/webhook-endpoints')).json<WebhookEndpoint[]>();
    expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({
      url: `${receiver.url}/ok`,
      events: ALL_EVENTS,
      enabled: true,
      disabledReason: null,
    });
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    const [row] = await h.t.db.orm
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    // Sealed at rest like channel secrets.
    expect(row!.secretEncrypted).not.toContain(endpoint.secret);
    expect(h.t.deps.cipher.decrypt(row!.secretEncrypted)).toBe(endpoint.secret);
  });

  it('sends every kind of event, signed, with the documented body and no secret', async () => {
    // A new customer writes: the contact, the issue and the message.
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'Where is my parcel?');
    const message = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
    const issueId = message.issueId;
    const byIssue = (r: ReceivedRequest) => r.json.data.issueId === issueId;
    const [created] = await receivedAt('/ok', 'issue.created', byIssue);
    const [messageEvent] = await receivedAt('/ok', 'message.created', byIssue);
    const contactId = (created!.json.data.issue as { contactId: string }).contactId;
    const [contactCreated] = await receivedAt(
      '/ok',
      'contact.created',
      (r) => r.json.data.contactId === contactId,
    );

    // An agent takes it and resolves it; the contact is edited; the customer rates the service.
    expect((await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId })).statusCode).toBe(200);
    const [updated] = await receivedAt('/ok', 'issue.updated', (r) => byIssue(r) && hasAssignee(r));
    expect(
      (
        await api('PUT', `/channels/${line.id}/csat`, {
          enabled: true,
          question: { en: 'How did we do?', th: 'เราบริการเป็นอย่างไรบ้าง' },
          thankYou: { en: 'Thanks!', th: 'ขอบคุณค่ะ' },
        })
      ).statusCode,
    ).toBe(200);
    const resolve = await api('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'resolved-success' });
    expect(resolve.statusCode, resolve.body).toBe(200);
    const [statusChanged] = await receivedAt(
      '/ok',
      'issue.status_changed',
      (r) => byIssue(r) && (r.json.data.issue as { status: string }).status === 'resolved-success',
    );
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    const edit = await api('PUT', `/contacts/${contactId}`, {
      ...editableFields(contact),
      email: 'somchai@example.com',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // (The customer's LINE profile, filled in after their first message, is a contact.updated too.)
    const [contactUpdated] = await receivedAt(
      '/ok',
      'contact.updated',
      (r) =>
        r.json.data.contactId === contactId &&
        (r.json.data.contact as { email: string | null } | null)?.email === 'somchai@example.com',
    );
    const survey = await eventually(async () =>
      h.sim.outbox(line.externalId, userId).find((o) => JSON.stringify(o.message).includes('How did we do?')),
    );
    const items = (
      survey.message as { quickReply: { items: Array<{ action: { label: string; data: string } }> } }
    ).quickReply.items;
    await h.sim.line.postback(
      line.externalId,
      userId,
      items.find((i) => i.action.label === '⭐⭐⭐⭐')!.action.data,
    );
    const [csat] = await receivedAt('/ok', 'csat.received', byIssue);

    const sent = [created!, messageEvent!, contactCreated!, updated!, statusChanged!, contactUpdated!, csat!];
    expect(new Set(sent.map((r) => r.json.type))).toEqual(new Set(ALL_EVENTS));
    for (const request of sent) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['sabai-webhook-id']).toBe(request.json.id);
      expect(request.headers['sabai-webhook-event']).toBe(request.json.type);
      expect(hasValidSignature(endpoint.secret, request), request.json.type).toBe(true);
      // Signed with the time of sending (within a minute of now).
      const timestamp = Number(request.headers['sabai-webhook-timestamp']);
      expect(Math.abs(timestamp * 1000 - Date.now())).toBeLessThan(MINUTE);
      // The documented body of its type.
      const schema = WEBHOOK_PAYLOAD_SCHEMAS[request.json.type as WebhookEventType];
      expect(schema.safeParse(request.json).error).toBeUndefined();
      expect(request.json.organizationId).toBe(h.org.id);
      // No secret of the endpoint or the channel travels.
      for (const secret of [endpoint.secret, line.secret, line.accessToken])
        expect(request.body).not.toContain(secret);
    }
    // The resources as they were when sent.
    expect(messageEvent!.json.data.message).toMatchObject({
      id: message.id,
      issueId,
      direction: 'inbound',
      senderType: 'customer',
      text: 'Where is my parcel?',
      privateNote: false,
      channel: { id: line.id, type: 'line' },
    });
    expect(updated!.json.data.issue).toMatchObject({ id: issueId, assigneeUserId: adminId });
    expect(contactUpdated!.json.data.contact).toMatchObject({
      id: contactId,
      email: 'somchai@example.com',
      identities: [{ channelId: line.id, channelType: 'line', externalUserId: userId }],
    });
    expect(csat!.json.data.csat).toMatchObject({ issueId, rating: 4, contactId });

    // A forged or altered body fails the same check.
    expect(
      hasValidSignature(endpoint.secret, { ...created!, body: created!.body.replace('issue', 'Issue') }),
    ).toBe(false);
    expect(hasValidSignature('whsec_someone-else', created!)).toBe(false);

    // The log shows each delivery with its attempt.
    const log = await deliveriesOf(endpoint.id);
    const logged = log.find((d) => d.eventId === created!.json.id)!;
    expect(logged).toMatchObject({
      eventType: 'issue.created',
      status: 'delivered',
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(logged.attemptLog[0]).toMatchObject({
      statusCode: 200,
      responseSnippet: 'ok',
      error: null,
      resend: false,
    });
    expect(logged.attemptLog[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    const listed = (await api('GET', `/webhook-endpoints/${endpoint.id}`)).json<WebhookEndpoint>();
    expect(listed.lastDelivery).toMatchObject({ status: 'delivered', statusCode: 200 });
  });

  it('records the delivery with the change, and nothing for a refused change', async () => {
    const contactId = await newContactId();
    const updatesOf = () =>
      h.t.db.orm
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            eq(webhookEvents.type, 'contact.updated'),
            sql`${webhookEvents.data}->>'contactId' = ${contactId}`,
          ),
        );
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    const refused = await api('PUT', `/contacts/${contactId}`, {
      ...editableFields(contact),
      displayName: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(await updatesOf()).toHaveLength(0);
    const saved = await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'Somchai' });
    expect(saved.statusCode).toBe(200);
    // Stored by the change's own transaction: there as soon as the call answered, sent or not yet.
    expect(await updatesOf()).toHaveLength(1);
  });

  it('resends a delivery with the same event and body, signed anew', async () => {
    const delivery = (await deliveriesOf(endpoint.id)).find((d) => d.status === 'delivered');
    const first = receiver.requests.filter((r) => r.json.id === delivery!.eventId);
    const res = await api('POST', `/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/resend`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<WebhookDelivery>().status).toBe('pending');
    const again = await eventually(async () => {
      const all = receiver.requests.filter((r) => r.json.id === delivery!.eventId);
      return all.length > first.length ? all : null;
    });
    expect(again.at(-1)!.body).toBe(first[0]!.body);
    expect(hasValidSignature(endpoint.secret, again.at(-1)!)).toBe(true);
    const resent = await eventually(async () => {
      const d = (await deliveriesOf(endpoint.id)).find((x) => x.id === delivery!.id)!;
      return d.status === 'delivered' && d.attempts === delivery!.attempts + 1 ? d : null;
    });
    expect(resent.attemptLog[0]).toMatchObject({ resend: true, statusCode: 200 });
    expect(resent.attemptLog[1]).toMatchObject({ resend: false });

    const missing = await api('POST', `/webhook-endpoints/${endpoint.id}/deliveries/999999999/resend`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('outgoing_webhook.delivery_not_found');
  });

  it('sends an event to two endpoints with the same body, delivered to one while the other will retry', async () => {
    receiver.answer('/twin-down', 503, 'busy');
    receiver.answer('/twin-up', 200, 'fine');
    const contactId = await newContactId();
    const down = await createEndpoint('/twin-down', ['contact.updated']);
    const up = await createEndpoint('/twin-up', ['contact.updated']);
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'Twin' });
    const [toDown] = await receivedAt('/twin-down', 'contact.updated');
    const [toUp] = await receivedAt('/twin-up', 'contact.updated');
    expect(toUp!.body).toBe(toDown!.body);
    const [deliveredUp, pendingDown] = await eventually(async () => {
      const [a] = await deliveriesOf(up.id);
      const [b] = await deliveriesOf(down.id);
      return a?.attempts === 1 && b?.attempts === 1 ? [a, b] : null;
    });
    expect(deliveredUp).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(pendingDown).toMatchObject({ status: 'pending' });
    expect(pendingDown!.nextAttemptAt).not.toBeNull();
    const failingSince = async (id: string) =>
      (await api('GET', `/webhook-endpoints/${id}`)).json<WebhookEndpoint>().failingSince;
    expect(await failingSince(up.id)).toBeNull();
    expect(await failingSince(down.id)).not.toBeNull();
    // Stopped here, so later events do not keep the failing endpoint busy.
    await api('DELETE', `/webhook-endpoints/${down.id}`);
  });

  it('signs with a rotated secret at once', async () => {
    const rotated = await api('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(endpoint.secret);
    const contactId = await newContactId();
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'After rotation' });
    const [request] = await receivedAt(
      '/ok',
      'contact.updated',
      (r) => (r.json.data.contact as { name?: string } | null)?.name === 'After rotation',
    );
    expect(hasValidSignature(secret, request!)).toBe(true);
    expect(hasValidSignature(endpoint.secret, request!)).toBe(false);
    endpoint = { ...endpoint, secret };
  });
});

describe('retries', () => {
  // Back to real time, whatever a test left behind (older tokens have expired meanwhile).
  afterEach(async () => {
    h.t.clock.set(null);
    h.admin = await h.signInAdmin();
  });

  it('retries on the schedule, then disables the endpoint after 24 hours of failure and tells the admins', async () => {
    const contactId = await newContactId();
    const failing = await createEndpoint('/fail', ['contact.updated']);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    h.t.clock.set(start);
    h.admin = await h.signInAdmin();
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'Retry me' });

    const deliveryOf = async () => (await deliveriesOf(failing.id))[0]!;
    const attempted = (n: number) =>
      eventually(async () => {
        await deliverDue(h.t.deps);
        const d = await deliveryOf();
        return d.attempts >= n ? d : null;
      });
    // The first attempt at once (woken by the change), failing with the receiver's 500.
    let delivery = await attempted(1);
    expect(delivery.attemptLog[0]).toMatchObject({ statusCode: 500, responseSnippet: 'receiver is down' });
    expect(delivery.status).toBe('pending');

    // Nothing before the retry is due.
    h.t.clock.set(new Date(start.getTime() + 30_000));
    await deliverDue(h.t.deps);
    expect((await deliveryOf()).attempts).toBe(1);

    const gaps: number[] = [];
    let previous = start.getTime();
    for (const [i, offset] of RETRY_OFFSETS_MS.entries()) {
      expect(new Date(delivery.nextAttemptAt!).getTime()).toBe(start.getTime() + offset);
      gaps.push((start.getTime() + offset - previous) / MINUTE);
      previous = start.getTime() + offset;
      h.t.clock.set(new Date(start.getTime() + offset));
      h.admin = await h.signInAdmin();
      delivery = await attempted(i + 2);
      const [endpointRow] = await h.t.db.orm
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, failing.id));
      // Still on until the last try of the 24 hours failed.
      expect(endpointRow!.enabled).toBe(i < RETRY_OFFSETS_MS.length - 1);
      expect(endpointRow!.failingSince).toEqual(start);
    }
    // Exponential: each gap doubles from a minute; the last try 24 hours after the first attempt.
    expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 417]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 12, nextAttemptAt: null });

    h.admin = await h.signInAdmin();
    const disabled = (await api('GET', `/webhook-endpoints/${failing.id}`)).json<WebhookEndpoint>();
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(disabled.disabledAt).toBe(new Date(start.getTime() + 24 * 60 * MINUTE).toISOString());
    const notices = await h.t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.type, 'webhook_disabled')));
    expect(notices.map((n) => n.content)).toEqual([
      `Webhook endpoint ${receiver.url}/fail was disabled after failing for 24 hours`,
    ]);
    // Disabled: nothing more is recorded for it, and a resend is refused until it is enabled again.
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'After disabling' });
    expect(await deliveriesOf(failing.id)).toHaveLength(1);
    const refused = await api('POST', `/webhook-endpoints/${failing.id}/deliveries/${delivery.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('outgoing_webhook.disabled');

    // Enabled again once it works: the failure is cleared and the resend goes through.
    receiver.answer('/fail', 204);
    const enabled = await api('PUT', `/webhook-endpoints/${failing.id}`, {
      url: `${receiver.url}/fail`,
      events: ['contact.updated'],
      enabled: true,
    });
    expect(enabled.json<WebhookEndpoint>()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expect(
      (await api('POST', `/webhook-endpoints/${failing.id}/deliveries/${delivery.id}/resend`)).statusCode,
    ).toBe(202);
    const resent = await attempted(13);
    expect(resent).toMatchObject({ status: 'delivered' });
    expect(resent.attemptLog[0]).toMatchObject({ statusCode: 204, resend: true });
  }, 120_000);

  it('keeps an endpoint that succeeded meanwhile, and gives up only the delivery', async () => {
    // The receiver refuses one event, and takes the others once it is back (half a day later).
    let back = false;
    receiver.answer('/flaky', (r) => {
      const name = (r.json.data.contact as { name?: string } | null)?.name;
      return back && name !== 'Flaky one' ? { status: 200, body: 'fine' } : { status: 503, body: 'busy' };
    });
    const contactId = await newContactId();
    const flaky = await createEndpoint('/flaky', ['contact.updated']);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    h.t.clock.set(start);
    h.admin = await h.signInAdmin();
    const contact = (await api('GET', `/contacts/${contactId}`)).json<Record<string, unknown>>();
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'Flaky one' });
    const oldest = async () => (await deliveriesOf(flaky.id)).at(-1)!;
    await eventually(async () => {
      await deliverDue(h.t.deps);
      return (await oldest()).attempts >= 1;
    });
    // Half a day later the receiver answers again, for a newer event.
    h.t.clock.set(new Date(start.getTime() + 12 * 60 * MINUTE));
    back = true;
    h.admin = await h.signInAdmin();
    await api('PUT', `/contacts/${contactId}`, { ...editableFields(contact), name: 'Flaky two' });
    await eventually(async () => {
      await deliverDue(h.t.deps);
      return (await deliveriesOf(flaky.id))[0]!.status === 'delivered';
    });
    // The first delivery's last try, 24 hours after its first, fails again.
    h.t.clock.set(new Date(start.getTime() + 24 * 60 * MINUTE));
    h.admin = await h.signInAdmin();
    await eventually(async () => {
      await deliverDue(h.t.deps);
      return (await oldest()).status === 'failed';
    });
    const endpoint = (await api('GET', `/webhook-endpoints/${flaky.id}`)).json<WebhookEndpoint>();
    expect(endpoint).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('administration', () => {
  it('audits every change with the secret masked', async () => {
    const endpoint = await createEndpoint('/ok', ['issue.created'], 'Audited');
    const update = await api('PUT', `/webhook-endpoints/${endpoint.id}`, {
      url: `${receiver.url}/ok`,
      events: ['issue.created', 'message.created'],
      enabled: false,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json<WebhookEndpoint>()).toMatchObject({ enabled: false, disabledReason: 'manual' });
    const { secret } = (await api('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`)).json<{
      secret: string;
    }>();
    expect((await api('DELETE', `/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(404);

    const page = (await api('GET', '/audit-log?area=webhook&limit=100')).json<AuditPage>();
    const mine = page.items.filter((e) => e.subject.id === endpoint.id);
    expect(mine.map((e) => e.action).reverse()).toEqual(['create', 'update', 'rotate_secret', 'delete']);
    const [created, updated, rotated] = mine.slice().reverse();
    expect(created!.subject.label).toBe(`${receiver.url}/ok`);
    expect(created!.changes).toContainEqual({ field: 'secret', before: null, after: MASKED_VALUE });
    expect(updated!.changes).toEqual(
      expect.arrayContaining([
        { field: 'enabled', before: true, after: false },
        { field: 'disabledReason', before: null, after: 'manual' },
      ]),
    );
    expect(rotated!.changes).toEqual([{ field: 'secret', before: null, after: MASKED_VALUE }]);
    // Neither secret is anywhere in the trail.
    const rows = await h.t.db.orm
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, h.org.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(endpoint.secret);
    expect(stored).not.toContain(secret);
  });

  it('describes each event’s request and body in the OpenAPI document', async () => {
    type Operation = {
      parameters: Array<{ in: string; name: string }>;
      requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
    };
    const doc = (await call(h.t.app, 'GET', '/api/docs/json')).json<{
      'x-webhooks': Record<string, { post: Operation }>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    for (const type of ALL_EVENTS) {
      const { post } = doc['x-webhooks'][type]!;
      expect(post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
        expect.arrayContaining(['header:Sabai-Webhook-Signature', 'header:Sabai-Webhook-Timestamp']),
      );
      const name = post.requestBody.content['application/json'].schema.$ref.split('/').at(-1)!;
      const schema = doc.components.schemas[name]!;
      expect(schema.required).toEqual(['id', 'type', 'occurredAt', 'organizationId', 'data']);
      expect(JSON.stringify(schema)).toContain(`"${type}"`);
    }
  });

  it('validates the endpoint and its events', async () => {
    const none = await api('POST', '/webhook-endpoints', { url: `${receiver.url}/ok`, events: [] });
    expect(none.statusCode).toBe(400);
    const unknown = await api('POST', '/webhook-endpoints', {
      url: `${receiver.url}/ok`,
      events: ['issue.deleted'],
    });
    expect(unknown.statusCode).toBe(400);
    const scheme = await api('POST', '/webhook-endpoints', {
      url: 'ftp://example.com/in',
      events: ['issue.created'],
    });
    expect(scheme.json().error.code).toBe('outgoing_webhook.url_invalid');
  });

  it('is for administrators of the organisation only', async () => {
    const endpoint = await createEndpoint('/ok', ['issue.created']);
    for (const role of ['Manager', 'Staff'] as const) {
      const token = (await signIn(h.t, await buildUser(h.t, h.org, role))).accessToken;
      const list = await call(h.t.app, 'GET', '/api/v1/webhook-endpoints', { token });
      expect(list.statusCode).toBe(403);
      const create = await call(h.t.app, 'POST', '/api/v1/webhook-endpoints', {
        token,
        body: { url: `${receiver.url}/ok`, events: ['issue.created'] },
      });
      expect(create.statusCode).toBe(403);
    }
    const stranger = await buildUser(h.t, await buildOrganization(h.t), 'Admin');
    const token = (await signIn(h.t, stranger)).accessToken;
    const theirs = await call(h.t.app, 'GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { token });
    expect(theirs.statusCode).toBe(404);
    expect((await call(h.t.app, 'GET', '/api/v1/webhook-endpoints', { token })).json()).toEqual([]);
    const deliveries = await call(h.t.app, 'GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, {
      token,
    });
    expect(deliveries.statusCode).toBe(404);
  });
});

const hasAssignee = (r: ReceivedRequest) =>
  (r.json.data.issue as { assigneeUserId?: string } | null)?.assigneeUserId === adminId;

/** The contact form's fields of a contact as read (what PUT /contacts/:id takes). */
function editableFields(contact: Record<string, unknown>) {
  const keys = [
    'displayName',
    'name',
    'email',
    'mobileNumber',
    'birthdate',
    'gender',
    'province',
    'address',
    'location',
    'consentStatus',
  ];
  return Object.fromEntries(keys.map((k) => [k, contact[k] ?? null]));
}

/**
 * A new customer's contact (who wrote once), once their LINE profile is in: nothing changes it afterwards
 * but the test.
 */
async function newContactId() {
  const userId = lineUser();
  const inbound = await h.sim.line.text(line.externalId, userId, 'hello');
  const message = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, message.issueId));
  await eventually(async () => {
    const [contact] = await h.t.db.orm.select().from(contacts).where(eq(contacts.id, issue!.contactId));
    return contact!.displayName !== userId;
  });
  return issue!.contactId;
}
