import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import { AdminClient } from '../admin/client';

let harness: Harness;
afterEach(() => harness.close());

const text = (value: string) => ({ type: 'text', text: value });
const RETRY_KEY = '123e4567-e89b-42d3-a456-556642440000';

async function replyTokenFor(h: Harness, message = 'hi'): Promise<string> {
  const delivery = await h.sim.line.text(LINE.channelId, LINE.alice, message);
  return delivery.body.events[0]?.replyToken ?? '';
}

describe('LINE API: auth', () => {
  it('answers 401 with LINE’s message without a valid Bearer token', async () => {
    harness = await startHarness();
    for (const token of [null, 'wrong-token']) {
      const response = await lineApi(harness.sim, `/v2/bot/profile/${LINE.alice}`, { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    }
  });
});

describe('LINE API: reply', () => {
  it('accepts a fresh token once and records what the customer sees', async () => {
    harness = await startHarness();
    const replyToken = await replyTokenFor(harness);
    const response = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: [text('Hello!')] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-line-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { sentMessages: { id: string; quoteToken: string }[] };
    expect(body.sentMessages).toHaveLength(1);
    expect(body.sentMessages[0]?.id).toMatch(/^\d+$/);
    expect(harness.sim.outbox(LINE.channelId, LINE.alice)).toMatchObject([
      { via: 'reply', delivered: true, message: text('Hello!') },
    ]);

    const again = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: [text('Again')] },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'Invalid reply token' });
  });

  it('expires a token 60 s after the webhook was sent', async () => {
    harness = await startHarness();
    const fresh = await replyTokenFor(harness);
    const stale = await replyTokenFor(harness);
    harness.sim.advance(59_000);
    expect(
      (
        await lineApi(harness.sim, '/v2/bot/message/reply', {
          body: { replyToken: fresh, messages: [text('ok')] },
        })
      ).status,
    ).toBe(200);
    harness.sim.advance(1_001);
    const late = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken: stale, messages: [text('late')] },
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ message: 'Invalid reply token' });
  });

  it('rejects a redelivered token more than 20 minutes after the event', async () => {
    harness = await startHarness({ redelivery: { attempts: 1, intervalMs: 10 } });
    const { sim, receiver } = harness;
    // The first attempt fails; by the time LINE redelivers, 21 minutes have passed.
    receiver.respondWith((_request, index) => {
      if (index === 0) sim.advance(21 * 60 * 1000);
      return { status: index === 0 ? 503 : 200 };
    });
    const delivery = await sim.line.text(LINE.channelId, LINE.alice, 'hello');
    expect(delivery.attempts).toBe(2);
    const replyToken = delivery.body.events[0]?.replyToken;
    const response = await lineApi(sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: [text('sorry')] },
    });
    expect(await response.json()).toEqual({ message: 'Invalid reply token' });
  });

  it('accepts a redelivered token within 20 minutes, counting the minute from the redelivery', async () => {
    harness = await startHarness({ redelivery: { attempts: 1, intervalMs: 10 } });
    const { sim, receiver } = harness;
    receiver.respondWith((_request, index) => {
      if (index === 0) sim.advance(5 * 60 * 1000);
      return { status: index === 0 ? 500 : 200 };
    });
    const delivery = await sim.line.text(LINE.channelId, LINE.alice, 'hello');
    sim.advance(30_000);
    const replyToken = delivery.body.events[0]?.replyToken;
    expect(
      (await lineApi(sim, '/v2/bot/message/reply', { body: { replyToken, messages: [text('hi')] } })).status,
    ).toBe(200);
  });

  it('refuses X-Line-Retry-Key on reply', async () => {
    harness = await startHarness();
    const replyToken = await replyTokenFor(harness);
    const response = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: [text('x')] },
      headers: { 'X-Line-Retry-Key': RETRY_KEY },
    });
    expect(response.status).toBe(400);
  });

  it('allows 1–5 messages with the details error shape beyond', async () => {
    harness = await startHarness();
    const replyToken = await replyTokenFor(harness);
    const six = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: Array.from({ length: 6 }, (_, i) => text(`m${i}`)) },
    });
    expect(six.status).toBe(400);
    expect(await six.json()).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'Size must be between 1 and 5', property: 'messages' }],
    });
    const five = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: Array.from({ length: 5 }, (_, i) => text(`m${i}`)) },
    });
    expect(five.status).toBe(200);
    expect(((await five.json()) as { sentMessages: unknown[] }).sentMessages).toHaveLength(5);
  });

  it('counts the 5000 limit in UTF-16 code units and reports every problem', async () => {
    harness = await startHarness();
    const replyToken = await replyTokenFor(harness);
    const tooLong = `${'a'.repeat(4999)}🍎`; // 5001 UTF-16 units, 5000 characters
    const response = await lineApi(harness.sim, '/v2/bot/message/reply', {
      body: { replyToken, messages: [text(tooLong), text(''), { type: 'carousel' }] },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      message: string;
      details: { message: string; property: string }[];
    };
    expect(body.message).toBe('The request body has 3 error(s)');
    expect(body.details).toEqual([
      { message: 'Length must be between 0 and 5000', property: 'messages[0].text' },
      { message: 'May not be empty', property: 'messages[1].text' },
      expect.objectContaining({ property: 'messages[2].type' }),
    ]);
    const exact = `${'a'.repeat(4998)}🍎`; // exactly 5000 units
    expect(
      (await lineApi(harness.sim, '/v2/bot/message/reply', { body: { replyToken, messages: [text(exact)] } }))
        .status,
    ).toBe(200);
  });
});

