// Media that arrives with a URL chosen outside the provider (LINE "external" content, Meta attachment
// links) is fetched only through the guarded client: a URL on loopback is never requested, and the message is
// stored with a failed-media state. Media is served with a type from its bytes, never the declared one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { attachmentUrlOf } from '../../../test/files';
import { messageAttachments, messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let page: { id: string; pageId: string };
let inside: string;
const hits: string[] = [];
let seq = 0;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

beforeAll(async () => {
  // A service on loopback that must stay out of reach: the simulator's origin is allowed (PROVIDER_BASE_URL),
  // this one is not.
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inside = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await startChannelHarness();
  line = await h.createLineChannel();
  page = await h.connectMeta('facebook');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
});

const byProviderId = (id: string) =>
  eventually(
    async () => (await h.t.db.orm.select().from(messages).where(eq(messages.providerMessageId, id)))[0],
  );

/** The message once its media job has run: `payload.media.status` says how it ended. */
const mediaSettled = (id: string) =>
  eventually(async () => {
    const [m] = await h.t.db.orm.select().from(messages).where(eq(messages.providerMessageId, id));
    const media = (m?.payload as { media?: { status: string } } | null)?.media;
    return media && media.status !== 'pending' ? { message: m!, status: media.status } : null;
  }, 20_000);

/** The message's stored media, fetched by the link the messages API gives (as the conversation does). */
async function servedFileOf(message: { id: number; issueId: number }) {
  await eventually(async () => {
    const rows = await h.t.db.orm
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, message.id));
    return rows.length > 0 ? rows : null;
  }, 20_000);
  const url = await attachmentUrlOf(h.t, h.admin, message.issueId, message.id);
  return h.t.app.inject({ method: 'GET', url });
}

async function messengerAttachment(type: 'image' | 'file', url: string) {
  const psid = `25${Date.now()}${++seq}`;
  h.sim.addMetaUser({
    platform: 'messenger',
    accountId: page.pageId,
    userId: psid,
    firstName: 'A',
    lastName: 'B',
  });
  const mid = `m_ssrf_${Date.now()}_${seq}`;
  await h.sim.messenger.events([
    {
      type: 'raw',
      accountId: page.pageId,
      userId: psid,
      event: { message: { mid, attachments: [{ type, payload: { url } }] } },
    },
  ]);
  return mid;
}

describe('media URLs from webhooks', () => {
  it('does not fetch a LINE external content URL on loopback and stores the message with its media unavailable', async () => {
    const ids: string[] = [];
    for (const url of [
      `https://${inside}/a.png`,
      `http://${inside}/b.png`,
      'https://169.254.169.254/c.png',
    ]) {
      const id = `${Date.now()}${++seq}`;
      ids.push(id);
      const userId = `U${id.padStart(32, 'f')}`;
      const delivery = await h.sim.line.events(line.externalId, [
        {
          type: 'raw',
          event: {
            type: 'message',
            source: { type: 'user', userId },
            replyToken: `r${id}`,
            message: { id, type: 'image', contentProvider: { type: 'external', originalContentUrl: url } },
          },
        },
      ]);
      expect(delivery.status).toBe(200);
    }
    for (const id of ids) {
      const { message, status } = await mediaSettled(id);
      expect(message.kind).toBe('image');
      expect(status).toBe('unavailable');
    }
    expect(hits).toEqual([]);
  });

  it('does not fetch a Meta attachment URL on loopback and stores the message with its media unavailable', async () => {
    const mid = await messengerAttachment('image', `https://${inside}/cdn.png`);
    const { message, status } = await mediaSettled(mid);
    expect(message.kind).toBe('image');
    expect(status).toBe('unavailable');
    const local = await messengerAttachment('file', `http://localhost:${inside.split(':')[1]}/cdn.bin`);
    expect((await mediaSettled(local)).status).toBe('unavailable');
    expect(hits).toEqual([]);
  });
});

describe('serving inbound media', () => {
  const sendMessenger = async (type: 'image' | 'file', content: Buffer, contentType: string) => {
    const psid = `26${Date.now()}${++seq}`;
    h.sim.addMetaUser({
      platform: 'messenger',
      accountId: page.pageId,
      userId: psid,
      firstName: 'C',
      lastName: 'D',
    });
    const delivery = await h.sim.messenger.attachment(page.pageId, psid, type, { content, contentType });
    const mid = (delivery.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> })
      .entry[0]!.messaging[0]!.message.mid;
    return servedFileOf(await byProviderId(mid));
  };

  it('serves SVG and HTML as downloads of application/octet-stream, with nosniff and a sandboxing CSP', async () => {
    for (const [type, content, declared] of [
      ['image', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>', 'image/svg+xml'],
      ['file', '<html><script>alert(document.cookie)</script></html>', 'text/html'],
    ] as const) {
      const res = await sendMessenger(type, Buffer.from(content), declared);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toBe(content);
    }
  });

  it('serves a PNG declared as another type by its bytes, inline', async () => {
    const res = await sendMessenger('image', PNG, 'image/jpeg');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });
});
