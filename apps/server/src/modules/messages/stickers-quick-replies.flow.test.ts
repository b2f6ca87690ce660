// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// LINE-native replies end to end through the simulator: stickers both ways (the picture of a received one,
// the picker's catalogue, sending one LINE accepts), quick-reply buttons (LINE and Messenger shapes, the 13
// limit, a tap coming back linked to its button) and the agent as LINE's `sender`.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message, StickerCatalogue } from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { users } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'c')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

/** The stored message of a provider id, once the ingest has it. */
const stored = (channelId: string, providerMessageId: string) =>
  storedMessage(h.t, channelId, providerMessageId);

const send = (issueId: number, body: Record<string, unknown>) =>
  call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token: h.admin, body });

const chat = async (issueId: number) =>
  (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages`, { token: h.admin })).json<{
    items: Message[];
  }>().items;

/** A LINE customer who wrote; resolves to their issue id. */
async function lineCustomer(userId = lineUser()) {
  const inbound = await h.sim.line.text(line.externalId, userId, 'hello');
  const row = await stored(line.id, String(inbound.body.events[0]!.message!.id));
  return { userId, issueId: row.issueId };
}

/** The LINE message objects the customer received whose JSON contains `marker`. */
const received = (userId: string, marker: string) =>
  eventually(async () => {
    const found = h.sim
      .outbox(line.externalId, userId)
      .filter((o) => o.delivered && JSON.stringify(o.message).includes(marker));
    return found.length ? found.map((o) => o.message as Record<string, unknown>) : null;
  });

describe('stickers', () => {
  it("shows a received sticker as its picture, animated ones moving, with LINE's keywords", async () => {
    const { userId } = await lineCustomer();
    const stat = await h.sim.line.sticker(line.externalId, userId, {
      packageId: '446',
      stickerId: '1989',
      keywords: ['Happy', 'Smile'],
    });
    const moving = await h.sim.line.sticker(line.externalId, userId, {
      packageId: '11537',
      stickerId: '52002734',
      stickerResourceType: 'ANIMATION',
      keywords: [],
    });
    const still = await stored(line.id, String(stat.body.events[0]!.message!.id));
    await stored(line.id, String(moving.body.events[0]!.message!.id));
    const shown = (await chat(still.issueId)).filter((m) => m.kind === 'sticker');
    const base = `${h.sim.url}/stickershop/v1/sticker`;
    expect(shown.map((m) => m.sticker)).toEqual([
      {
        packageId: '11537',
        stickerId: '52002734',
        imageUrl: `${base}/52002734/iPhone/sticker_animation@2x.png`,
        keywords: [],
      },
      {
        packageId: '446',
        stickerId: '1989',
        imageUrl: `${base}/1989/android/sticker.png`,
        keywords: ['Happy', 'Smile'],
      },
    ]);
    // The simulator serves the picture, as LINE's sticker CDN does.
    const picture = await fetch(shown[1]!.sticker!.imageUrl);
    expect(picture.headers.get('content-type')).toBe('image/png');
  });

  it("sends a sticker LINE lists as sendable, refuses others, and offers the agent's recent ones first", async () => {
    const { userId, issueId } = await lineCustomer();
    const before = (
      await call(h.t.app, 'GET', '/api/v1/stickers', { token: h.admin })
    ).json<StickerCatalogue>();
    expect(before.packages.map((p) => p.packageId)).toContain('11538');
    expect(before.packages.find((p) => p.packageId === '446')!.stickers).toHaveLength(40);

    const res = await send(issueId, { sticker: { packageId: '11538', stickerId: '51626500' } });
    expect(res.statusCode).toBe(201);
    expect(res.json<Message>()).toMatchObject({ kind: 'sticker', sticker: { stickerId: '51626500' } });
    const [sent] = await received(userId, '51626500');
    expect(sent).toEqual({ type: 'sticker', packageId: '11538', stickerId: '51626500' });

    const refused = await send(issueId, { sticker: { packageId: '1', stickerId: '1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('message.sticker_not_available');
    const withText = await send(issueId, { text: 'hi', sticker: { packageId: '446', stickerId: '1988' } });
    expect(withText.statusCode).toBe(400);

    const after = (
      await call(h.t.app, 'GET', '/api/v1/stickers', { token: h.admin })
    ).json<StickerCatalogue>();
    expect(after.recent[0]).toMatchObject({ packageId: '11538', stickerId: '51626500' });
  });

  it('refuses a sticker on Messenger', async () => {
    const fb = await h.connectMeta('facebook');
    const psid = `${Date.now()}7`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hi');
    const row = await stored(fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    const res = await send(row.issueId, { sticker: { packageId: '446', stickerId: '1988' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('message.sticker_line_only');
  });
});

describe('quick replies', () => {
  it('sends up to 13 buttons under the last part on LINE, and a tap comes back linked to its button', async () => {
    const { userId, issueId } = await lineCustomer();
    const buttons = [
      { type: 'text', label: 'Yes', text: 'Yes, please' },
      { type: 'postback', label: 'Later' },
      { type: 'location', label: 'Send location' },
      { type: 'camera', label: 'Photo' },
      { type: 'date', label: 'Pick a day' },
    ];
    const tooMany = await send(issueId, {
      text: 'too many',
      quickReplies: Array.from({ length: 14 }, (_, i) => ({ type: 'postback', label: `B${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);

    const res = await send(issueId, { text: 'Shall we deliver tomorrow?', quickReplies: buttons });
    expect(res.statusCode).toBe(201);
    const offered = res.json<Message>();
    expect(offered.quickReplies).toEqual(buttons);
    const [message] = await received(userId, 'Shall we deliver tomorrow?');
    const items = (message!.quickReply as { items: Array<{ action: Record<string, unknown> }> }).items;
    const data = (label: string) => `sabai-qr:${offered.id}:${label}`;
    expect(items.map((i) => i.action)).toEqual([
      { type: 'postback', label: 'Yes', data: data('Yes'), displayText: 'Yes, please' },
      { type: 'postback', label: 'Later', data: data('Later') },
      { type: 'location', label: 'Send location' },
      { type: 'camera', label: 'Photo' },
      { type: 'datetimepicker', label: 'Pick a day', data: data('Pick a day'), mode: 'date' },
    ]);

    // The customer taps "Yes", then picks a date.
    await h.sim.line.postback(line.externalId, userId, data('Yes'));
    await h.sim.line.postback(line.externalId, userId, data('Pick a day'), { date: '2026-12-01' });
    const answers = await eventually(async () => {
      const found = (await chat(issueId)).filter((m) => m.answersQuickReply);
      return found.length === 2 ? found : null;
    });
    expect(answers.map((m) => [m.text, m.answersQuickReply])).toEqual([
      ['Pick a day: 2026-12-01', { messageId: offered.id, label: 'Pick a day' }],
      ['Yes', { messageId: offered.id, label: 'Yes' }],
    ]);
  });

  it('sends text buttons on Messenger, refuses LINE-only ones, and links the tap', async () => {
    const fb = await h.connectMeta('facebook');
    const psid = `${Date.now()}8`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hi');
    const row = await stored(fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    const lineOnly = await send(row.issueId, {
      text: 'where?',
      quickReplies: [{ type: 'location', label: 'Here' }],
    });
    expect(lineOnly.statusCode).toBe(400);
    expect(lineOnly.json().error.code).toBe('message.quick_reply_line_only');

    const res = await send(row.issueId, {
      text: 'Which size?',
      quickReplies: [
        { type: 'text', label: 'S', text: 'Small' },
        { type: 'postback', label: 'M' },
      ],
    });
    const offered = res.json<Message>();
    const call = await eventually(
      async () =>
        h.sim.calls({ path: '/me/messages' }).find((c) => JSON.stringify(c.body).includes('Which size?')) ??
        null,
    );
    const body = call.body as { message: { quick_replies: unknown } };
    expect(body.message.quick_replies).toEqual([
      { content_type: 'text', title: 'S', payload: `sabai-qr:${offered.id}:S` },
      { content_type: 'text', title: 'M', payload: `sabai-qr:${offered.id}:M` },
    ]);
    const tap = await h.sim.messenger.quickReply(fb.pageId, psid, 'M', `sabai-qr:${offered.id}:M`);
    const answer = await stored(fb.id, String(tap.body.entry[0]!.messaging[0]!.message!.mid));
    const [shown] = (await chat(answer.issueId)).filter((m) => m.id === answer.id);
    expect(shown).toMatchObject({ text: 'M', answersQuickReply: { messageId: offered.id, label: 'M' } });
  });
});

