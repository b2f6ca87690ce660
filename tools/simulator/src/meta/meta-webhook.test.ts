import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { META, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import type { ReceivedRequest } from '../test-support/webhook-receiver';
import type { MetaWebhookBody } from './types';

// Verified independently, as docs/channels.md "Signatures" prescribes.
function signatureOf(raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', META.appSecret).update(raw).digest('hex')}`;
}

function parse(request: ReceivedRequest | undefined): MetaWebhookBody {
  return JSON.parse(request?.rawBody.toString('utf8') ?? '') as MetaWebhookBody;
}

let harness: Harness;
afterEach(() => harness.close());

describe('Meta webhook handshake (C.2)', () => {
  it('passes when the callback echoes the challenge for the right token, fails otherwise', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    receiver.respondWith((request) =>
      request.query.get('hub.mode') === 'subscribe' &&
      request.query.get('hub.verify_token') === META.verifyToken
        ? { status: 200, body: request.query.get('hub.challenge') ?? '' }
        : { status: 403 },
    );
    expect(await sim.meta.verifyWebhook()).toBe(true);
    const [request] = receiver.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/meta');
    expect(request?.query.get('hub.challenge')).toMatch(/^\d+$/);

    receiver.respondWith(() => ({ status: 200, body: 'ok' }));
    expect(await sim.meta.verifyWebhook()).toBe(false);
    sim.addMetaApp({ appSecret: META.appSecret, verifyToken: 'other', webhookUrl: `${receiver.url}/meta` });
    receiver.respondWith((r) =>
      r.query.get('hub.verify_token') === META.verifyToken
        ? { status: 200, body: r.query.get('hub.challenge') ?? '' }
        : { status: 403 },
    );
    expect(await sim.meta.verifyWebhook()).toBe(false);
  });
});