describe('LINE API: push', () => {
  it('refuses unknown targets with 400 Failed to send messages', async () => {
    harness = await startHarness();
    for (const to of [LINE.bob, 'U123', `C${'0'.repeat(32)}`]) {
      const response = await lineApi(harness.sim, '/v2/bot/message/push', {
        body: { to, messages: [text('hi')] },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Failed to send messages' });
    }
  });

  it('answers a repeated retry key with 409 and the accepted request id for 24 h', async () => {
    harness = await startHarness();
    const push = () =>
      lineApi(harness.sim, '/v2/bot/message/push', {
        body: { to: LINE.alice, messages: [text('Your parcel shipped')] },
        headers: { 'X-Line-Retry-Key': RETRY_KEY },
      });
    const accepted = await push();
    expect(accepted.status).toBe(200);
    const requestId = accepted.headers.get('x-line-request-id');
    const { sentMessages } = (await accepted.json()) as { sentMessages: unknown[] };

    const repeated = await push();
    expect(repeated.status).toBe(409);
    expect(repeated.headers.get('x-line-accepted-request-id')).toBe(requestId);
    expect(await repeated.json()).toEqual({ message: 'The retry key is already accepted', sentMessages });
    expect(harness.sim.outbox(LINE.channelId)).toHaveLength(1);

    harness.sim.advance(24 * 60 * 60 * 1000);
    expect((await push()).status).toBe(200);
    expect(harness.sim.outbox(LINE.channelId)).toHaveLength(2);

    const badKey = await lineApi(harness.sim, '/v2/bot/message/push', {
      body: { to: LINE.alice, messages: [text('x')] },
      headers: { 'X-Line-Retry-Key': 'not-a-uuid' },
    });
    expect(badKey.status).toBe(400);
  });

  it('accepts pushes to blocked users and silent non-friends but does not deliver them', async () => {
    harness = await startHarness();
    const { sim } = harness;
    await sim.line.unfollow(LINE.channelId, LINE.alice);
    sim.addLineUser(LINE.channelId, { userId: LINE.bob, displayName: 'Bob', isFriend: false });
    for (const to of [LINE.alice, LINE.bob]) {
      expect(
        (await lineApi(sim, '/v2/bot/message/push', { body: { to, messages: [text('promo')] } })).status,
      ).toBe(200);
    }
    expect(sim.outbox(LINE.channelId).map((e) => [e.userId, e.delivered, e.undeliveredReason])).toEqual([
      [LINE.alice, false, 'blocked'],
      [LINE.bob, false, 'not_friend'],
    ]);
    // A non-friend who wrote in the last 7 days can be pushed to.
    await sim.line.text(LINE.channelId, LINE.bob, 'question');
    await lineApi(sim, '/v2/bot/message/push', { body: { to: LINE.bob, messages: [text('answer')] } });
    expect(sim.outbox(LINE.channelId, LINE.bob).at(-1)?.delivered).toBe(true);
  });

  it('enforces the monthly quota on push only', async () => {
    harness = await startHarness();
    const { sim } = harness;
    sim.line.setMonthlyQuota(LINE.channelId, 1);
    const push = () =>
      lineApi(sim, '/v2/bot/message/push', { body: { to: LINE.alice, messages: [text('hi')] } });
    expect((await push()).status).toBe(200);
    const limited = await push();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'You have reached your monthly limit.' });
    const replyToken = await replyTokenFor(harness);
    expect(
      (await lineApi(sim, '/v2/bot/message/reply', { body: { replyToken, messages: [text('free')] } }))
        .status,
    ).toBe(200);
    expect(await (await lineApi(sim, '/v2/bot/message/quota')).json()).toEqual({ type: 'limited', value: 1 });
    expect(await (await lineApi(sim, '/v2/bot/message/quota/consumption')).json()).toEqual({ totalUsage: 1 });
  });
});

