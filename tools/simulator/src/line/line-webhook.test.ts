import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import type { LineWebhookBody } from './types';

// The receiver verifies independently, exactly as docs/channels.md "Signatures" prescribes.
function isSignedOverExactBytes(rawBody: Buffer, header: string | string[] | undefined): boolean {
  const expected = createHmac('sha256', LINE.channelSecret).update(rawBody).digest('base64');
  return header === expected;
}

function parse(rawBody: Buffer): LineWebhookBody {
  return JSON.parse(rawBody.toString('utf8')) as LineWebhookBody;
}

let harness: Harness;
afterEach(() => harness.close());

describe('LINE webhooks', () => {
  it('sends a text event shaped as A.4–A.6, signed over the exact bytes', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    receiver.respondWith((request) => ({
      status: isSignedOverExactBytes(request.rawBody, request.headers['x-line-signature']) ? 200 : 401,
    }));
    const delivery = await sim.line.text(LINE.channelId, LINE.alice, 'สวัสดีครับ where is my order?');

    expect(delivery).toMatchObject({ ok: true, status: 200, attempts: 1, outcome: 'ok' });
    const [request] = receiver.requests;
    if (!request) throw new Error('no webhook');
    expect(request.path).toBe('/line');
    expect(request.headers['user-agent']).toBe('LineBotWebhook/2.0');
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(isSignedOverExactBytes(request.rawBody, request.headers['x-line-signature'])).toBe(true);

    const body = parse(request.rawBody);
    expect(body.destination).toBe(LINE.botUserId);
    const [event] = body.events;
    expect(event).toMatchObject({
      type: 'message',
      mode: 'active',
      source: { type: 'user', userId: LINE.alice },
      deliveryContext: { isRedelivery: false },
      message: { type: 'text', text: 'สวัสดีครับ where is my order?' },
    });
    expect(event?.webhookEventId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(event?.replyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(event?.timestamp).toBe(delivery.body.events[0]?.timestamp);
    expect(event?.message?.id).toMatch(/^\d+$/);
    expect(typeof event?.message?.quoteToken).toBe('string');
  });

  it('is refused by a verifying receiver when signed with another secret', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    receiver.respondWith((request) => ({
      status: isSignedOverExactBytes(request.rawBody, request.headers['x-line-signature']) ? 200 : 401,
    }));
    sim.addLineChannel({
      ...LINE,
      channelId: '1650000002',
      channelSecret: 'another-secret',
      accessToken: 'other',
      webhookUrl: `${receiver.url}/line`,
    });
    const delivery = await sim.line.text('1650000002', LINE.alice, 'hi');
    expect(delivery).toMatchObject({ ok: false, status: 401, outcome: 'error_status_code' });
  });

  it('puts reply tokens on replyable events only and reports unblocking', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const first = await sim.line.follow(LINE.channelId, LINE.bob);
    expect(first.body.events[0]).toMatchObject({ type: 'follow', follow: { isUnblocked: false } });
    expect(first.body.events[0]?.replyToken).toMatch(/^[0-9a-f]{32}$/);

    const unfollow = await sim.line.unfollow(LINE.channelId, LINE.bob);
    expect(unfollow.body.events[0]?.type).toBe('unfollow');
    expect(unfollow.body.events[0]).not.toHaveProperty('replyToken');

    const again = await sim.line.follow(LINE.channelId, LINE.bob);
    expect(again.body.events[0]?.follow).toEqual({ isUnblocked: true });

    const unsend = await sim.line.unsend(LINE.channelId, LINE.bob, '123');
    expect(unsend.body.events[0]).toMatchObject({ type: 'unsend', unsend: { messageId: '123' } });
    expect(unsend.body.events[0]).not.toHaveProperty('replyToken');
  });

  it('redelivers a failed webhook with only isRedelivery changed, re-signed', async () => {
    harness = await startHarness({ redelivery: { attempts: 2, intervalMs: 30 } });
    const { sim, receiver } = harness;
    receiver.respondWith((_request, index) => ({ status: index === 0 ? 500 : 200 }));

    const delivery = await sim.line.text(LINE.channelId, LINE.alice, 'hello?');

    expect(delivery).toMatchObject({ ok: true, status: 200, attempts: 2 });
    expect(delivery.history.map((a) => [a.status, a.isRedelivery])).toEqual([
      [500, false],
      [200, true],
    ]);
    const [original, redelivered] = receiver.requests;
    if (!original || !redelivered) throw new Error('expected two requests');
    const first = parse(original.rawBody).events[0];
    const second = parse(redelivered.rawBody).events[0];
    expect(second?.webhookEventId).toBe(first?.webhookEventId);
    expect(second?.deliveryContext).toEqual({ isRedelivery: true });
    expect(redelivered.rawBody.toString()).toBe(
      original.rawBody.toString().replace('"isRedelivery":false', '"isRedelivery":true'),
    );
    expect(isSignedOverExactBytes(redelivered.rawBody, redelivered.headers['x-line-signature'])).toBe(true);
  });

  it('counts no response within 2 s as a failure', async () => {
    harness = await startHarness({ redelivery: { attempts: 1, intervalMs: 10 } });
    const { sim, receiver } = harness;
    receiver.respondWith((_request, index) =>
      index === 0 ? { status: 200, delayMs: 2300 } : { status: 200 },
    );

    const delivery = await sim.line.text(LINE.channelId, LINE.alice, 'slow server');

    // The answer came at 2.3 s: a timeout (not a 200) says the simulator stopped waiting before it.
    expect(delivery.history[0]).toMatchObject({ outcome: 'request_timeout', status: null });
    expect(delivery.history[0]?.latencyMs).toBeGreaterThanOrEqual(1990);
    expect(delivery).toMatchObject({ ok: true, attempts: 2 });
  });

  it('reports could_not_connect when nothing listens', async () => {
    harness = await startHarness();
    const { sim } = harness;
    sim.addLineChannel({
      ...LINE,
      channelId: '1650000002',
      accessToken: 'other',
      webhookUrl: 'http://127.0.0.1:9/line',
    });
    const delivery = await sim.line.text('1650000002', LINE.alice, 'anyone?');
    expect(delivery).toMatchObject({ ok: false, status: null, outcome: 'could_not_connect', attempts: 1 });
  });

  it('verifies with an empty events array', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    const delivery = await sim.line.verify(LINE.channelId);
    expect(delivery).toMatchObject({ ok: true, kind: 'verification' });
    const [request] = receiver.requests;
    expect(parse(request?.rawBody ?? Buffer.alloc(0))).toEqual({ destination: LINE.botUserId, events: [] });
    expect(
      isSignedOverExactBytes(request?.rawBody ?? Buffer.alloc(0), request?.headers['x-line-signature']),
    ).toBe(true);
  });

  it('batches events, optionally newest first', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const delivery = await sim.line.events(
      LINE.channelId,
      [
        { type: 'text', userId: LINE.alice, text: 'one' },
        { type: 'sticker', userId: LINE.bob },
        {
          type: 'location',
          userId: LINE.alice,
          title: 'Shop',
          address: 'Bangkok',
          latitude: 13.75,
          longitude: 100.5,
        },
      ],
      { reorder: true },
    );
    const events = delivery.body.events;
    expect(events.map((e) => e.message?.type)).toEqual(['location', 'sticker', 'text']);
    expect(events.map((e) => e.timestamp)).toEqual([...events.map((e) => e.timestamp)].sort((a, b) => b - a));
    expect(events[1]?.message).toMatchObject({
      packageId: '446',
      stickerId: '1988',
      stickerResourceType: 'STATIC',
    });
    expect(new Set(events.map((e) => e.webhookEventId)).size).toBe(3);
  });

  it('builds a held body without sending it, for a new customer whose reply token then works', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    const newcomer = `U${'c'.repeat(32)}`;
    const body = sim.line.held(LINE.channelId, [
      { type: 'text', userId: newcomer, text: 'from the backlog' },
    ]);
    expect(body.destination).toBe(LINE.botUserId);
    const [event] = body.events;
    expect(event).toMatchObject({ type: 'message', source: { type: 'user', userId: newcomer } });
    expect(receiver.requests).toHaveLength(0);
    expect(sim.deliveries({ platform: 'line' })).toHaveLength(0);
    const profile = await lineApi(sim, `/v2/bot/profile/${newcomer}`);
    expect(profile.status).toBe(200);
    const reply = await lineApi(sim, '/v2/bot/message/reply', {
      body: { replyToken: event?.replyToken, messages: [{ type: 'text', text: 'hello' }] },
    });
    expect(reply.status).toBe(200);
    expect(sim.outbox(LINE.channelId, newcomer)).toHaveLength(1);
  });

  it('sends each webhook twice under the duplicate-delivery fault', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    sim.line.duplicateDeliveries(LINE.channelId, 2);
    await sim.line.text(LINE.channelId, LINE.alice, 'dup');
    const [first, second] = await receiver.waitForRequests(2);
    expect(second?.rawBody.toString()).toBe(first?.rawBody.toString());
    expect(sim.deliveries({ platform: 'line' }).map((d) => d.isDuplicate)).toEqual([false, true]);
  });

  it('serves content: image bytes, video 202 while preparing, 410 after unsend, 404 otherwise', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const image = await sim.line.image(LINE.channelId, LINE.alice, {
      content: png,
      contentType: 'image/png',
    });
    const imageId = image.body.events[0]?.message?.id ?? '';
    const imageResponse = await lineApi(sim, `/v2/bot/message/${imageId}/content`);
    expect(imageResponse.status).toBe(200);
    expect(imageResponse.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await imageResponse.arrayBuffer())).toEqual(png);

    const video = await sim.line.video(LINE.channelId, LINE.alice, { preparingMs: 5000 });
    const videoId = video.body.events[0]?.message?.id ?? '';
    expect((await lineApi(sim, `/v2/bot/message/${videoId}/content`)).status).toBe(202);
    expect(await (await lineApi(sim, `/v2/bot/message/${videoId}/content/transcoding`)).json()).toEqual({
      status: 'processing',
    });
    sim.advance(5000);
    const ready = await lineApi(sim, `/v2/bot/message/${videoId}/content`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('video/mp4');

    await sim.line.unsend(LINE.channelId, LINE.alice, imageId);
    const gone = await lineApi(sim, `/v2/bot/message/${imageId}/content`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ message: 'The content is gone' });
    expect((await lineApi(sim, '/v2/bot/message/999/content')).status).toBe(404);
  });
});

describe('LINE webhooks in standby', () => {
  it('sends a chat’s events in standby without a reply token while a module controls it, active again after', async () => {
    harness = await startHarness();
    const { sim } = harness;
    sim.line.standby(LINE.channelId, LINE.alice, true);
    const [inStandby] = (await sim.line.text(LINE.channelId, LINE.alice, 'anyone?')).body.events;
    expect(inStandby).toMatchObject({ mode: 'standby', source: { type: 'user', userId: LINE.alice } });
    expect(inStandby).not.toHaveProperty('replyToken');
    sim.line.standby(LINE.channelId, LINE.alice, false);
    const [active] = (await sim.line.text(LINE.channelId, LINE.alice, 'hello?')).body.events;
    expect(active).toMatchObject({ mode: 'active', replyToken: expect.any(String) });
    const reply = await lineApi(sim, '/v2/bot/message/reply', {
      body: { replyToken: active!.replyToken, messages: [{ type: 'text', text: 'Hi!' }] },
    });
    expect(reply.status).toBe(200);
  });
});
