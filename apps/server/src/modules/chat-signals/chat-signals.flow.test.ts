// One database is enough: the checks are the calls to the providers' simulator and what comes of them, over
// plain reads and writes.
// What the customer sees of the agents, through the simulator: opening a chat marks their messages read
// (LINE markAsRead with the message's token, Messenger mark_seen; off per channel), and an agent typing a
// reply shows LINE's loading animation or Messenger's typing_on, never for a private note.
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { feedRegistered } from '../../../test/live-messages';
import { messages } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'd')}`;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});
afterAll(() => sockets.forEach((s) => s.close()));

const stored = (channelId: string, providerMessageId: string) =>
  storedMessage(h.t, channelId, providerMessageId);

/** The states of the issue's mark-read jobs. */
async function markJobs(issueId: number) {
  const rows = await h.t.db.query<{ state: string }>(
    "SELECT state FROM pgboss.job WHERE name = 'chat.mark_read' AND (data->>'issueId')::int = $1",
    [issueId],
  );
  return rows.map((r) => r.state);
}

/** The agent opens the chat: the messages are read as shown. */
const openChat = (issueId: number) =>
  call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages?read=true`, { token: h.admin });

const callsTo = (path: string, marker: string) =>
  h.sim.calls({ path }).filter((c) => JSON.stringify(c.body).includes(marker));

describe('marking read on open', () => {
  it("marks a LINE chat read with its latest message's token, once, and the messages read", async () => {
    const userId = lineUser();
    await h.sim.line.text(line.externalId, userId, 'first');
    const latest = await h.sim.line.text(line.externalId, userId, 'second');
    const event = latest.body.events[0]!.message as { id: string; markAsReadToken: string };
    const row = await stored(line.id, event.id);
    await openChat(row.issueId);
    await eventually(async () => callsTo('/v2/bot/chat/markAsRead', event.markAsReadToken).length === 1);
    await eventually(async () => {
      const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, row.issueId));
      return rows.every((m) => m.deliveryStatus === 'read');
    });
    // Opening it again has nothing left to mark: no job is even asked for.
    await openChat(row.issueId);
    expect(await markJobs(row.issueId)).toEqual(['completed']);
    expect(callsTo('/v2/bot/chat/markAsRead', event.markAsReadToken)).toHaveLength(1);
  });

  it('marks the chat read when the customer’s latest word is a tap, with the latest message’s token', async () => {
    const userId = lineUser();
    const text = await h.sim.line.text(line.externalId, userId, 'which day can you deliver?');
    const message = text.body.events[0]!.message as { id: string; markAsReadToken: string };
    const tap = await h.sim.line.postback(line.externalId, userId, 'action=pick-day', { date: '2026-12-24' });
    const row = await stored(line.id, tap.body.events[0]!.webhookEventId);
    // The picked date is the customer's answer in the chat.
    expect(row.text).toBe('action=pick-day: 2026-12-24');
    await openChat(row.issueId);
    await eventually(async () => callsTo('/v2/bot/chat/markAsRead', message.markAsReadToken).length === 1);
    await eventually(async () => {
      const rows = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, row.issueId));
      return rows.every((m) => m.deliveryStatus === 'read');
    });
  });

  it('leaves the chat unread on the platform when the channel turns it off', async () => {
    const quiet = await h.createLineChannel({ markReadOnOpen: false });
    const userId = lineUser();
    const inbound = await h.sim.line.text(quiet.externalId, userId, 'unread stays');
    const event = inbound.body.events[0]!.message as { id: string; markAsReadToken: string };
    const row = await stored(quiet.id, event.id);
    await openChat(row.issueId);
    await eventually(async () => (await markJobs(row.issueId)).join() === 'completed');
    expect(callsTo('/v2/bot/chat/markAsRead', event.markAsReadToken)).toEqual([]);
    expect((await stored(quiet.id, event.id)).deliveryStatus).toBe('received');
  });

  it('sends mark_seen on Messenger', async () => {
    const fb = await h.connectMeta('facebook');
    const psid = `${Date.now()}3`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'seen me?');
    const row = await stored(fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    await openChat(row.issueId);
    await eventually(async () =>
      h.sim
        .calls({ path: '/me/messages' })
        .some(
          (c) =>
            JSON.stringify(c.body) ===
            JSON.stringify({ recipient: { id: psid }, sender_action: 'mark_seen' }),
        ),
    );
  });
});

describe('typing', () => {
  async function agentSocket() {
    const base = h.url.replace('http', 'ws');
    const socket = new WebSocket(`${base}/ws?token=${h.admin}&socketType=web`);
    sockets.push(socket);
    const registered = feedRegistered(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await registered;
    return socket;
  }
  const typing = (socket: WebSocket, issueId: number, reply: boolean) =>
    socket.send(JSON.stringify({ type: 'presence', issueId, state: 'typing', reply }));

  it("shows LINE's loading animation while the agent types a reply, at most every few seconds", async () => {
    const userId = lineUser();
    const inbound = await h.sim.line.text(line.externalId, userId, 'are you there?');
    const row = await stored(line.id, String(inbound.body.events[0]!.message!.id));
    const socket = await agentSocket();
    // Typing a private note tells the customer nothing.
    typing(socket, row.issueId, false);
    typing(socket, row.issueId, true);
    typing(socket, row.issueId, true);
    const loading = await eventually(async () => {
      const found = callsTo('/v2/bot/chat/loading/start', userId);
      return found.length ? found : null;
    });
    expect(loading.map((c) => c.body)).toEqual([{ chatId: userId, loadingSeconds: 5 }]);
    expect(loading[0]!.status).toBe(202);
  });

  it('sends typing_on on Messenger, then typing_off once the agent is quiet', async () => {
    const fb = await h.connectMeta('facebook');
    const psid = `${Date.now()}4`;
    const inbound = await h.sim.messenger.text(fb.pageId, psid, 'hello?');
    const row = await stored(fb.id, String(inbound.body.entry[0]!.messaging[0]!.message!.mid));
    const socket = await agentSocket();
    typing(socket, row.issueId, true);
    const actions = () =>
      h.sim
        .calls({ path: '/me/messages' })
        .filter((c) => JSON.stringify(c.body).includes(psid))
        .map((c) => (c.body as { sender_action?: string }).sender_action)
        .filter(Boolean);
    await eventually(async () => actions().includes('typing_on'));
    await eventually(async () => actions().includes('typing_off'), 10_000);
    expect(actions()).toEqual(['typing_on', 'typing_off']);
  }, 15_000);
});
