// Files an agent sends on LINE, through the simulator that fetches media as LINE does: a GIF and a WebP go
// as JPEG or PNG pictures, every picture with a real preview under LINE's 1 MB, an mp4 with a poster, a
// QuickTime video (which LINE does not play) as a link with its name and size; the agent's picture is the
// sender icon as a square PNG.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import {
  eventually,
  HTTPS_PUBLIC_URL,
  startChannelHarness,
  storedMessage,
  type ChannelHarness,
} from '../../../test/channels';
import { uploadAttachment } from '../../../test/files';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'e')}`;

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: HTTPS_PUBLIC_URL });
  line = await h.createLineChannel({ sendAgentIdentity: true });
});

/** A picture of `width`×`height` in `format`; noise makes a PNG as large as its pixels. */
async function picture(format: 'gif' | 'webp' | 'png', width: number, height: number, noise = false) {
  const pixels = noise
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width, height, channels: 3 },
      })
    : sharp({ create: { width, height, channels: 3, background: '#3b82f6' } });
  return pixels.toFormat(format).toBuffer();
}

/** A customer who wrote; the agent then sends `files` on their issue. Resolves to what LINE got. */
async function send(files: Array<{ name: string; type: string; content: Buffer }>) {
  const userId = lineUser();
  const inbound = await h.sim.line.text(line.externalId, userId, 'can you send me the pictures?');
  const { issueId } = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  const fileIds = [];
  for (const file of files) fileIds.push((await uploadAttachment(h.t, h.admin, file)).id);
  const res = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
    token: h.admin,
    body: { fileIds },
  });
  expect(res.statusCode).toBe(201);
  const sent = await eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, res.json().id));
    return row && row.deliveryStatus !== 'pending' ? row : null;
  });
  expect(sent.providerError).toBeNull();
  // LINE has fetched every picture, preview and icon of what it accepted.
  return eventually(async () => {
    const entries = h.sim.outbox(line.externalId, userId);
    return entries.length === files.length && entries.every((e) => e.media) ? entries : null;
  });
}

describe('files sent on LINE', () => {
  it('sends a GIF and a WebP as pictures LINE shows, each with a small JPEG preview', async () => {
    const [gif, webp] = await send([
      { name: 'sale.gif', type: 'image/gif', content: await picture('gif', 300, 200) },
      { name: 'shoe.webp', type: 'image/webp', content: await picture('webp', 800, 600) },
    ]);
    for (const entry of [gif!, webp!]) {
      expect(entry.message).toMatchObject({ type: 'image' });
      expect(entry.media).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            property: 'originalContentUrl',
            contentType: 'image/jpeg',
            problem: null,
          }),
          expect.objectContaining({ property: 'previewImageUrl', contentType: 'image/jpeg', problem: null }),
        ]),
      );
    }
  });

  it('sends a PNG over 1 MB as it is, with a preview LINE takes', async () => {
    const large = await picture('png', 1000, 1000, true);
    expect(large.length).toBeGreaterThan(1024 * 1024);
    const [entry] = await send([{ name: 'catalogue.png', type: 'image/png', content: large }]);
    const media = entry!.media!;
    expect(media.find((m) => m.property === 'originalContentUrl')).toMatchObject({
      contentType: 'image/png',
      bytes: large.length,
      problem: null,
    });
    const preview = media.find((m) => m.property === 'previewImageUrl')!;
    expect(preview).toMatchObject({ contentType: 'image/jpeg', problem: null });
    expect(preview.bytes).toBeLessThan(1024 * 1024);
  });

  it('sends an mp4 with a poster, and a QuickTime video as a link with its name and size', async () => {
    const video = Buffer.alloc(2048, 7);
    const [mp4, mov] = await send([
      { name: 'unboxing.mp4', type: 'video/mp4', content: video },
      { name: 'fitting.mov', type: 'video/quicktime', content: video },
    ]);
    expect(mp4!.message).toMatchObject({ type: 'video' });
    expect(mp4!.media).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'originalContentUrl', contentType: 'video/mp4', problem: null }),
        expect.objectContaining({ property: 'previewImageUrl', contentType: 'image/jpeg', problem: null }),
      ]),
    );
    const text = (mov!.message as { type: string; text: string }).text;
    expect(mov!.message).toMatchObject({ type: 'text' });
    expect(text.split('\n')[0]).toBe('fitting.mov (2 KB)');
    expect(text.split('\n')[1]).toMatch(new RegExp(`^${HTTPS_PUBLIC_URL}/files/`));
  });

  it('shows the agent as the sender with their picture as a square PNG', async () => {
    await uploadAttachment(
      h.t,
      h.admin,
      { name: 'me.webp', type: 'image/webp', content: await picture('webp', 300, 180) },
      { method: 'PUT', url: '/api/v1/me/avatar' },
    );
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'who is this?');
    const { issueId } = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
    await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
      token: h.admin,
      body: { text: 'This is your shop assistant' },
    });
    const [entry] = await eventually(async () => {
      const entries = h.sim.outbox(line.externalId, userId);
      return entries[0]?.media ? entries : null;
    });
    expect(entry!.message).toMatchObject({ sender: { iconUrl: expect.stringContaining('as=icon') } });
    expect(entry!.media).toEqual([
      expect.objectContaining({ property: 'sender.iconUrl', contentType: 'image/png', problem: null }),
    ]);
  });
});
