// One database is enough: the checks are what the push service receives, signed and encrypted.
// Web push against a local push endpoint that plays the browser's push service: it checks the VAPID
// signature (RFC 8292) and decrypts the payload with the subscription's private key (RFC 8291), as a
// browser would. A registered device gets a push when no page has the live socket open, and not otherwise.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { eventually } from '../../../test/channels';
import { buildOrganization, buildUser, signIn, type TestUser } from '../../../test/factories';
import { deviceTokens } from '../../db/schema';
import { notify } from '../notifications';
import { PUSH_JOB } from './web-push.service';

type Received = { headers: IncomingMessage['headers']; body: Buffer; path: string };

let t: TestApp;
let base: string;
let pushUrl: string;
const received: Received[] = [];
/** What the endpoint answers next (a gone subscription answers 410). */
let answer = 201;

beforeAll(async () => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // The local push service is on loopback over http: the operator's allowance, as in a test set-up.
  t = await startTestApp({ OUTBOUND_ALLOWED_ORIGINS: pushUrl });
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});

/** A browser's subscription: its ECDH key pair and auth secret stay here to decrypt what arrives. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${pushUrl}/push/${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 / RFC 8188 aes128gcm, one record: what the browser does with a push message. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): a JWT for the endpoint's origin, signed by the key it names. */
async function verifyVapid(headers: IncomingMessage['headers'], publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const raw = Buffer.from(k!, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt!, key, { audience: pushUrl });
  expect(payload.sub).toMatch(/^mailto:/);
  expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
}

async function registered(user: TestUser, path: string) {
  const token = (await signIn(t, user)).accessToken;
  const browser = browserSubscription(path);
  const res = await call(t.app, 'POST', '/api/v1/me/devices', {
    token,
    body: { subscription: browser.json },
  });
  expect(res.statusCode).toBe(201);
  return { token, browser, deviceToken: (res.json() as { deviceToken: string }).deviceToken };
}

const notifyUser = (user: TestUser, organizationId: string, content: string) =>
  t.db.orm.transaction((tx) => notify(tx, { organizationId, userId: user.id, type: 'closed', content }));
const pushesTo = (path: string) => received.filter((r) => r.path === `/push/${path}`);

describe('web push', () => {
  it('pushes a notification, signed and encrypted, to a registered browser with no page open', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    const { token, browser } = await registered(user, 'a');
    const { publicKey } = (await call(t.app, 'GET', '/api/v1/web-push/public-key', { token })).json() as {
      publicKey: string;
    };

    await notifyUser(user, org.id, 'Issue #7 was closed');
    const push = await eventually(async () => pushesTo('a')[0], 15_000);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    await verifyVapid(push.headers, publicKey);
    expect(JSON.parse(decrypt(push.body, browser.ecdh, browser.auth))).toMatchObject({
      title: 'Sabai Inbox',
      body: 'Issue #7 was closed',
    });
  });

  it('sends nothing while a page of the user has the live socket, which shows the notice instead', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    const { token } = await registered(user, 'b');
    const socket = new WebSocket(`${base}/ws?token=${token}&socketType=webNoti`);
    const notices: string[] = [];
    socket.on('message', (raw) => notices.push(raw.toString()));
    await new Promise((resolve) => socket.once('open', resolve));
    // The gateway registers the socket just after the handshake (it reads the user's teams first).
    await new Promise((resolve) => setTimeout(resolve, 500));

    await notifyUser(user, org.id, 'Issue #8 was closed');
    await eventually(async () => notices.some((n) => n.includes('Issue #8 was closed')));
    // The push was queued to go three seconds after the notice; the node whose socket showed it cancels it.
    await eventually(async () => {
      const jobs = await t.db.query<{ state: string }>(
        'SELECT state FROM pgboss.job WHERE name = $1 AND data->>$2 = $3',
        [PUSH_JOB.name, 'userId', user.id],
      );
      return jobs.length === 1 && jobs[0]!.state === 'cancelled';
    });
    expect(pushesTo('b')).toEqual([]);
    socket.close();
  });

  it('forgets a subscription the push service says is gone, and one the user logs out of', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    const devicesOf = () => t.db.orm.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));

    await registered(user, 'gone');
    answer = 410;
    try {
      await notifyUser(user, org.id, 'Issue #9 was closed');
      await eventually(async () => (await devicesOf()).length === 0, 15_000);
    } finally {
      answer = 201;
    }
    expect(pushesTo('gone')).toHaveLength(1);

    const kept = await registered(user, 'kept');
    const res = await call(t.app, 'POST', '/api/v1/auth/logout-device', {
      token: kept.token,
      body: { deviceToken: kept.deviceToken },
    });
    expect(res.statusCode).toBe(204);
    expect(
      await t.db.orm
        .select()
        .from(deviceTokens)
        .where(and(eq(deviceTokens.userId, user.id), eq(deviceTokens.token, kept.deviceToken))),
    ).toEqual([]);
  });

  it('refuses a subscription that is not one', async () => {
    const org = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    const res = await call(t.app, 'POST', '/api/v1/me/devices', {
      token,
      body: { subscription: { endpoint: 'not a url', keys: { p256dh: 'x', auth: '' } } },
    });
    expect(res.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/v1/web-push/public-key', {})).statusCode).toBe(401);
  });
});
