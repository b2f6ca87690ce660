// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// The customer's side of a conversation, as the chat shows it: Messenger read receipts and Instagram seen
// events mark the agent's messages seen (with the time), Instagram reactions show on the message, an unsent
// LINE message keeps the fact without the content, and a customer who blocks the LINE account (unfollow)
// cannot be written to until they add it again (follow).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetail, Message } from '@sabai/contracts';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'e')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

const stored = (channelId: string, providerMessageId: string) =>
  storedMessage(h.t, channelId, providerMessageId);

const send = (issueId: number, text: string) =>
  call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token: h.admin, body: { text } });

const shown = async (issueId: number, messageId: number) =>
  (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages`, { token: h.admin }))
    .json<{ items: Message[] }>()
    .items.find((m) => m.id === messageId);

/** An agent's reply, once its provider accepted it; resolves to it with its provider id. */
async function sentReply(issueId: number, text: string) {
  const id = (await send(issueId, text)).json<Message>().id;
  return eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, id));
    return row?.providerMessageId ? row : null;
  });
}

describe('read receipts and reactions', () => {
  it("marks the agent's Messenger replies seen at the receipt's time, up to its watermark", async () => {
    const fb = await h.connectMeta('facebook');
    const psid = `${Date.now()}5`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hi');
    const { issueId } = await stored(fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    const reply = await sentReply(issueId, 'We ship tomorrow');
    expect((await shown(issueId, reply.id))!.seenAt).toBeUndefined();
    const watermark = Date.now() + 1000;
    await h.sim.messenger.read(fb.pageId, psid, watermark);
    const seen = await eventually(async () => (await shown(issueId, reply.id))?.seenAt ?? null);
    expect(new Date(seen).getTime()).toBeGreaterThan(reply.createdAt.getTime() - 1);
    expect((await shown(issueId, reply.id))!.deliveryStatus).toBe('read');
  });

  it("shows an Instagram customer's seen event and reaction on the message, and takes the reaction back", async () => {
    const ig = await h.connectMeta('instagram');
    const igsid = `${Date.now()}6`;
    const inbound = await h.sim.instagram.text(ig.accountId, igsid, 'price?');
    const { issueId } = await stored(ig.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    const reply = await sentReply(issueId, '390 baht');
    await h.sim.instagram.seen(ig.accountId, igsid, reply.providerMessageId!);
    await h.sim.instagram.reaction(ig.accountId, igsid, reply.providerMessageId!, { emoji: '❤️' });
    await eventually(async () => {
      const m = await shown(issueId, reply.id);
      return m?.seenAt && m.reaction === '❤️';
    });
    await h.sim.instagram.reaction(ig.accountId, igsid, reply.providerMessageId!, { action: 'unreact' });
    await eventually(async () => (await shown(issueId, reply.id))?.reaction === undefined);
  });
});

describe('LINE unsend, block and unblock', () => {
  it('keeps an unsent message as the fact only', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'my address is 12 Sukhumvit');
    const id = String(inbound.body.events[0]!.message!.id);
    const { issueId, id: messageId } = await stored(line.id, id);
    await h.sim.line.unsend(line.externalId, userId, id);
    const message = await eventually(async () => {
      const m = await shown(issueId, messageId);
      return m?.kind === 'unsent' ? m : null;
    });
    expect(message).toMatchObject({ kind: 'unsent', text: null });
    expect(JSON.stringify(message)).not.toContain('Sukhumvit');
  });

  it('locks replies while the customer has blocked the account, and opens them when they add it again', async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'bye');
    const { issueId } = await stored(line.id, String(inbound.body.events[0]!.message!.id));
    const detail = async () =>
      (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}`, { token: h.admin })).json<IssueDetail>();
    expect((await detail()).customerBlocked).toBe(false);

    await h.sim.line.unfollow(line.externalId, userId);
    await eventually(async () => (await detail()).customerBlocked);
    const refused = await send(issueId, 'are you still there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('message.customer_blocked');
    // A private note stays inside the team: still allowed.
    const note = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
      token: h.admin,
      body: { text: 'customer blocked us after the refund', isPrivateNote: true },
    });
    expect(note.statusCode).toBe(201);

    await h.sim.line.follow(line.externalId, userId);
    await eventually(async () => !(await detail()).customerBlocked);
    expect((await send(issueId, 'welcome back')).statusCode).toBe(201);
  });
});
