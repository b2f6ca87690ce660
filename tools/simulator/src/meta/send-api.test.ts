import { afterEach, describe, expect, it } from 'vitest';
import { META, graphApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import type { MetaWebhookBody } from './types';

const HOUR = 60 * 60 * 1000;
// A frozen base clock: only advance() moves time, so window boundaries can be hit to the millisecond.
const frozen = { now: () => Date.UTC(2026, 0, 1) };
const DAY = 24 * HOUR;
const OUTSIDE_WINDOW = {
  message: '(#10) This message is sent outside of allowed window.',
  type: 'OAuthException',
  code: 10,
  error_subcode: 2018278,
  fbtrace_id: expect.any(String),
};

let harness: Harness;
afterEach(() => harness.close());

const messengerText = (text: string, extra: Record<string, unknown> = {}) => ({
  recipient: { id: META.psid },
  messaging_type: 'RESPONSE',
  message: { text },
  ...extra,
});
const humanAgent = (text: string) =>
  messengerText(text, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });

async function errorOf(response: Response): Promise<unknown> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: unknown }).error;
}

describe('Send API: messaging windows (F.Meta 5)', () => {
  it('sends RESPONSE inside 24 h and refuses it after, with 10/2018278', async () => {
    harness = await startHarness(frozen);
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    sim.advance(DAY);
    const ok = await graphApi(sim, '/me/messages', messengerText('Yes, size M is available.'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ recipient_id: META.psid, message_id: expect.stringMatching(/^m_/) });
    sim.advance(1);
    expect(await errorOf(await graphApi(sim, `/${META.pageId}/messages`, messengerText('too late')))).toEqual(
      OUTSIDE_WINDOW,
    );
  });

  it('refuses HUMAN_AGENT without approval with code 100, even inside 24 h', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    expect(await errorOf(await graphApi(sim, '/me/messages', humanAgent('agent here')))).toEqual({
      message: "(#100) Cannot tag messages with 'HUMAN_AGENT' without prior approval.",
      type: 'OAuthException',
      code: 100,
      fbtrace_id: expect.any(String),
    });
  });

  it('allows approved HUMAN_AGENT up to 7 days, then 10/2018278', async () => {
    harness = await startHarness({ ...frozen, humanAgentApproved: true });
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    sim.advance(7 * DAY);
    expect((await graphApi(sim, '/me/messages', humanAgent('still here'))).status).toBe(200);
    expect(await errorOf(await graphApi(sim, '/me/messages', messengerText('RESPONSE is closed')))).toEqual(
      OUTSIDE_WINDOW,
    );
    sim.advance(1);
    expect(await errorOf(await graphApi(sim, '/me/messages', humanAgent('too late')))).toEqual(
      OUTSIDE_WINDOW,
    );
  });

  it('reopens the window on a postback', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    sim.advance(2 * DAY);
    await sim.messenger.postback(META.pageId, META.psid, 'TALK_TO_AGENT');
    expect((await graphApi(sim, '/me/messages', messengerText('Hi again'))).status).toBe(200);
  });
});

describe('Send API: validation and auth (F.Meta 3–4)', () => {
  it('answers unknown PSIDs with 100/2018001 and bad tokens with 190', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const unknown = await graphApi(sim, '/me/messages', { ...messengerText('hi'), recipient: { id: '999' } });
    expect(await errorOf(unknown)).toMatchObject({
      code: 100,
      error_subcode: 2018001,
      type: 'OAuthException',
    });
    expect(
      await errorOf(await graphApi(sim, '/me/messages', messengerText('hi'), 'bad-token')),
    ).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('requires messaging_type on Messenger and enforces < 2000 characters', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    expect(
      await errorOf(
        await graphApi(sim, '/me/messages', { recipient: { id: META.psid }, message: { text: 'hi' } }),
      ),
    ).toMatchObject({ code: 100 });
    expect(await errorOf(await graphApi(sim, '/me/messages', messengerText('x'.repeat(2000))))).toMatchObject(
      { code: 100 },
    );
    expect((await graphApi(sim, '/me/messages', messengerText('x'.repeat(1999)))).status).toBe(200);
    expect(
      await errorOf(await graphApi(sim, '/me/messages', messengerText('x', { sender_action: 'typing_on' }))),
    ).toMatchObject({ code: 100 });
    expect(
      await errorOf(
        await graphApi(
          sim,
          '/me/messages',
          messengerText('x', { messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' }),
        ),
      ),
    ).toMatchObject({
      code: 100,
    });
  });

  it('limits Instagram text to 1000 UTF-8 bytes and to the HUMAN_AGENT tag', async () => {
    harness = await startHarness({ humanAgentApproved: true });
    const { sim } = harness;
    await sim.instagram.text(META.igId, META.igsid, 'สวัสดีค่ะ');
    const igText = (text: string, extra: Record<string, unknown> = {}) => ({
      recipient: { id: META.igsid },
      message: { text },
      ...extra,
    });
    const thai = 'ก'; // 3 bytes in UTF-8
    expect(
      (await graphApi(sim, `/${META.igId}/messages`, igText(`${thai.repeat(333)}a`), META.igToken)).status,
    ).toBe(200);
    const tooLong = await graphApi(sim, `/${META.igId}/messages`, igText(thai.repeat(334)), META.igToken);
    expect(await errorOf(tooLong)).toMatchObject({ code: 100 });
    const wrongTag = igText('hi', { messaging_type: 'MESSAGE_TAG', tag: 'CUSTOMER_FEEDBACK' });
    expect(await errorOf(await graphApi(sim, '/me/messages', wrongTag, META.igToken))).toMatchObject({
      code: 100,
    });
    // The linked Page's token reaches Instagram users too (Messenger API for Instagram).
    expect((await graphApi(sim, '/me/messages', igText('via page token'), META.pageToken)).status).toBe(200);
    expect(sim.outbox(META.igId).map((e) => e.platform)).toEqual(['instagram', 'instagram']);
  });

  it('accepts form bodies with JSON-string values and a Bearer token', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    const form = new URLSearchParams({
      recipient: JSON.stringify({ id: META.psid }),
      messaging_type: 'RESPONSE',
      message: JSON.stringify({ text: 'from a form' }),
      access_token: META.pageToken,
    });
    const formResponse = await fetch(`${sim.url}/v25.0/${META.pageId}/messages`, {
      method: 'POST',
      body: form,
    });
    expect(formResponse.status).toBe(200);
    const bearer = await fetch(`${sim.url}/v19.0/me/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${META.pageToken}` },
      body: JSON.stringify(messengerText('bearer')),
    });
    expect(bearer.status).toBe(200);
    expect(sim.outbox(META.pageId).map((e) => (e.message as { text: string }).text)).toEqual([
      'from a form',
      'bearer',
    ]);
  });

  it('fails the next call on request', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    sim.meta.failNext(1, { status: 503 });
    const failed = await graphApi(sim, '/me/messages', messengerText('hi'));
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: { code: 2, is_transient: true } });
    expect((await graphApi(sim, '/me/messages', messengerText('hi'))).status).toBe(200);
  });
});