describe('Messenger and Instagram webhooks', () => {
  it('sends a Messenger text shaped as C.5, signed over the exact (escaped) bytes', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    receiver.respondWith((request) => ({
      status: request.headers['x-hub-signature-256'] === signatureOf(request.rawBody) ? 200 : 403,
    }));
    const delivery = await sim.messenger.text(META.pageId, META.psid, 'มีไซซ์ M ไหมคะ / size M?');
    expect(delivery).toMatchObject({ ok: true, status: 200, attempts: 1 });

    const [request] = receiver.requests;
    const raw = request?.rawBody ?? Buffer.alloc(0);
    expect(request?.headers['x-hub-signature-256']).toBe(signatureOf(raw));
    expect(request?.headers['x-hub-signature']).toMatch(/^sha1=[0-9a-f]{40}$/);
    // Meta escapes non-ASCII: re-serialising the parsed body gives other bytes and a wrong signature.
    expect(raw.toString()).toContain('\\u0e21');
    expect(signatureOf(JSON.stringify(JSON.parse(raw.toString())))).not.toBe(
      request?.headers['x-hub-signature-256'],
    );

    const body = parse(request);
    expect(body).toEqual({
      object: 'page',
      entry: [
        {
          id: META.pageId,
          time: expect.any(Number),
          messaging: [
            {
              sender: { id: META.psid },
              recipient: { id: META.pageId },
              timestamp: expect.any(Number),
              message: { mid: expect.stringMatching(/^m_/), text: 'มีไซซ์ M ไหมคะ / size M?' },
            },
          ],
        },
      ],
    });
  });

  it('builds the Messenger variants of C.6', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const event = async (delivery: Promise<{ body: MetaWebhookBody }>) =>
      (await delivery).body.entry[0]?.messaging[0];
    expect(
      await event(sim.messenger.postback(META.pageId, META.psid, 'GET_STARTED', 'Get Started')),
    ).toMatchObject({
      postback: { mid: expect.any(String), title: 'Get Started', payload: 'GET_STARTED' },
    });
    expect(
      await event(sim.messenger.referral(META.pageId, META.psid, { adId: '6045246247433' })),
    ).toMatchObject({
      referral: { ad_id: '6045246247433', source: 'ADS', type: 'OPEN_THREAD' },
    });
    expect(await event(sim.messenger.quickReply(META.pageId, META.psid, 'Red', 'COLOR_RED'))).toMatchObject({
      message: { text: 'Red', quick_reply: { payload: 'COLOR_RED' } },
    });
    expect(await event(sim.messenger.read(META.pageId, META.psid, 1767225600000))).toMatchObject({
      read: { watermark: 1767225600000 },
    });
    expect(await event(sim.messenger.delivery(META.pageId, META.psid, { mids: ['m_1'] }))).toMatchObject({
      delivery: { mids: ['m_1'], watermark: expect.any(Number) },
    });
  });

  it('builds the Instagram variants of D.2 and serves expiring CDN URLs', async () => {
    harness = await startHarness();
    const { sim } = harness;
    const reply = await sim.instagram.storyReply(META.igId, META.igsid, 'Love this!');
    expect(reply.body.object).toBe('instagram');
    expect(reply.body.entry[0]?.id).toBe(META.igId);
    const replyEvent = reply.body.entry[0]?.messaging[0];
    expect(replyEvent).toMatchObject({
      sender: { id: META.igsid },
      recipient: { id: META.igId },
      message: {
        mid: expect.stringMatching(/^aWdf/),
        text: 'Love this!',
        reply_to: { story: { id: expect.any(String), url: expect.any(String) } },
      },
    });

    const mention = await sim.instagram.storyMention(META.igId, META.igsid);
    const attachment = mention.body.entry[0]?.messaging[0]?.message?.attachments?.[0];
    expect(attachment?.type).toBe('story_mention');
    const cdn = await fetch(attachment?.payload.url ?? '');
    expect(cdn.status).toBe(200);
    expect(cdn.headers.get('content-type')).toBe('image/png');
    sim.advance(24 * 60 * 60 * 1000 + 1);
    expect((await fetch(attachment?.payload.url ?? '')).status).toBe(403);

    const mid = replyEvent?.message?.mid ?? '';
    expect(
      (await sim.instagram.deleted(META.igId, META.igsid, mid)).body.entry[0]?.messaging[0]?.message,
    ).toEqual({ mid, is_deleted: true });
    expect(
      (await sim.instagram.reaction(META.igId, META.igsid, mid)).body.entry[0]?.messaging[0]?.reaction,
    ).toEqual({
      mid,
      action: 'react',
      reaction: 'love',
      emoji: '❤️',
    });
    expect((await sim.instagram.seen(META.igId, META.igsid, mid)).body.entry[0]?.messaging[0]?.read).toEqual({
      mid,
    });
  });

  it('sends the same mid twice under the duplicate-delivery fault', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    sim.meta.duplicateDeliveries(2);
    await sim.messenger.text(META.pageId, META.psid, 'once');
    const [first, second] = await receiver.waitForRequests(2);
    const mids = [first, second].map((r) => parse(r).entry[0]?.messaging[0]?.message?.mid);
    expect(mids[0]).toMatch(/^m_/);
    expect(mids[1]).toBe(mids[0]);
  });

  it('retries a non-200 answer with the identical bytes until the window closes', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    sim.addMetaApp({
      appSecret: META.appSecret,
      verifyToken: META.verifyToken,
      webhookUrl: `${receiver.url}/meta`,
      retry: { intervalMs: 20, windowMs: 60 },
    });
    receiver.respondWith((_request, index) => ({ status: index < 2 ? 500 : 200 }));
    const delivery = await sim.messenger.text(META.pageId, META.psid, 'retry me');
    expect(delivery).toMatchObject({ ok: true, attempts: 3 });
    const bodies = receiver.requests.map((r) => r.rawBody.toString());
    expect(new Set(bodies).size).toBe(1);

    receiver.respondWith(() => ({ status: 204 }));
    const refused = await sim.messenger.text(META.pageId, META.psid, 'never 200');
    expect(refused).toMatchObject({ ok: false, status: 204, outcome: 'error_status_code', attempts: 4 });
  });

  it('batches several entries in one POST', async () => {
    harness = await startHarness();
    const { sim, receiver } = harness;
    sim.addPage({ pageId: '100000000000002', name: 'Second Page', pageToken: 'second-token' });
    await sim.messenger.events([
      { type: 'text', accountId: META.pageId, userId: META.psid, text: 'first' },
      { type: 'text', accountId: '100000000000002', userId: '2400000000000009', text: 'second' },
      { type: 'text', accountId: META.pageId, userId: META.psid, text: 'third' },
    ]);
    expect(receiver.requests).toHaveLength(1);
    expect(parse(receiver.requests[0]).entry.map((e) => e.id)).toEqual([
      META.pageId,
      '100000000000002',
      META.pageId,
    ]);

    await sim.messenger.events(
      [
        { type: 'text', accountId: META.pageId, userId: META.psid, text: 'a' },
        { type: 'text', accountId: META.pageId, userId: META.psid, text: 'b' },
      ],
      { groupByAccount: true },
    );
    const grouped = parse(receiver.requests[1]);
    expect(grouped.entry).toHaveLength(1);
    expect(grouped.entry[0]?.messaging.map((m) => m.message?.text)).toEqual(['a', 'b']);
  });
});
