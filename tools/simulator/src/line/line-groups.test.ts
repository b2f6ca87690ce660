import { afterEach, describe, expect, it } from 'vitest';
import { LINE, lineApi, startHarness } from '../test-support/fixtures';
import type { Harness } from '../test-support/fixtures';
import type { LineWebhookEvent } from './types';

let harness: Harness;
afterEach(() => harness.close());

const GROUP = `C${'a1'.repeat(16)}`;
const ROOM = `R${'b2'.repeat(16)}`;
const BOB = `U${'b0'.repeat(16)}`;
const text = (value: string) => ({ type: 'text', text: value });

/** The harness with Bob (not a friend of the account) and a group and a room of Alice and Bob. */
async function withChats(): Promise<Harness> {
  const h = await startHarness();
  h.sim.addLineUser(LINE.channelId, { userId: BOB, displayName: 'Bob', isFriend: false });
  h.sim.addLineChat(LINE.channelId, {
    chatId: GROUP,
    groupName: 'Shop regulars',
    pictureUrl: 'https://example.com/g.png',
    memberIds: [LINE.alice, BOB],
  });
  h.sim.addLineChat(LINE.channelId, { chatId: ROOM, memberIds: [LINE.alice, BOB] });
  return h;
}

const only = (events: LineWebhookEvent[]) => {
  expect(events).toHaveLength(1);
  return events[0]!;
};

