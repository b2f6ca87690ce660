// Unstorable text (docs/decisions/platform.md "Unstorable text"): what people send with a NUL or a lone surrogate is
// refused with 400 validation.invalid_text on every route; what providers send is stored without the NUL.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, XSRF } from '../../test/app';
import { eventually, startChannelHarness, type ChannelHarness } from '../../test/channels';
import { buildUser } from '../../test/factories';
import { lineTextBody } from '../../test/line-webhook';
import { buildIssues } from '../../test/settings';
import { contactIdentities, contacts, issues, messages } from '../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string; secret: string };
let issueId: number;
let contactId: string;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  issueId = (await buildIssues(h.t, h.org, { teamId: h.teamId, channelId: line.id, status: 'on-going' }))[0]!;
  const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId!));
  contactId = issue!.contactId;
});

const NUL = 'a\u0000b';
const LONE = 'a\uD83Db';

function uploadAttachment(filenameHeader: string) {
  const boundary = '----sabai';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filenameHeader}\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from('hello'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return h.t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    headers: {
      authorization: `Bearer ${h.admin}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
}

/** Ten routes that store text people send, each with otherwise valid input carrying `bad`. */
const routes: Array<[string, (bad: string) => ReturnType<typeof call>]> = [
  [
    'tag',
    (bad) =>
      call(h.t.app, 'POST', '/api/v1/tags', {
        token: h.admin,
        body: { name: bad, colour: '#1677ff', teamId: h.teamId },
      }),
  ],
  [
    'message',
    (bad) =>
      call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token: h.admin, body: { text: bad } }),
  ],
  [
    'canned category',
    (bad) => call(h.t.app, 'POST', '/api/v1/canned-categories', { token: h.admin, body: { name: bad } }),
  ],
  [
    'note',
    (bad) =>
      call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
        token: h.admin,
        body: { text: bad, isPrivateNote: true },
      }),
  ],
  [
    'contact',
    (bad) =>
      call(h.t.app, 'PUT', `/api/v1/contacts/${contactId}`, {
        token: h.admin,
        body: {
          displayName: bad,
          name: '',
          email: null,
          mobileNumber: null,
          birthdate: null,
          gender: null,
          province: null,
          address: null,
          location: null,
          consentStatus: 'unknown',
        },
      }),
  ],
  [
    'issue search',
    (bad) => call(h.t.app, 'GET', `/api/v1/issues?search=${encodeURIComponent(bad)}`, { token: h.admin }),
  ],
  [
    'contact search',
    (bad) => call(h.t.app, 'GET', `/api/v1/contacts?search=${encodeURIComponent(bad)}`, { token: h.admin }),
  ],
  [
    'profile name',
    (bad) =>
      call(h.t.app, 'PUT', '/api/v1/me', {
        token: h.admin,
        body: { username: `u${Date.now()}`, firstName: bad, lastName: 'Test' },
      }),
  ],
  ['attachment file name', (bad) => uploadAttachment(`filename*=UTF-8''${encodeURIComponent(bad)}.txt`)],
  [
    'login',
    (bad) =>
      call(h.t.app, 'POST', '/api/v1/auth/login', { body: { email: `${bad}@demo.local`, password: 'x' } }),
  ],
];

describe('text that people send', () => {
  it.each(routes)('refuses a NUL in the %s with 400 validation.invalid_text', async (_name, send) => {
    const res = await send(NUL);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.invalid_text');
  });

  // A lone surrogate has no UTF-8 form, so neither a URL nor a multipart header can carry one: JSON only.
  const jsonRoutes = routes.filter(
    ([name]) => !['issue search', 'contact search', 'attachment file name'].includes(name),
  );
  it.each(jsonRoutes)('refuses a lone surrogate in the %s the same way', async (_name, send) => {
    const res = await send(LONE);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.invalid_text');
  });

  it('accepts the same input without the bad character, and stored nothing for the refused ones', async () => {
    const [tag, message, , note, contact, issueSearch, contactSearch, profile, attachment] =
      await Promise.all(routes.slice(0, 9).map(([, send]) => send('ลูกค้า ok 👋')));
    expect([tag, message, note, attachment].map((r) => r!.statusCode)).toEqual([201, 201, 201, 201]);
    expect([contact, issueSearch, contactSearch, profile].map((r) => r!.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    const stored = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    expect(stored.map((m) => m.text).filter((text) => text?.startsWith('a'))).toEqual([]);
    const staff = await buildUser(h.t, h.org, 'Staff');
    const login = await call(h.t.app, 'POST', '/api/v1/auth/login', {
      body: { email: staff.email, password: staff.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('text that providers send', () => {
  /** Posts `body` to the channel's webhook, signed as LINE does, over the exact bytes. */
  const postLine = (body: Buffer) =>
    fetch(`${h.url}/webhooks/line/${line.externalId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', line.secret).update(body).digest('base64'),
      },
      body,
    });
  const storedText = (providerMessageId: string) =>
    eventually(async () => {
      const [row] = await h.t.db.orm
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, line.id), eq(messages.providerMessageId, providerMessageId)));
      return row?.text;
    });

  it('stores a customer message holding \\u0000 and a lone surrogate, made storable', async () => {
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    const res = await h.sim.line.text(line.externalId, userId, 'ราคา\u0000เท่าไหร่ \uD83D?');
    expect(res.body.events[0]!.message!.id).toBeTruthy();
    expect(await storedText(String(res.body.events[0]!.message!.id))).toBe('ราคาเท่าไหร่ \uFFFD?');
  });

  it('acknowledges a signed body with a raw NUL byte and stores the message without it', async () => {
    const messageId = `${Date.now()}77`;
    const json = lineTextBody('raw@nul', { messageId });
    const body = Buffer.from(json.replace('@', '\u0000'), 'utf8');
    expect(body.includes(0)).toBe(true);
    const res = await postLine(body);
    expect(res.status).toBe(200);
    expect(await storedText(messageId)).toBe('rawnul');
  });

  it('stores a profile name holding a NUL without it', async () => {
    const userId = `U${randomUUID().replaceAll('-', '')}`;
    h.sim.addLineUser(line.externalId, { userId, displayName: 'Na\u0000me' });
    const res = await h.sim.line.text(line.externalId, userId, 'hi');
    await storedText(String(res.body.events[0]!.message!.id));
    // The profile is looked up by a job after the message is stored: wait until the placeholder is replaced.
    const name = await eventually(async () => {
      const [identity] = await h.t.db.orm
        .select({ name: contacts.displayName })
        .from(contactIdentities)
        .innerJoin(contacts, eq(contacts.id, contactIdentities.contactId))
        .where(eq(contactIdentities.externalUserId, userId));
      return identity && identity.name !== userId ? identity.name : null;
    });
    expect(name).toBe('Name');
  });
});