describe('LINE API: message quota and consumption', () => {
  const push = (h: Harness, messages: unknown[], headers: Record<string, string> = {}, to = LINE.alice) =>
    lineApi(h.sim, '/v2/bot/message/push', { body: { to, messages }, headers });
  const consumption = async (h: Harness, token?: string) =>
    (await lineApi(h.sim, '/v2/bot/message/quota/consumption', token ? { token } : {})).json();

  it('answers both only to a valid channel token, with no limit until one is set', async () => {
    harness = await startHarness();
    for (const path of ['/v2/bot/message/quota', '/v2/bot/message/quota/consumption']) {
      for (const token of [null, 'wrong-token']) {
        const refused = await lineApi(harness.sim, path, { token });
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({
          message:
            'Authentication failed. Confirm that the access token in the authorization header is valid.',
        });
      }
    }
    expect(await (await lineApi(harness.sim, '/v2/bot/message/quota')).json()).toEqual({ type: 'none' });
    expect(await consumption(harness)).toEqual({ totalUsage: 0 });
  });

  it('counts one message per delivered push request, as LINE does: not replies, repeats or blocked users', async () => {
    harness = await startHarness();
    // Three message objects in one request count once (LINE: requests × recipients).
    expect(
      (await push(harness, [text('1'), text('2'), text('3')], { 'x-line-retry-key': RETRY_KEY })).status,
    ).toBe(200);
    // The same retry key again is refused with 409 and not counted twice.
    expect(
      (await push(harness, [text('1'), text('2'), text('3')], { 'x-line-retry-key': RETRY_KEY })).status,
    ).toBe(409);
    const replyToken = await replyTokenFor(harness);
    expect(
      (
        await lineApi(harness.sim, '/v2/bot/message/reply', {
          body: { replyToken, messages: [text('free')] },
        })
      ).status,
    ).toBe(200);
    expect(await consumption(harness)).toEqual({ totalUsage: 1 });
    await harness.sim.line.unfollow(LINE.channelId, LINE.alice);
    expect((await push(harness, [text('to nobody')])).status).toBe(200);
    expect(await consumption(harness)).toEqual({ totalUsage: 1 });
  });

  it('keeps each channel’s count and starts again each month (Japan time)', async () => {
    harness = await startHarness();
    const { sim } = harness;
    sim.addLineChannel({
      channelId: '1650000002',
      channelSecret: 'other-secret',
      accessToken: 'other-token',
      botUserId: `U${'2'.repeat(32)}`,
    });
    await push(harness, [text('one')]);
    await push(harness, [text('two')]);
    expect(await consumption(harness)).toEqual({ totalUsage: 2 });
    expect(await consumption(harness, 'other-token')).toEqual({ totalUsage: 0 });
    // To the first instant of next month in Japan (UTC+9).
    const japan = new Date(sim.now() + 9 * 3600_000);
    const nextMonthJst = Date.UTC(japan.getUTCFullYear(), japan.getUTCMonth() + 1, 1) - 9 * 3600_000;
    sim.advance(nextMonthJst - sim.now());
    expect(await consumption(harness)).toEqual({ totalUsage: 0 });
  });

  it('takes its limit from the admin API, and back to no limit', async () => {
    harness = await startHarness();
    const admin = new AdminClient(harness.sim.url);
    await admin.setLineMonthlyQuota(LINE.channelId, 300);
    expect(await (await lineApi(harness.sim, '/v2/bot/message/quota')).json()).toEqual({
      type: 'limited',
      value: 300,
    });
    await admin.setLineMonthlyQuota(LINE.channelId, null);
    expect(await (await lineApi(harness.sim, '/v2/bot/message/quota')).json()).toEqual({ type: 'none' });
    await expect(admin.setLineMonthlyQuota(LINE.channelId, -1)).rejects.toMatchObject({ status: 400 });
  });
});

