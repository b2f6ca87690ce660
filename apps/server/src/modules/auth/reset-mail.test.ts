// One database is enough: the checks are what the mail service is sent and answered.
// Forgot-password answers known and unknown addresses alike, whether the mail service
// works or not, and a reset mail the SMTP server failed to take is sent again. A real SMTP server.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';

type Received = { to: string[]; body: string };

/** An SMTP server that refuses the first `refusals` mails (451, try again later) and keeps the others. */
async function startSmtp(refusals = 0) {
  const inbox: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts++;
        if (attempts <= refusals) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, inbox, attempts: () => attempts };
}

/** A port nothing listens on: an SMTP server that is down. */
async function deadPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const forgot = (t: TestApp, email: string) =>
  call(t.app, 'POST', '/api/v1/auth/forgot-password', { body: { email } });
const answer = (res: Awaited<ReturnType<typeof forgot>>) => `${res.statusCode} ${res.body}`;

describe('forgot password over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp(1);
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
  });
  // On PostgreSQL its job workers would take the other app's mails.
  afterAll(() => t.close());

  it('answers known and unknown alike while the mail service works, and retries a refused mail', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    const known = await forgot(t, user.email);
    const unknown = await forgot(t, `ghost-${user.id}@test.local`);
    expect(answer(known)).toBe('204 ');
    expect(answer(unknown)).toBe(answer(known));
    // The server refused the first attempt (451); the job sent it again.
    const mail = await vi.waitFor(
      () => {
        expect(smtp.inbox).toHaveLength(1);
        return smtp.inbox[0]!;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(smtp.attempts()).toBe(2);
    expect(mail.to).toEqual([user.email]);
    // The link of the mail that went out works (the refused attempt's link was voided by the retry).
    const text = mail.body.replace(/=\r?\n/g, '').replace(/=3D/g, '='); // quoted-printable
    const token = text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    const reset = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Fresh2026pass' },
    });
    expect(reset.statusCode).toBe(204);
    await signIn(t, { email: user.email, password: 'Fresh2026pass' });
  });
});

describe('forgot password while the mail service is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` });
  });

  it('answers the published "Email send failed" for known and unknown addresses alike', async () => {
    const org = await buildOrganization(t);
    const user = await buildUser(t, org, 'Staff');
    const known = await forgot(t, user.email);
    const unknown = await forgot(t, `ghost-${user.id}@test.local`);
    expect(known.statusCode).toBe(400);
    expect(known.json().error.code).toBe('email.send_failed');
    expect(answer(unknown)).toBe(answer(known));
  });
});
