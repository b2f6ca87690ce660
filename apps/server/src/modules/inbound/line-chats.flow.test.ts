// LINE chats end to end through the simulator: a conversation belongs to the chat a message came from, so an
// answer meant for one customer never lands in a group they are in, and a group is one issue whose answers
// go to the group, with no greeting nor AI answer there; a chat another module controls (standby) gets
// nothing from Sabai until the module hands it back.
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildTeam } from '../../../test/factories';
import { feedRegistered } from '../../../test/live-messages';
import { contacts, issues, messages } from '../../db/schema';
import { DELIVER_JOB, queueSystemMessage } from '../messages';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let greetingTeamId: string;
let seq = 0;
const hex = (prefix: string) => `${prefix}${(Date.now() * 1000 + ++seq).toString(16).padStart(32, '7')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  // The channel's team greets every new issue: not in a group.
  const greeting = await buildTeam(h.t, h.org, { autoReplyMessage: 'Thanks! An agent will answer soon.' });
  greetingTeamId = greeting.id;
  line = await h.createLineChannel({ assignedTeamId: greeting.id });
});

/** A customer of the channel, and a group the account was added to with them and another member. */
async function customerAndGroup(groupName = 'Regulars') {
  const customer = hex('U');
  const other = hex('U');
  const group = hex('C');
  h.sim.addLineUser(line.externalId, { userId: customer, displayName: 'Khun Nid' });
  h.sim.addLineUser(line.externalId, { userId: other, displayName: 'Khun Ton', isFriend: false });
  h.sim.addLineChat(line.externalId, {
    chatId: group,
    groupName,
    pictureUrl: 'https://example.com/group.png',
    memberIds: [customer, other],
  });
  await h.sim.line.events(line.externalId, [{ type: 'join', chatId: group }]);
  return { customer, other, group };
}

const issueOfMessage = async (event: { message?: { id: string } } | undefined) =>
  (await storedMessage(h.t, line.id, String(event!.message!.id))).issueId;

const answer = (issueId: number, text: string) =>
  call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token: h.admin, body: { text } });

async function sent(messageId: number) {
  return eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, messageId));
    return row?.deliveryStatus === 'sent' ? row : null;
  });
}

const texts = (chatId: string) =>
  h.sim.outbox(line.externalId, chatId).map((entry) => (entry.message as { text?: string }).text);

describe('LINE groups and rooms', () => {
  it('sends a private answer to the 1:1 chat only, after the customer wrote in a group', async () => {
    const { customer, group } = await customerAndGroup();
    const privately = (await h.sim.line.text(line.externalId, customer, 'Where is my order 1123?')).body;
    const privateIssue = await issueOfMessage(privately.events[0]);
    // Then, within the reply token's minute, the same customer posts in the group.
    const inGroup = (
      await h.sim.line.events(line.externalId, [
        { type: 'text', userId: customer, text: 'Hi everyone', chatId: group },
      ])
    ).body;
    const groupIssue = await issueOfMessage(inGroup.events[0]);
    expect(groupIssue).not.toBe(privateIssue);

    const res = await answer(privateIssue, 'Your order 1123 ships to 99 Sukhumvit tomorrow');
    expect(res.statusCode).toBe(201);
    // The greeting took the 1:1 chat's reply token; the group's token, newer, is not this chat's to use.
    expect((await sent(res.json().id)).deliveredVia).toBe('push');
    expect(texts(customer)).toEqual([
      'Thanks! An agent will answer soon.',
      'Your order 1123 ships to 99 Sukhumvit tomorrow',
    ]);
    expect(texts(group)).toEqual([]);
  });

  it('keeps a group as one issue named after it, with each member’s messages, and answers in the group', async () => {
    const { customer, other, group } = await customerAndGroup('ร้านประจำ');
    const delivery = (
      await h.sim.line.events(line.externalId, [
        { type: 'text', userId: customer, text: 'Is the shop open today?', chatId: group },
        { type: 'text', userId: other, text: 'I want to know too', chatId: group, withholdUserId: true },
      ])
    ).body;
    const first = await storedMessage(h.t, line.id, String(delivery.events[0]!.message!.id));
    const second = await storedMessage(h.t, line.id, String(delivery.events[1]!.message!.id));
    expect(second.issueId).toBe(first.issueId);
    // Who wrote: the member LINE named, and "a member" when it withheld the id.
    expect(first.payload).toMatchObject({ member: { userId: customer } });
    expect(second.payload).toMatchObject({ member: { userId: null } });
    // The group's name and picture fill in once LINE has answered (the account's join already asked).
    const contact = await eventually(async () => {
      const [row] = await h.t.db.orm
        .select({ name: contacts.displayName, picture: contacts.pictureUrl })
        .from(issues)
        .innerJoin(contacts, eq(contacts.id, issues.contactId))
        .where(eq(issues.id, first.issueId));
      return row?.picture ? row : null;
    });
    expect(contact).toEqual({ name: 'ร้านประจำ', picture: 'https://example.com/group.png' });

    const res = await answer(first.issueId, 'Open until 8 pm today');
    expect((await sent(res.json().id)).deliveredVia).toBe('reply');
    const again = await answer(first.issueId, 'See you there');
    expect((await sent(again.json().id)).deliveredVia).toBe('push');
    // No greeting in the group; nothing to either member privately.
    expect(texts(group)).toEqual(['Open until 8 pm today', 'See you there']);
    expect(texts(customer)).toEqual([]);
    expect(texts(other)).toEqual([]);
  });

  it('greets a group too when its channel answers automatically in groups', async () => {
    const talkative = await h.createLineChannel({ assignedTeamId: greetingTeamId, answerInGroups: true });
    const member = hex('U');
    const group = hex('C');
    h.sim.addLineUser(talkative.externalId, { userId: member, displayName: 'Khun Pim' });
    h.sim.addLineChat(talkative.externalId, { chatId: group, groupName: 'Office', memberIds: [member] });
    await h.sim.line.events(talkative.externalId, [{ type: 'join', chatId: group }]);
    await h.sim.line.events(talkative.externalId, [
      { type: 'text', userId: member, text: 'Anyone there?', chatId: group },
    ]);
    await eventually(async () => h.sim.outbox(talkative.externalId, group).length === 1);
    expect(
      h.sim.outbox(talkative.externalId, group).map((e) => (e.message as { text: string }).text),
    ).toEqual(['Thanks! An agent will answer soon.']);
    expect(h.sim.outbox(talkative.externalId, member)).toEqual([]);
  });

  it('shows the loading animation in a 1:1 chat only, not in a group the agent answers', async () => {
    const { customer, group } = await customerAndGroup();
    const inGroup = (
      await h.sim.line.events(line.externalId, [
        { type: 'text', userId: customer, text: 'hello', chatId: group },
      ])
    ).body;
    const groupIssue = await issueOfMessage(inGroup.events[0]);
    const privateIssue = await issueOfMessage(
      (await h.sim.line.text(line.externalId, customer, 'hi')).body.events[0],
    );
    const socket = new WebSocket(`${h.url.replace('http', 'ws')}/ws?token=${h.admin}&socketType=web`);
    try {
      const registered = feedRegistered(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await registered;
      // One socket's messages are handled in order: once the 1:1 chat's animation is asked for, the group's
      // typing, sent before, has been handled.
      for (const issueId of [groupIssue, privateIssue])
        socket.send(JSON.stringify({ type: 'presence', issueId, state: 'typing', reply: true }));
      const loadingTo = (chatId: string) =>
        h.sim
          .calls({ path: '/v2/bot/chat/loading/start' })
          .filter((c) => JSON.stringify(c.body).includes(chatId));
      await eventually(async () => loadingTo(customer).length > 0);
      expect(loadingTo(group)).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

const trail = async (issueId: number) =>
  (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/activity`, { token: h.admin }))
    .json<
      Array<{
        kind: string;
        chatEvent: { event: string; members: Array<string | null>; detail: string | null } | null;
      }>
    >()
    .filter((a) => a.kind === 'chat_event')
    .map((a) => a.chatEvent);

