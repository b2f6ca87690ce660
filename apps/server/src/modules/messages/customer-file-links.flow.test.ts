// Files sent to customers through the simulator: LINE gets a file as a text with its name, size and a signed
// link, Meta an image by a signed link it fetches; both expire after the organisation's days (7 unless an
// admin changes it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { PNG, uploadAttachment } from '../../../test/files';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const DAY = 24 * 3600;
const PDF = Buffer.from('%PDF-1.4 price list');

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

afterAll(() => h.t.clock.set(null));

/** The customer's message once stored; resolves to its issue. */
async function customerWrites(channelId: string, providerMessageId: string) {
  return (await storedMessage(h.t, channelId, providerMessageId)).issueId;
}

const midOf = (d: { body: unknown }) =>
  (d.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> }).entry[0]!.messaging[0]!
    .message.mid;

/** An agent sends the file on the issue; resolves once delivered. */
async function sendFile(issueId: number, file: { name: string; type: string; content: Buffer }) {
  const upload = await uploadAttachment(h.t, h.admin, file);
  const res = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
    token: h.admin,
    body: { fileIds: [upload.id] },
  });
  expect(res.statusCode).toBe(201);
  const sent = await eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, res.json().id));
    return row && row.deliveryStatus !== 'pending' ? row : null;
  });
  expect(sent.deliveryStatus).toBe('sent');
  return upload.id;
}

/** The link in the text LINE delivered to the customer for this file. */
function lineLinkOf(userId: string, fileId: string): URL {
  const texts = h.sim
    .outbox(line.externalId, userId)
    .map((o) => (o.message as { text?: string }).text ?? '')
    .filter((text) => text.includes(`/files/${fileId}`));
  expect(texts).toHaveLength(1);
  const [name, link] = texts[0]!.split('\n');
  expect(name).toBe(`price.pdf (${PDF.length} B)`);
  return new URL(link!);
}

const validity = (link: URL) => Number(link.searchParams.get('expires')) - Date.now() / 1000;
const fetchLink = (link: URL) => h.t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });

const setExpiryDays = async (days: number) => {
  const res = await call(h.t.app, 'PUT', '/api/v1/organization/settings', {
    token: h.admin,
    body: { fileLinkExpiryDays: days },
  });
  expect(res.statusCode).toBe(200);
};

describe('files sent to customers', () => {
  it('reach LINE as signed links that expire after the organisation’s days', async () => {
    const userId = `U${(++seq + Date.now()).toString(16).padStart(32, 'c')}`;
    const inbound = await h.sim.line.text(line.externalId, userId, 'ขอใบราคาค่ะ');
    const issueId = await customerWrites(line.id, String(inbound.body.events[0]!.message!.id));

    // The default: 7 days.
    const weekFile = await sendFile(issueId, { name: 'price.pdf', type: 'application/pdf', content: PDF });
    const week = lineLinkOf(userId, weekFile);
    expect(`${week.origin}${week.pathname}`).toBe(`${h.t.deps.config.PUBLIC_URL}/files/${weekFile}`);
    expect(validity(week)).toBeGreaterThan(7 * DAY - 120);
    expect(validity(week)).toBeLessThanOrEqual(7 * DAY);
    const served = await fetchLink(week);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(Number(/max-age=(\d+)/.exec(String(served.headers['cache-control']))?.[1])).toBeLessThanOrEqual(
      7 * DAY,
    );

    // An admin gives links 30 days: the next file sent gets them, the one already sent keeps its 7.
    await setExpiryDays(30);
    const monthFile = await sendFile(issueId, { name: 'price.pdf', type: 'application/pdf', content: PDF });
    const month = lineLinkOf(userId, monthFile);
    expect(validity(month)).toBeGreaterThan(30 * DAY - 120);
    expect(validity(month)).toBeLessThanOrEqual(30 * DAY);

    h.t.clock.advance(8 * DAY * 1000);
    const expired = await fetchLink(week);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('file.link_expired');
    expect((await fetchLink(month)).statusCode).toBe(200);

    h.t.clock.advance(23 * DAY * 1000);
    expect((await fetchLink(month)).json().error.code).toBe('file.link_expired');
    h.t.clock.set(null);

    // The link names its file: its signature does not open the other one.
    const swapped = new URL(month);
    swapped.pathname = `/files/${weekFile}`;
    expect((await fetchLink(swapped)).json().error.code).toBe('file.link_invalid');
  });

  it('give Meta a signed link to the image, with the organisation’s days', async () => {
    await setExpiryDays(3);
    const page = await h.connectMeta('facebook');
    const psid = `25${Date.now()}${++seq}`;
    const issueId = await customerWrites(
      page.id,
      midOf(await h.sim.messenger.text(page.pageId, psid, 'ขอรูปสินค้า')),
    );
    const fileId = await sendFile(issueId, { name: 'dot.png', type: 'image/png', content: PNG });
    const sent = h.sim
      .outbox(page.pageId, psid)
      .map((o) => o.message as { attachment?: { type: string; payload: { url: string } } })
      .find((m) => m.attachment?.payload.url.includes(`/files/${fileId}?`));
    expect(sent?.attachment?.type).toBe('image');
    const link = new URL(sent!.attachment!.payload.url);
    expect(validity(link)).toBeGreaterThan(3 * DAY - 120);
    expect(validity(link)).toBeLessThanOrEqual(3 * DAY);
    const served = await fetchLink(link);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});