describe("the agent as LINE's sender", () => {
  it('puts the agent name (at most 20 characters) on each message when the channel shows agents', async () => {
    const channel = await h.createLineChannel({ sendAgentIdentity: true });
    const userId = lineUser();
    const inbound = await h.sim.line.text(channel.externalId, userId, 'hi');
    const row = await stored(channel.id, String(inbound.body.events[0]!.message!.id));
    const admin = (await call(h.t.app, 'GET', '/api/v1/me', { token: h.admin })).json<{ id: string }>();
    await h.t.db.orm
      .update(users)
      .set({ firstName: 'Sirinapaporn', lastName: 'Wongsuwan-Long' })
      .where(eq(users.id, admin.id));
    await send(row.issueId, { text: 'from a named agent' });
    const [message] = await eventually(async () => {
      const found = h.sim
        .outbox(channel.externalId, userId)
        .filter((o) => o.delivered && JSON.stringify(o.message).includes('from a named agent'));
      return found.length ? found.map((o) => o.message as { sender?: unknown }) : null;
    });
    expect(message!.sender).toEqual({ name: 'Sirinapaporn Wongsuw' });
    // A channel that does not show agents sends as the account.
    const { userId: other, issueId } = await lineCustomer();
    await send(issueId, { text: 'from the account' });
    const [plain] = await received(other, 'from the account');
    expect(plain!.sender).toBeUndefined();
  });
});