describe('Send API: echoes and profiles (F.Meta 6–7)', () => {
  it('emits an echo webhook after a successful send', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    const response = await graphApi(
      sim,
      '/me/messages',
      messengerText('Thanks!', { message: { text: 'Thanks!', metadata: 'msg-42' } }),
    );
    const { message_id } = (await response.json()) as { message_id: string };
    const [, echoRequest] = await receiver.waitForRequests(2);
    const echo = JSON.parse(echoRequest?.rawBody.toString() ?? '') as MetaWebhookBody;
    expect(echo.entry[0]?.messaging[0]).toEqual({
      sender: { id: META.pageId },
      recipient: { id: META.psid },
      timestamp: expect.any(Number),
      message: {
        mid: message_id,
        is_echo: true,
        app_id: Number(META.appId),
        metadata: 'msg-42',
        text: 'Thanks!',
      },
    });
    expect(sim.deliveries({ kind: 'echo' })).toHaveLength(1);
  });

  it('echoes each part of a reply sent in parts with that part’s own message id, in the order accepted', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    const mids: string[] = [];
    for (const [part, text] of ['part one', 'part two', 'part three'].entries()) {
      const response = await graphApi(
        sim,
        '/me/messages',
        messengerText(text, { message: { text, metadata: `reply:${part}` } }),
      );
      mids.push(((await response.json()) as { message_id: string }).message_id);
    }
    const requests = (await receiver.waitForRequests(4)).slice(1);
    const echoes = requests.map(
      (r) => (JSON.parse(r.rawBody.toString()) as MetaWebhookBody).entry[0]?.messaging[0]?.message,
    );
    expect(new Set(mids).size).toBe(3);
    expect(echoes.map((m) => [m?.mid, m?.text, m?.metadata])).toEqual([
      [mids[0], 'part one', 'reply:0'],
      [mids[1], 'part two', 'reply:1'],
      [mids[2], 'part three', 'reply:2'],
    ]);
  });

  it('needs consent before giving a profile', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const before = await graphApi(sim, `/${META.psid}?fields=first_name,last_name,profile_pic`);
    expect(await errorOf(before)).toMatchObject({
      code: 230,
      message: '(#230) User consent is required to access user profile',
    });
    await sim.messenger.text(META.pageId, META.psid, 'hello');
    const after = await graphApi(sim, `/${META.psid}?fields=first_name,last_name,profile_pic`);
    const profile = (await after.json()) as {
      first_name: string;
      last_name: string;
      profile_pic: string;
      id: string;
    };
    expect(profile).toMatchObject({ first_name: 'Somchai', last_name: 'Jaidee', id: META.psid });
    expect((await fetch(profile.profile_pic)).status).toBe(200);

    await sim.instagram.text(META.igId, META.igsid, 'hi');
    const ig = await graphApi(
      sim,
      `/${META.igsid}?fields=name,username,profile_pic`,
      undefined,
      META.igToken,
    );
    expect(await ig.json()).toMatchObject({ name: 'Ploy', username: 'ploy.style', id: META.igsid });
  });
});
