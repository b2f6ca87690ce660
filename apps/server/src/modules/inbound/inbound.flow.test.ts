// Inbound end to end through the simulator: signed webhooks → durable queue → ingest worker → issues and
// messages, with profiles, media, routing and automatic replies.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/app';
import { eventually, META_SECRET, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildTeam } from '../../../test/factories';
import { attachmentUrlOf } from '../../../test/files';
import {
  contactIdentities,
  contacts,
  inboundEvents,
  issues,
  messageAttachments,
  messages,
} from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string; secret: string; accessToken: string };
let userSeq = 0;
/** A JPEG's signature and a few bytes: media is served by what its bytes are. */
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.from('fake-jpeg-bytes')]);
const newUser = () => `U${(++userSeq + Date.now()).toString(16).padStart(32, 'a')}`;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
});

const messagesOf = (channelId: string, providerMessageId?: string) =>
  h.t.db.orm
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        providerMessageId ? eq(messages.providerMessageId, providerMessageId) : undefined,
      ),
    );

async function storedMessage(channelId: string, providerMessageId: string) {
  return eventually(async () => (await messagesOf(channelId, providerMessageId))[0]);
}

const lineMessageId = (delivery: { body: unknown }) =>
  String((delivery.body as { events: Array<{ message?: { id: string } }> }).events[0]?.message?.id);