const membersOf = async (issueId: number) =>
  (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/chat-members`, { token: h.admin })).json<{
    items: Array<{ userId: string; displayName: string | null; hasLeft: boolean }>;
  }>().items;

describe('a LINE group as one conversation', () => {
  it('lists the members by name, notes who joins and leaves in the trail, and keeps a withheld member’s message', async () => {
    const { customer, other, group } = await customerAndGroup('Weekend market');
    const newcomer = hex('U');
    h.sim.addLineUser(line.externalId, { userId: newcomer, displayName: 'Khun Mai', isFriend: false });
    const first = (
      await h.sim.line.events(line.externalId, [
        { type: 'text', userId: customer, text: 'Do you deliver on Sunday?', chatId: group },
        { type: 'text', userId: other, text: 'Me too please', chatId: group, withholdUserId: true },
      ])
    ).body;
    const issueId = await issueOfMessage(first.events[0]);
    const listed = await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages`, { token: h.admin });
    const byText = (text: string) =>
      listed.json().items.find((m: { text: string }) => m.text === text)?.groupMember;
    expect(byText('Do you deliver on Sunday?')).toEqual({ userId: customer });
    expect(byText('Me too please')).toEqual({ userId: null });
    // The member who wrote is named from LINE's group member profile (a friend of the account or not).
    await eventually(async () => (await membersOf(issueId)).some((m) => m.displayName === 'Khun Nid'));

    await h.sim.line.events(line.externalId, [{ type: 'memberJoined', chatId: group, userIds: [newcomer] }]);
    await eventually(async () => (await membersOf(issueId)).some((m) => m.displayName === 'Khun Mai'));
    await h.sim.line.events(line.externalId, [{ type: 'memberLeft', chatId: group, userIds: [customer] }]);
    await eventually(async () => (await trail(issueId)).length === 2);
    expect(await trail(issueId)).toEqual([
      { event: 'members_joined', members: ['Khun Mai'], detail: null },
      { event: 'members_left', members: ['Khun Nid'], detail: null },
    ]);
    expect(await membersOf(issueId)).toEqual([
      expect.objectContaining({ userId: newcomer, displayName: 'Khun Mai', hasLeft: false }),
      expect.objectContaining({ userId: customer, displayName: 'Khun Nid', hasLeft: true }),
    ]);

    const res = await answer(issueId, 'Yes, Sundays until noon');
    expect((await sent(res.json().id)).deliveredVia).toBe('reply');
    expect(texts(group)).toEqual(['Yes, Sundays until noon']);
    // The account is removed from the group: the trail says so.
    await h.sim.line.events(line.externalId, [{ type: 'leave', chatId: group }]);
    await eventually(async () => (await trail(issueId)).length === 3);
    expect((await trail(issueId))[2]).toEqual({ event: 'bot_left', members: [], detail: null });
  });

  it('notes a customer’s beacon visit, account link, membership and watched video in their trail', async () => {
    const customer = hex('U');
    h.sim.addLineUser(line.externalId, { userId: customer, displayName: 'Khun Beam' });
    const issueId = await issueOfMessage(
      (await h.sim.line.text(line.externalId, customer, 'hi')).body.events[0],
    );
    await h.sim.line.events(line.externalId, [
      { type: 'beacon', userId: customer, hwid: 'd41d8cd98f' },
      { type: 'accountLink', userId: customer, result: 'ok' },
      { type: 'accountLink', userId: customer, result: 'failed' },
      { type: 'membership', userId: customer, membershipType: 'joined', membershipId: 3189 },
      { type: 'videoPlayComplete', userId: customer, trackingId: 'summer-sale' },
    ]);
    await eventually(async () => (await trail(issueId)).length === 5);
    expect(await trail(issueId)).toEqual([
      { event: 'beacon', members: [], detail: 'd41d8cd98f' },
      { event: 'account_linked', members: [], detail: null },
      { event: 'account_link_failed', members: [], detail: null },
      { event: 'membership_joined', members: [], detail: '3189' },
      { event: 'video_viewed', members: [], detail: 'summer-sale' },
    ]);
  });
});

