// One database is enough: the checks are which addresses the guarded client refuses.
// Outgoing webhooks never reach the server's own network unless the operator allows it
// (OUTGOING_WEBHOOK_ALLOW_PRIVATE, off here): an endpoint on a loopback, private or link-local address, or on
// a name resolving to one, is refused when saved with a stable code; one whose name moved there since
// (DNS changed) is refused when delivering, and the receiver listening there never hears from it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, WebhookDeliveryPage } from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { eventually } from '../../../test/channels';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { webhookEndpoints } from '../../db/schema';
import { deliverDue } from '.';

let t: TestApp;
let org: TestOrg;
let token: string;
let receiver: WebhookReceiver;

const api = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  call(t.app, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });
const save = (url: string) => api('POST', '/webhook-endpoints', { url, events: ['contact.updated'] });
const port = () => new URL(receiver.url).port;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp();
  expect(t.deps.config.OUTGOING_WEBHOOK_ALLOW_PRIVATE).toBe(false);
  org = await buildOrganization(t);
  token = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
});

describe('when saved', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/ok`],
    ['loopback, another address', () => 'https://127.8.9.10/hook'],
    ['private 10/8', () => 'http://10.1.2.3/hook'],
    ['private 192.168/16', () => 'https://192.168.1.20/hook'],
    ['private 172.16/12', () => 'https://172.20.0.5/hook'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/ok`],
    ['IPv6 link-local', () => 'http://[fe80::1]/hook'],
    ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/hook'],
    ['a name resolving to loopback', () => `http://localhost:${port()}/ok`],
  ])('refuses %s', async (_, url) => {
    const res = await save(url());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('outgoing_webhook.url_private');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'ftp://93.184.215.14/in',
      'file:///etc/passwd',
      'not a url',
      'http://user:pw@93.184.215.14/',
    ]) {
      const res = await save(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('outgoing_webhook.url_invalid');
    }
  });

  it('refuses a name that does not resolve', async () => {
    const res = await save('https://no-such-host.invalid/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('outgoing_webhook.url_unresolvable');
  });

  it('takes a public address, http or https, and audits the refusals too', async () => {
    expect((await save('http://93.184.215.14/hook')).statusCode).toBe(201);
    expect((await save('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook')).statusCode).toBe(201);
    const page = (await api('GET', '/audit-log?area=webhook&limit=100')).json<AuditPage>();
    expect(page.items.map((e) => e.outcome)).toContain('outgoing_webhook.url_private');
  });
});

describe('when delivering', () => {
  it('refuses an endpoint whose address became private since it was saved', async () => {
    // An organisation of its own: the public endpoints above would be called too.
    org = await buildOrganization(t);
    token = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
    for (const host of ['127.0.0.1', 'localhost']) {
      const created = await save('https://93.184.215.14/hook');
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: string }>().id;
      // Its name now points inside (a DNS change after the check): as if the URL had been this all along.
      await t.db.orm
        .update(webhookEndpoints)
        .set({ url: `http://${host}:${port()}/ok` })
        .where(eq(webhookEndpoints.id, id));
      const heard = receiver.requests.length;
      await t.db.orm.execute(
        sql`select webhook_record(${org.id}::uuid, 'contact.updated', ${JSON.stringify({ contactId: crypto.randomUUID() })}::jsonb)`,
      );
      const [delivery] = await eventually(async () => {
        await deliverDue(t.deps);
        const page = (await api('GET', `/webhook-endpoints/${id}/deliveries`)).json<WebhookDeliveryPage>();
        return page.items[0]?.attempts ? page.items : null;
      });
      expect(delivery!.status).toBe('pending');
      expect(delivery!.attemptLog[0]).toMatchObject({ statusCode: null, responseSnippet: null });
      expect(delivery!.attemptLog[0]!.error).toMatch(/^blocked: /);
      expect(receiver.requests.length).toBe(heard);
    }
  });
});