describe('LINE groups and rooms', () => {
  it('sends join, member and leave events with the group or room as their source', async () => {
    harness = await withChats();
    const { sim } = harness;
    const join = only((await sim.line.events(LINE.channelId, [{ type: 'join', chatId: GROUP }])).body.events);
    expect(join).toMatchObject({ type: 'join', source: { type: 'group', groupId: GROUP } });
    expect(join.replyToken).toEqual(expect.any(String));
    expect(join.source).not.toHaveProperty('userId');

    const joined = only(
      (
        await sim.line.events(LINE.channelId, [
          { type: 'memberJoined', chatId: GROUP, userIds: [LINE.alice] },
        ])
      ).body.events,
    );
    expect(joined).toMatchObject({
      type: 'memberJoined',
      source: { type: 'group', groupId: GROUP },
      joined: { members: [{ type: 'user', userId: LINE.alice }] },
    });
    const left = only(
      (await sim.line.events(LINE.channelId, [{ type: 'memberLeft', chatId: GROUP, userIds: [BOB] }])).body
        .events,
    );
    expect(left).toMatchObject({ type: 'memberLeft', left: { members: [{ type: 'user', userId: BOB }] } });
    expect(left).not.toHaveProperty('replyToken');
    // Bob left: he can no longer write there.
    await expect(
      sim.line.events(LINE.channelId, [{ type: 'text', userId: BOB, text: 'hi', chatId: GROUP }]),
    ).rejects.toThrow(/not both in/);

    const leave = only(
      (await sim.line.events(LINE.channelId, [{ type: 'leave', chatId: GROUP }])).body.events,
    );
    expect(leave).toMatchObject({ type: 'leave', source: { type: 'group', groupId: GROUP } });
    expect(leave).not.toHaveProperty('replyToken');
  });

  it('carries the member in a message’s source, or leaves them out when LINE withholds the id', async () => {
    harness = await withChats();
    const { sim } = harness;
    await sim.line.events(LINE.channelId, [
      { type: 'join', chatId: GROUP },
      { type: 'join', chatId: ROOM },
    ]);
    const [inGroup, withheld, inRoom] = (
      await sim.line.events(LINE.channelId, [
        { type: 'text', userId: LINE.alice, text: 'from the group', chatId: GROUP },
        { type: 'sticker', userId: BOB, chatId: GROUP, withholdUserId: true },
        { type: 'text', userId: BOB, text: 'from the room', chatId: ROOM },
      ])
    ).body.events;
    expect(inGroup!.source).toEqual({ type: 'group', groupId: GROUP, userId: LINE.alice });
    expect(withheld!.source).toEqual({ type: 'group', groupId: GROUP });
    expect(inRoom!.source).toEqual({ type: 'room', roomId: ROOM, userId: BOB });
    // Before the bot joins a chat nobody there can reach it.
    sim.addLineChat(LINE.channelId, { chatId: `C${'c3'.repeat(16)}`, memberIds: [LINE.alice] });
    await expect(
      sim.line.events(LINE.channelId, [
        { type: 'text', userId: LINE.alice, text: 'x', chatId: `C${'c3'.repeat(16)}` },
      ]),
    ).rejects.toThrow(/not both in/);
  });

  it('answers a group message’s reply token in the group, never in the member’s 1:1 chat', async () => {
    harness = await withChats();
    const { sim } = harness;
    await sim.line.events(LINE.channelId, [{ type: 'join', chatId: GROUP }]);
    const [privately, inGroup] = (
      await sim.line.events(LINE.channelId, [
        { type: 'text', userId: LINE.alice, text: 'my order?' },
        { type: 'text', userId: LINE.alice, text: 'hello all', chatId: GROUP },
      ])
    ).body.events;
    for (const [event, answer] of [
      [inGroup!, 'Hello group'],
      [privately!, 'Your order ships today'],
    ] as const) {
      const response = await lineApi(sim, '/v2/bot/message/reply', {
        body: { replyToken: event.replyToken, messages: [text(answer)] },
      });
      expect(response.status).toBe(200);
    }
    expect(sim.outbox(LINE.channelId, GROUP).map((e) => e.message)).toEqual([text('Hello group')]);
    expect(sim.outbox(LINE.channelId, LINE.alice).map((e) => e.message)).toEqual([
      text('Your order ships today'),
    ]);
  });

  it('takes pushes to a group or room the bot is in, and refuses them once it left', async () => {
    harness = await withChats();
    const { sim } = harness;
    const push = (to: string) =>
      lineApi(sim, '/v2/bot/message/push', { body: { to, messages: [text('News')] } });
    expect((await push(GROUP)).status).toBe(400);
    await sim.line.events(LINE.channelId, [
      { type: 'join', chatId: GROUP },
      { type: 'join', chatId: ROOM },
    ]);
    expect((await push(GROUP)).status).toBe(200);
    expect((await push(ROOM)).status).toBe(200);
    expect(sim.outbox(LINE.channelId, GROUP)).toMatchObject([{ via: 'push', delivered: true }]);
    await sim.line.events(LINE.channelId, [{ type: 'leave', chatId: GROUP }]);
    const refused = await push(GROUP);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Failed to send messages' });
  });

  it('gives a group’s summary and its members’ profiles, friends of the account or not', async () => {
    harness = await withChats();
    const { sim } = harness;
    expect((await lineApi(sim, `/v2/bot/group/${GROUP}/summary`)).status).toBe(404);
    await sim.line.events(LINE.channelId, [
      { type: 'join', chatId: GROUP },
      { type: 'join', chatId: ROOM },
    ]);
    expect(await (await lineApi(sim, `/v2/bot/group/${GROUP}/summary`)).json()).toEqual({
      groupId: GROUP,
      groupName: 'Shop regulars',
      pictureUrl: 'https://example.com/g.png',
    });
    // Bob is no friend: no profile of his own, but one as a member.
    expect((await lineApi(sim, `/v2/bot/profile/${BOB}`)).status).toBe(404);
    expect(await (await lineApi(sim, `/v2/bot/group/${GROUP}/member/${BOB}`)).json()).toEqual({
      displayName: 'Bob',
      userId: BOB,
    });
    expect((await lineApi(sim, `/v2/bot/room/${ROOM}/member/${BOB}`)).status).toBe(200);
    expect((await lineApi(sim, `/v2/bot/group/${GROUP}/member/U${'f'.repeat(32)}`)).status).toBe(404);
    // A room has no summary; loading animations are for 1:1 chats only.
    expect((await lineApi(sim, `/v2/bot/group/${ROOM}/summary`)).status).toBe(404);
    const loading = await lineApi(sim, '/v2/bot/chat/loading/start', { body: { chatId: GROUP } });
    expect(loading.status).toBe(400);
  });
});