describe('LINE inbound', () => {
  it('creates the contact from the LINE profile, an un-assigned issue for the channel team, and the message', async () => {
    const userId = newUser();
    h.sim.addLineUser(line.externalId, {
      userId,
      displayName: 'คุณนก',
      pictureUrl: 'https://example.com/nok.png',
    });
    const delivery = await h.sim.line.text(line.externalId, userId, 'สวัสดีค่ะ สั่งของไปเมื่อวาน');
    expect(delivery.status).toBe(200);
    const message = await storedMessage(line.id, lineMessageId(delivery));
    expect(message).toMatchObject({
      direction: 'inbound',
      senderType: 'customer',
      kind: 'text',
      text: 'สวัสดีค่ะ สั่งของไปเมื่อวาน',
    });
    const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, message.issueId));
    expect(issue).toMatchObject({
      status: 'un-assigned',
      teamId: h.teamId,
      organizationId: h.org.id,
      unreadCount: 1,
    });
    // The profile is looked up after the message is stored (a job), and fills in the contact.
    const contact = await eventually(async () => {
      const [row] = await h.t.db.orm.select().from(contacts).where(eq(contacts.id, issue!.contactId));
      return row?.displayName === 'คุณนก' && row;
    });
    expect(contact).toMatchObject({ displayName: 'คุณนก', pictureUrl: 'https://example.com/nok.png' });
  });

  it('keeps one issue per conversation and stores every message type', async () => {
    const userId = newUser();
    const deliveries = [
      await h.sim.line.text(line.externalId, userId, 'hello'),
      await h.sim.line.sticker(line.externalId, userId),
      await h.sim.line.location(line.externalId, userId, {
        title: 'Shop',
        address: 'Bangkok',
        latitude: 13.75,
        longitude: 100.5,
      }),
      await h.sim.line.image(line.externalId, userId, {
        content: JPEG,
        contentType: 'image/jpeg',
      }),
      await h.sim.line.file(line.externalId, userId, {
        content: Buffer.from('%PDF-1.4 order'),
        contentType: 'application/pdf',
        fileName: 'order.pdf',
      }),
      await h.sim.line.audio(line.externalId, userId, {
        content: Buffer.from('m4a'),
        contentType: 'audio/m4a',
        durationMs: 3000,
      }),
    ];
    const stored = await Promise.all(deliveries.map((d) => storedMessage(line.id, lineMessageId(d))));
    expect(stored.map((m) => m.kind)).toEqual(['text', 'sticker', 'location', 'image', 'file', 'audio']);
    expect(new Set(stored.map((m) => m.issueId)).size).toBe(1);

    // Media is downloaded into storage and served back, by the link the messages API gives.
    const image = stored[3]!;
    await eventually(
      async () =>
        (
          await h.t.db.orm.select().from(messageAttachments).where(eq(messageAttachments.messageId, image.id))
        )[0],
    );
    const imageUrl = await attachmentUrlOf(h.t, h.admin, image.issueId, image.id);
    const file = await h.t.app.inject({ method: 'GET', url: imageUrl });
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const pdf = stored[4]!;
    await eventually(
      async () =>
        (
          await h.t.db.orm.select().from(messageAttachments).where(eq(messageAttachments.messageId, pdf.id))
        )[0],
    );
    const pdfUrl = await attachmentUrlOf(h.t, h.admin, pdf.issueId, pdf.id);
    expect((await h.t.app.inject({ method: 'GET', url: pdfUrl })).headers['content-disposition']).toContain(
      'order.pdf',
    );
  });

  it('stores postbacks, and follow/unfollow update the contact', async () => {
    const userId = newUser();
    await h.sim.line.follow(line.externalId, userId);
    const postback = await h.sim.line.postback(line.externalId, userId, 'action=track&order=SB-1');
    const eventId = (postback.body as { events: Array<{ webhookEventId: string }> }).events[0]!
      .webhookEventId;
    expect(await storedMessage(line.id, eventId)).toMatchObject({
      kind: 'postback',
      text: 'action=track&order=SB-1',
    });
    await h.sim.line.unfollow(line.externalId, userId);
    const identity = await eventually(async () => {
      const [row] = await h.t.db.orm
        .select()
        .from(contactIdentities)
        .where(eq(contactIdentities.externalUserId, userId));
      return row && !row.isFollowing ? row : null;
    });
    expect(identity.isFollowing).toBe(false);
  });

  it('refuses forged, missing and stale signatures and stores nothing', async () => {
    const body = JSON.stringify({
      destination: 'U0',
      events: [
        {
          type: 'message',
          mode: 'active',
          timestamp: Date.now(),
          source: { type: 'user', userId: newUser() },
          webhookEventId: 'forged-1',
          deliveryContext: { isRedelivery: false },
          message: { id: '999000111', type: 'text', text: 'forged' },
        },
      ],
    });
    const sign = (secret: string) => createHmac('sha256', secret).update(body).digest('base64');
    const before = (await h.t.db.orm.select().from(inboundEvents)).length;
    const post = (signature?: string) =>
      fetch(`${h.url}/webhooks/line/${line.externalId}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-line-signature': signature } : {}),
        },
        body,
      });
    expect((await post()).status).toBe(401);
    expect((await post(sign('not-the-secret'))).status).toBe(401);
    // Stale: signed with the secret the channel had before it was rotated in settings.
    const rotated = await h.createLineChannel();
    const oldSignature = createHmac('sha256', rotated.secret).update(body).digest('base64');
    await fetch(`${h.url}/api/v1/channels/${rotated.id}`, { method: 'GET' });
    const put = await h.t.app.inject({
      method: 'PUT',
      url: `/api/v1/channels/${rotated.id}`,
      headers: {
        authorization: `Bearer ${h.admin}`,
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
        'content-type': 'application/json',
      },
      payload: {
        name: 'Rotated',
        assignedMode: 'normal',
        assignedTeamId: h.teamId,
        secret: 'a-brand-new-channel-secret',
      },
    });
    expect(put.statusCode).toBe(200);
    const stale = await fetch(`${h.url}/webhooks/line/${rotated.externalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': oldSignature },
      body,
    });
    expect(stale.status).toBe(401);
    expect((await h.t.db.orm.select().from(inboundEvents)).length).toBe(before);
    expect(await messagesOf(line.id, '999000111')).toHaveLength(0);
  });

  it('answers the console Verify (no events) with 200', async () => {
    expect((await h.sim.line.verify(line.externalId)).status).toBe(200);
  });

  it('makes exactly one message per event in a redelivery storm', async () => {
    const userId = newUser();
    h.sim.line.duplicateDeliveries(line.externalId, 3);
    try {
      const deliveries = [];
      for (let i = 0; i < 5; i++)
        deliveries.push(await h.sim.line.text(line.externalId, userId, `storm ${i}`));
      const ids = deliveries.map(lineMessageId);
      await Promise.all(ids.map((id) => storedMessage(line.id, id)));
      await new Promise((r) => setTimeout(r, 500));
      const rows = await Promise.all(ids.map((id) => messagesOf(line.id, id)));
      expect(rows.map((r) => r.length)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      h.sim.line.duplicateDeliveries(line.externalId, 1);
    }
  });

  it('routes by keyword to the keyword team, else to the assigned team', async () => {
    const refunds = await buildTeam(h.t, h.org, { name: 'Refunds' });
    const keywordLine = await h.createLineChannel({
      assignedMode: 'keyword',
      keywords: [{ keyword: 'คืนเงิน', teamId: refunds.id }],
    });
    const a = await h.sim.line.text(keywordLine.externalId, newUser(), 'ขอคืนเงินค่ะ');
    const b = await h.sim.line.text(keywordLine.externalId, newUser(), 'hello');
    const [ma, mb] = await Promise.all([
      storedMessage(keywordLine.id, lineMessageId(a)),
      storedMessage(keywordLine.id, lineMessageId(b)),
    ]);
    const teamOf = async (issueId: number) =>
      (await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId)))[0]!.teamId;
    expect(await teamOf(ma.issueId)).toBe(refunds.id);
    expect(await teamOf(mb.issueId)).toBe(h.teamId);
  });

  it('answers outside business hours with the off-service response, on a holiday with its message, else the team auto-reply', async () => {
    const closed = await h.createLineChannel({
      businessHoursMode: 'custom',
      shifts: [{ weekday: 1, startsAt: '00:00', endsAt: '00:01' }],
      offServiceResponse: 'We are closed now',
    });
    const todayBangkok = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const holiday = await h.createLineChannel({
      holidays: [
        { name: 'Songkran', date: todayBangkok, autoResponseMessage: 'Happy Songkran, back tomorrow' },
      ],
    });
    const autoTeam = await buildTeam(h.t, h.org, { autoReplyMessage: 'Thanks! An agent will answer soon.' });
    const open = await h.createLineChannel({ assignedTeamId: autoTeam.id });
    const cases: Array<[string, string]> = [
      [closed.externalId, 'We are closed now'],
      [holiday.externalId, 'Happy Songkran, back tomorrow'],
      [open.externalId, 'Thanks! An agent will answer soon.'],
    ];
    for (const [channelId, expected] of cases) {
      const userId = newUser();
      await h.sim.line.text(channelId, userId, 'hi');
      // Sent at once with the reply token (an instant automation), so no push quota is used.
      const reply = await eventually(async () =>
        h.sim.calls({ path: '/v2/bot/message/reply' }).find((c) => JSON.stringify(c.body).includes(expected)),
      );
      expect(reply.status).toBe(200);
      expect(h.sim.outbox(channelId, userId).map((o) => JSON.stringify(o))).toEqual([
        expect.stringContaining(expected),
      ]);
    }
  });

  it('answers by the holidays saved a moment ago, not those read before the save', async () => {
    const channel = await h.createLineChannel();
    const holidayAnswers = async () =>
      (await messagesOf(channel.id)).filter((m) => m.direction === 'outbound' && m.text === 'Closed today');
    const customerWrites = async () => {
      const userId = newUser();
      await storedMessage(channel.id, lineMessageId(await h.sim.line.text(channel.externalId, userId, 'hi')));
      return userId;
    };
    // No holiday yet: the channel's holidays are read (and held) for the first customer. An automatic
    // answer is stored with the message it answers, so none is coming.
    await customerWrites();
    expect(await holidayAnswers()).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const saved = await call(h.t.app, 'PUT', `/api/v1/channels/${channel.id}`, {
      token: h.admin,
      body: {
        name: 'Closed today',
        assignedMode: 'normal',
        assignedTeamId: h.teamId,
        holidays: [{ name: 'Shop closed', date: today, autoResponseMessage: 'Closed today' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const next = await customerWrites();
    expect(await holidayAnswers()).toHaveLength(1);
    await eventually(async () =>
      h.sim.outbox(channel.externalId, next).some((o) => JSON.stringify(o).includes('Closed today')),
    );
  });

  it('routes to the new owner after another organisation takes the channel over', async () => {
    const other = await startOtherOrganization();
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers: {
        authorization: `Bearer ${other.admin}`,
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
        'content-type': 'application/json',
      },
      payload: {
        type: 'line',
        name: 'Taken',
        externalId: line.externalId,
        secret: line.secret,
        accessToken: line.accessToken,
        assignedMode: 'normal',
        assignedTeamId: other.teamId,
        takeOver: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const delivery = await h.sim.line.text(line.externalId, newUser(), 'after takeover');
    const message = await storedMessage(res.json().id, lineMessageId(delivery));
    expect(message.organizationId).toBe(other.orgId);
  });
});

async function startOtherOrganization() {
  const { buildOrganization, buildUser, signIn } = await import('../../../test/factories');
  const org = await buildOrganization(h.t);
  const team = await buildTeam(h.t, org);
  return {
    orgId: org.id,
    teamId: team.id,
    admin: (await signIn(h.t, await buildUser(h.t, org, 'Admin'))).accessToken,
  };
}

describe('provider timestamps', () => {
  // A channel of its own: an earlier test hands the shared one over to another organisation.
  let line: { id: string; externalId: string; secret: string };
  beforeAll(async () => {
    line = await h.createLineChannel();
  });

  /** One signed delivery of several texts from one customer, with the timestamps given. */
  async function deliver(userId: string, texts: Array<{ id: string; text: string; at: number }>) {
    const body = JSON.stringify({
      destination: 'U0',
      events: texts.map(({ id, text, at }) => ({
        type: 'message',
        mode: 'active',
        timestamp: at,
        source: { type: 'user', userId },
        webhookEventId: `ev-${id}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `rt${id}`,
        message: { id, type: 'text', quoteToken: 'q', text },
      })),
    });
    const res = await fetch(`${h.url}/webhooks/line/${line.externalId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', line.secret).update(body).digest('base64'),
      },
      body,
    });
    expect(res.status).toBe(200);
  }

  it('uses the receive time for a 1970 or a year-ahead timestamp, keeps a plausible one, and lists the chat in arrival order', async () => {
    const userId = newUser();
    const base = Date.now();
    const id = (n: number) => `${base}${n}`;
    const before = new Date();
    await deliver(userId, [{ id: id(1), text: 'first', at: base }]);
    const first = await storedMessage(line.id, id(1));
    await deliver(userId, [
      { id: id(2), text: 'from 1970', at: 0 },
      { id: id(3), text: 'from next year', at: base + 365 * 24 * 3600_000 },
    ]);
    await deliver(userId, [{ id: id(4), text: 'two minutes ahead', at: base + 120_000 }]);
    const last = await storedMessage(line.id, id(4));
    const after = new Date();

    expect(first.createdAt.getTime()).toBe(base);
    expect(last.createdAt.getTime()).toBe(base + 120_000);
    for (const n of [2, 3]) {
      const m = await storedMessage(line.id, id(n));
      expect(m.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(m.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
    }
    const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, first.issueId));
    expect(issue!.lastCustomerMessageAt!.getTime()).toBe(base + 120_000);
    expect(issue!.firstCustomerMessageAt!.getTime()).toBe(base);

    const page = await call(h.t.app, 'GET', `/api/v1/issues/${first.issueId}/messages`, { token: h.admin });
    expect(
      page
        .json()
        .items.map((m: { text: string }) => m.text)
        .reverse(),
    ).toEqual(['first', 'from 1970', 'from next year', 'two minutes ahead']);
  });

  it('uses the receive time for a timestamp from before the channel was connected', async () => {
    const userId = newUser();
    const [channel] = await h.t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM channels WHERE id = $1',
      [line.id],
    );
    const messageId = `${Date.now()}9`;
    await deliver(userId, [{ id: messageId, text: 'too early', at: channel!.created_at.getTime() - 60_000 }]);
    const stored = await storedMessage(line.id, messageId);
    expect(stored.createdAt.getTime()).toBeGreaterThanOrEqual(channel!.created_at.getTime());
  });
});

describe('Messenger and Instagram inbound', () => {
  it('stores Messenger text, attachments and the ad id of a referral', async () => {
    const page = await h.connectMeta('facebook');
    const psid = `24${Date.now()}`;
    h.sim.addMetaUser({
      platform: 'messenger',
      accountId: page.pageId,
      userId: psid,
      firstName: 'Jane',
      lastName: 'Doe',
    });
    await h.sim.messenger.referral(page.pageId, psid, { adId: '120210000000777' });
    const text = await h.sim.messenger.text(page.pageId, psid, 'Is the tote bag available?');
    const mid = (text.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> }).entry[0]!
      .messaging[0]!.message.mid;
    const message = await storedMessage(page.id, mid);
    const [issue] = await h.t.db.orm.select().from(issues).where(eq(issues.id, message.issueId));
    expect(issue!.adId).toBe('120210000000777');
    const contact = await eventually(async () => {
      const [row] = await h.t.db.orm.select().from(contacts).where(eq(contacts.id, issue!.contactId));
      return row?.displayName === 'Jane Doe' && row;
    });
    expect(contact.displayName).toBe('Jane Doe');
    const image = await h.sim.messenger.attachment(page.pageId, psid, 'image');
    const imageMid = (image.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> })
      .entry[0]!.messaging[0]!.message.mid;
    expect((await storedMessage(page.id, imageMid)).kind).toBe('image');
  });

  it('stores Instagram story replies and story mentions', async () => {
    const ig = await h.connectMeta('instagram');
    const igsid = `35${Date.now()}`;
    const reply = await h.sim.instagram.storyReply(ig.accountId, igsid, 'Love this!');
    const mention = await h.sim.instagram.storyMention(ig.accountId, igsid);
    const midOf = (d: { body: unknown }) =>
      (d.body as { entry: Array<{ messaging: Array<{ message: { mid: string } }> }> }).entry[0]!.messaging[0]!
        .message.mid;
    expect(await storedMessage(ig.id, midOf(reply))).toMatchObject({
      kind: 'story_reply',
      text: 'Love this!',
    });
    expect((await storedMessage(ig.id, midOf(mention))).kind).toBe('story_mention');
  });

  it('answers the Meta subscription handshake and refuses a bad Meta signature', async () => {
    expect(await h.sim.meta.verifyWebhook()).toBe(true);
    const body = JSON.stringify({ object: 'page', entry: [] });
    const bad = await fetch(`${h.url}/webhooks/meta`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': 'sha256=' + createHmac('sha256', 'wrong').update(body).digest('hex'),
      },
      body,
    });
    expect(bad.status).toBe(401);
    const good = await fetch(`${h.url}/webhooks/meta`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': 'sha256=' + createHmac('sha256', META_SECRET).update(body).digest('hex'),
      },
      body,
    });
    expect(good.status).toBe(200);
  });
});
