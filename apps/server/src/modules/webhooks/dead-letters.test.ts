// Poison deliveries (docs/decisions/channels.md "Poison deliveries"): a correctly signed delivery that cannot be read
// is acknowledged, set aside once with the reason (no retries), counted in its channel's settings, and never
// holds up the deliveries around it.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, META_SECRET, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string; secret: string };

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

const postLine = (body: string) =>
  fetch(`${h.url}/webhooks/line/${line.externalId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-line-signature': createHmac('sha256', line.secret).update(body).digest('base64'),
    },
    body,
  });

const postMeta = (body: string) =>
  fetch(`${h.url}/webhooks/meta`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', META_SECRET).update(body).digest('hex')}`,
    },
    body,
  });

const lineText = (messageId: string) =>
  JSON.stringify({
    destination: 'U0',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: `U${randomUUID().replaceAll('-', '')}` },
        webhookEventId: randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: randomUUID().replaceAll('-', ''),
        message: { id: messageId, type: 'text', quoteToken: 'q', text: `good ${messageId}` },
      },
    ],
  });

type InboundRow = {
  attempts: number;
  dead_at: Date | null;
  dead_reason: string | null;
  processed_at: Date | null;
};
const inboundRows = (body: string) =>
  h.t.db.query<InboundRow>(
    'SELECT attempts, dead_at, dead_reason, processed_at FROM inbound_events WHERE body = $1',
    [body],
  );

const unreadableCount = async (channelId: string) =>
  (await call(h.t.app, 'GET', `/api/v1/channels/${channelId}`, { token: h.admin })).json()
    .unreadableDeliveries as number;

describe('a delivery that cannot be read', () => {
  it('is acknowledged, set aside once with the reason, and the deliveries around it go through', async () => {
    expect(await unreadableCount(line.id)).toBe(0);
    const broken = `{"destination":"U0","events":[{"type":"message",${randomUUID()}`;
    const ids = [`${Date.now()}1`, `${Date.now()}2`];
    const statuses = await Promise.all([
      postLine(lineText(ids[0]!)),
      postLine(broken),
      postLine(lineText(ids[1]!)),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200]);

    for (const id of ids)
      await eventually(async () =>
        (
          await h.t.db.orm
            .select()
            .from(messages)
            .where(and(eq(messages.channelId, line.id), eq(messages.providerMessageId, id)))
        ).at(0),
      );
    const [dead] = await eventually(async () => {
      const rows = await inboundRows(broken);
      return rows[0]?.dead_at ? rows : null;
    });
    expect(dead!.dead_reason).toMatch(/^unreadable: /);
    expect(dead!.processed_at).not.toBeNull();
    // The worker polls every second: a retried row would be claimed again within this wait.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await inboundRows(broken))[0]!.attempts).toBe(1);
    expect(await unreadableCount(line.id)).toBe(1);
  });

  it('counts a Meta delivery of an unexpected shape on the Page it names, not on other channels', async () => {
    const page = await h.connectMeta('facebook');
    const other = await h.createLineChannel();
    const body = JSON.stringify({ object: 'page', entry: [{ id: page.pageId, messaging: 'not a list' }] });
    expect((await postMeta(body)).status).toBe(200);
    await eventually(async () => (await unreadableCount(page.id)) === 1);
    const [row] = await inboundRows(body);
    expect(row).toMatchObject({ attempts: 1 });
    expect(row!.dead_reason).toMatch(/^unreadable: /);
    expect(await unreadableCount(other.id)).toBe(0);
    const list = (await call(h.t.app, 'GET', '/api/v1/channels', { token: h.admin })).json() as Array<{
      id: string;
      unreadableDeliveries: number;
    }>;
    expect(list.find((c) => c.id === page.id)?.unreadableDeliveries).toBe(1);
  });
});