describe('LINE API: other endpoints and faults', () => {
  it('returns profiles of friends and 404 otherwise', async () => {
    harness = await startHarness();
    const found = await lineApi(harness.sim, `/v2/bot/profile/${LINE.alice}`);
    expect(await found.json()).toEqual({ displayName: 'Alice', userId: LINE.alice, language: 'en' });
    const missing = await lineApi(harness.sim, `/v2/bot/profile/${LINE.bob}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
  });

  it('marks as read with a token of this bot, starts loading with 202', async () => {
    harness = await startHarness();
    const delivery = await harness.sim.line.text(LINE.channelId, LINE.alice, 'read me');
    const markAsReadToken = delivery.body.events[0]?.message?.markAsReadToken;
    expect(
      (await lineApi(harness.sim, '/v2/bot/chat/markAsRead', { body: { markAsReadToken } })).status,
    ).toBe(200);
    expect(
      (await lineApi(harness.sim, '/v2/bot/chat/markAsRead', { body: { markAsReadToken: 'forged' } })).status,
    ).toBe(400);
    expect(
      (
        await lineApi(harness.sim, '/v2/bot/chat/loading/start', {
          body: { chatId: LINE.alice, loadingSeconds: 10 },
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await lineApi(harness.sim, '/v2/bot/chat/loading/start', {
          body: { chatId: LINE.alice, loadingSeconds: 7 },
        })
      ).status,
    ).toBe(400);
  });

  it('sets the webhook endpoint and tests it through the API', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    await lineApi(sim, '/v2/bot/channel/webhook/endpoint', {
      method: 'PUT',
      body: { endpoint: `${receiver.url}/line/new` },
    });
    const result = await lineApi(sim, '/v2/bot/channel/webhook/test', { body: {} });
    expect(await result.json()).toMatchObject({ success: true, statusCode: 200, reason: 'OK' });
    expect(receiver.requests.at(-1)?.path).toBe('/line/new');
  });

  it('injects API faults and records every call', async () => {
    harness = await startHarness();
    const { sim } = harness;
    sim.line.failNext(1, { status: 500 }, { pathIncludes: '/push' });
    sim.line.failNext(1, 'timeout');
    const push = () =>
      lineApi(sim, '/v2/bot/message/push', { body: { to: LINE.alice, messages: [text('hi')] } });
    const failed = await push();
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-line-request-id')).toBeTruthy();
    await expect(
      fetch(`${sim.url}/v2/bot/profile/${LINE.alice}`, {
        headers: { authorization: `Bearer ${LINE.accessToken}` },
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect((await push()).status).toBe(200);
    expect(sim.calls({ platform: 'line' }).map((c) => c.status)).toEqual([500, null, 200]);
    expect(sim.calls({ path: '/push', status: 200 })[0]?.body).toEqual({
      to: LINE.alice,
      messages: [text('hi')],
    });
  });
});
