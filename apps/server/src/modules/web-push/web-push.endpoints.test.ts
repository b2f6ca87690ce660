// One database is enough: the checks are which push addresses the guarded client refuses.
// SSRF through web push: the endpoint is whatever a signed-in user sends, and the server POSTs to it on
// every notification. Only the browsers' push services over https are accepted (no operator allowance here),
// and a subscription stored before the rule never makes the server reach a loopback listener.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { eventually } from '../../../test/channels';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';
import { deviceTokens } from '../../db/schema';
import { notify } from '../notifications';

let t: TestApp;
let listener: string;
const hits: string[] = [];

beforeAll(async () => {
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  listener = `127.0.0.1:${port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  t = await startTestApp();
});

const keys = { p256dh: 'BAbc', auth: 'xyz' };

describe('web push endpoints', () => {
  it('refuses endpoints that are not a known push service over https with 400 web_push.endpoint_not_allowed', async () => {
    const org = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    for (const endpoint of [
      `http://${listener}/push`,
      `https://${listener}/push`,
      'https://localhost/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.7/push',
      'https://[::1]/push',
      'https://attacker.example/push',
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const res = await call(t.app, 'POST', '/api/v1/me/devices', {
        token,
        body: { subscription: { endpoint, keys } },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.code, endpoint).toBe('web_push.endpoint_not_allowed');
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await call(t.app, 'POST', '/api/v1/me/devices', {
        token,
        body: { subscription: { endpoint, keys } },
      });
      expect(res.statusCode, endpoint).toBe(201);
    }
  });

  it('never posts to a loopback subscription stored before the rule, and forgets it', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    for (const endpoint of [`http://${listener}/push/old`, 'https://169.254.169.254/push']) {
      await t.db.orm.insert(deviceTokens).values({
        userId: user.id,
        organizationId: org.id,
        token: randomUUID(),
        subscription: { endpoint, keys },
      });
    }
    await t.db.orm.transaction((tx) =>
      notify(tx, { organizationId: org.id, userId: user.id, type: 'closed', content: 'Issue #1 was closed' }),
    );
    const devices = () => t.db.orm.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    await eventually(async () => (await devices()).length === 0, 20_000);
    expect(hits).toEqual([]);
  });
});