describe('LINE standby', () => {
  it('sends nothing to a chat another module controls, says so, and answers again once it is handed back', async () => {
    const customer = hex('U');
    h.sim.addLineUser(line.externalId, { userId: customer, displayName: 'Khun Fah' });
    h.sim.line.standby(line.externalId, customer, true);
    const first = (await h.sim.line.text(line.externalId, customer, 'Is my order ready?')).body;
    expect(first.events[0]).toMatchObject({ mode: 'standby' });
    expect(first.events[0]).not.toHaveProperty('replyToken');
    const issueId = await issueOfMessage(first.events[0]);

    // No greeting; the agent sees the standby and cannot send.
    const detail = await call(h.t.app, 'GET', `/api/v1/issues/${issueId}`, { token: h.admin });
    expect(detail.json()).toMatchObject({ chatInStandby: true, customerBlocked: false });
    const refused = await answer(issueId, 'Ready tomorrow');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('message.chat_in_standby');
    // Opening the chat marks nothing read on LINE: the module says when it has read the customer.
    await call(h.t.app, 'GET', `/api/v1/issues/${issueId}/messages?read=true`, { token: h.admin });
    await eventually(async () => {
      const jobs = await h.t.db.query<{ state: string }>(
        "SELECT state FROM pgboss.job WHERE name = 'chat.mark_read' AND (data->>'issueId')::int = $1",
        [issueId],
      );
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    });
    expect(h.sim.calls({ path: '/v2/bot/chat/markAsRead' })).toEqual([]);
    // A message something else queued (a rule, a survey) fails at delivery with the standby reason.
    const queued = await queueSystemMessage(h.t.deps, h.t.db.orm, {
      organizationId: h.org.id,
      issueId,
      channelId: line.id,
      text: 'Rate us!',
      at: new Date(),
    });
    await h.t.deps.jobs.send(DELIVER_JOB, { messageId: queued });
    const failed = await eventually(async () => {
      const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, queued));
      return row?.deliveryStatus === 'failed' ? row : null;
    });
    expect(failed.providerError).toMatch(/^channel\.line_standby: /);

    // The module hands the chat back: the next message comes active and the agent's answer goes out.
    h.sim.line.standby(line.externalId, customer, false);
    const back = (await h.sim.line.text(line.externalId, customer, 'Hello?')).body;
    expect(back.events[0]).toMatchObject({ mode: 'active' });
    await issueOfMessage(back.events[0]);
    expect(
      (await call(h.t.app, 'GET', `/api/v1/issues/${issueId}`, { token: h.admin })).json(),
    ).toMatchObject({
      chatInStandby: false,
    });
    const res = await answer(issueId, 'Ready tomorrow');
    expect(res.statusCode).toBe(201);
    expect((await sent(res.json().id)).deliveredVia).toBe('reply');
    expect(texts(customer)).toEqual(['Ready tomorrow']);
  });
});
