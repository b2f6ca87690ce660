// This month's LINE quota through the real send path and the simulator playing LINE:
// the route's figures, the 80 % and 100 % notifications (once each, also when deliveries cross together)
// and who may read it.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '@sabai/domain';
import { NOTICE_TEXTS } from '@sabai/contracts';
import { call } from '../../../test/app';
import { uploadAttachment } from '../../../test/files';
import { eventually, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn } from '../../../test/factories';
import { channels, lineQuotaMonths, messages, notifications } from '../../db/schema';
import { checkLineQuotaAfterPush } from './line-quota.service';

let h: ChannelHarness;
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'c')}`;

beforeAll(async () => {
  h = await startChannelHarness();
});

const quotaOf = (channelId: string, token = h.admin) =>
  call(h.t.app, 'GET', `/api/v1/channels/${channelId}/line-quota`, { token });

/** A LINE channel at the simulator with a monthly limit (null: none), connected by the admin. */
async function lineChannel(limit: number | null) {
  const channel = await h.createLineChannel();
  h.sim.line.setMonthlyQuota(channel.externalId, limit);
  return channel;
}

/** A new customer writes; resolves to their issue once stored (their reply token is then live). */
async function customerWrites(channel: { id: string; externalId: string }, userId = lineUser()) {
  const inbound = await h.sim.line.text(channel.externalId, userId, 'สวัสดีค่ะ');
  const providerMessageId = String(inbound.body.events[0]!.message!.id);
  const row = await eventually(
    async () =>
      (
        await h.t.db.orm
          .select({ issueId: messages.issueId })
          .from(messages)
          .where(and(eq(messages.channelId, channel.id), eq(messages.providerMessageId, providerMessageId)))
      )[0],
  );
  return { issueId: row.issueId, userId };
}

/** The agent answers; resolves to the message once its delivery is over. */
async function agentSends(issueId: number, body: Record<string, unknown>) {
  const res = await call(h.t.app, 'POST', `/api/v1/issues/${issueId}/messages`, { token: h.admin, body });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ id: number }>().id;
  return eventually(async () => {
    const [row] = await h.t.db.orm.select().from(messages).where(eq(messages.id, id));
    return row && row.deliveryStatus !== 'pending' ? row : null;
  });
}

const uploadText = async (name: string) =>
  (await uploadAttachment(h.t, h.admin, { name, type: 'text/plain', content: Buffer.from('line quota') })).id;

/** The line-quota notifications of the channel, per recipient. */
async function quotaNotices(channelName: string) {
  return h.t.db.orm
    .select({ userId: notifications.userId, content: notifications.content })
    .from(notifications)
    .where(and(eq(notifications.type, 'line_quota'), eq(notifications.channelName, channelName)))
    .orderBy(notifications.id);
}

const thisMonth = () => localTime(h.t.clock.now(), 'Asia/Bangkok').date.slice(0, 7);

describe('LINE quota', () => {
  it('shows LINE’s figures beside this month’s free replies and counted pushes', async () => {
    const channel = await lineChannel(300);
    const { issueId, userId } = await customerWrites(channel);
    expect((await agentSends(issueId, { text: 'ยินดีให้บริการค่ะ' })).deliveredVia).toBe('reply');
    expect((await agentSends(issueId, { text: 'รอสักครู่นะคะ' })).deliveredVia).toBe('push');
    expect((await agentSends(issueId, { text: 'ส่งของแล้วค่ะ' })).deliveredVia).toBe('push');
    // Six parts are two requests: the first answers the customer's new message, the second is pushed.
    await customerWrites(channel, userId);
    const fileIds = await Promise.all([1, 2, 3, 4, 5].map((n) => uploadText(`bill-${n}.txt`)));
    const long = await agentSends(issueId, { text: 'ใบเสร็จค่ะ', fileIds });
    expect(long).toMatchObject({ deliveryStatus: 'sent', deliveredVia: 'reply' });

    const res = await quotaOf(channel.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'limited',
      limit: 300,
      used: 3,
      replies: 2,
      pushes: 3,
      month: thisMonth(),
    });
    // Every agent message of the channel says how it went.
    const sent = await h.t.db.orm
      .select({ via: messages.deliveredVia })
      .from(messages)
      .where(and(eq(messages.channelId, channel.id), eq(messages.senderType, 'agent')));
    expect(sent.map((m) => m.via).sort()).toEqual(['push', 'push', 'reply', 'reply']);
  });

  it('counts the months of the organisation’s time zone', async () => {
    const channel = await lineChannel(300);
    const { issueId } = await customerWrites(channel);
    await agentSends(issueId, { text: 'this month' });
    expect((await quotaOf(channel.id)).json()).toMatchObject({ replies: 1, month: thisMonth() });
    // Midnight of the 1st of next month in Bangkok (UTC+7), 17:00 UTC the day before.
    const [year, month] = thisMonth().split('-').map(Number) as [number, number];
    h.t.clock.set(new Date(Date.UTC(year, month, 1) - 7 * 3600_000));
    try {
      const res = await quotaOf(channel.id, await h.signInAdmin());
      const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
      expect(res.json()).toMatchObject({ replies: 0, pushes: 0, month: next });
    } finally {
      h.t.clock.set(null);
    }
  });

  it('says when a channel has no limit', async () => {
    const channel = await lineChannel(null);
    const res = await quotaOf(channel.id);
    expect(res.json()).toEqual({
      type: 'none',
      limit: null,
      used: 0,
      replies: 0,
      pushes: 0,
      month: thisMonth(),
    });
  });

  it('tells every admin once at 80 % and once at 100 % of a limited quota', async () => {
    const channel = await lineChannel(5);
    const name = `LINE ${channel.externalId}`;
    const secondAdmin = await buildUser(h.t, h.org, 'Admin');
    const manager = await buildUser(h.t, h.org, 'Manager');
    const { issueId } = await customerWrites(channel);
    await agentSends(issueId, { text: 'reply, free' });
    for (const n of [1, 2, 3]) await agentSends(issueId, { text: `push ${n}` });
    expect(await quotaNotices(name)).toEqual([]);

    await agentSends(issueId, { text: 'push 4: 80 %' });
    const warning = NOTICE_TEXTS.lineQuotaWarning(name, 80, 4, 5);
    await eventually(async () => (await quotaNotices(name)).length === 2);
    await agentSends(issueId, { text: 'push 5: all used' });
    const reached = NOTICE_TEXTS.lineQuotaReached(name, 5, 5);
    await eventually(async () => (await quotaNotices(name)).length === 4);

    const notices = await quotaNotices(name);
    const adminId = (
      await h.t.db.query<{ id: string }>(
        `SELECT m.user_id AS id FROM memberships m JOIN roles r ON r.id = m.role_id
       WHERE m.organization_id = $1 AND r.name = 'Admin' AND m.user_id <> $2`,
        [h.org.id, secondAdmin.id],
      )
    )[0]!.id;
    expect(notices).toEqual(
      expect.arrayContaining([
        { userId: adminId, content: warning },
        { userId: secondAdmin.id, content: warning },
        { userId: adminId, content: reached },
        { userId: secondAdmin.id, content: reached },
      ]),
    );
    expect(notices.some((n) => n.userId === manager.id)).toBe(false);
    // Checking again (a retried job, another node) sends nothing more.
    const [row] = await h.t.db.orm.select().from(channels).where(eq(channels.id, channel.id));
    await checkLineQuotaAfterPush(h.t.deps, row!);
    expect(await quotaNotices(name)).toHaveLength(4);
    expect((await quotaOf(channel.id)).json()).toMatchObject({ used: 5, limit: 5, pushes: 5, replies: 1 });
  });

  it('notifies once per threshold when two deliveries cross together', async () => {
    const channel = await lineChannel(5);
    const name = `LINE ${channel.externalId}`;
    const first = await customerWrites(channel);
    const second = await customerWrites(channel);
    await agentSends(first.issueId, { text: 'reply one' });
    await agentSends(second.issueId, { text: 'reply two' });
    for (const n of [1, 2, 3]) await agentSends(first.issueId, { text: `push ${n}` });
    // Two pushes at once take the usage from 3 to 5: past 80 % and 100 % together.
    await Promise.all([
      agentSends(first.issueId, { text: 'together one' }),
      agentSends(second.issueId, { text: 'together two' }),
    ]);
    // And the check itself, four times at once (deliveries on several nodes).
    const [row] = await h.t.db.orm.select().from(channels).where(eq(channels.id, channel.id));
    await Promise.all([1, 2, 3, 4].map(() => checkLineQuotaAfterPush(h.t.deps, row!)));

    const notices = await quotaNotices(name);
    const perAdmin = notices.filter((n) => n.userId === notices[0]!.userId).map((n) => n.content);
    expect(perAdmin).toHaveLength(2);
    expect(perAdmin.filter((c) => c.includes('has used 80%'))).toHaveLength(1);
    expect(perAdmin.filter((c) => c.includes('has used all'))).toHaveLength(1);
    const [month] = await h.t.db.orm
      .select()
      .from(lineQuotaMonths)
      .where(eq(lineQuotaMonths.channelId, channel.id));
    expect(month).toMatchObject({ quotaType: 'limited', quotaLimit: 5, month: thisMonth() });
    expect(month!.notified80At).not.toBeNull();
    expect(month!.notified100At).not.toBeNull();
    // The delivery path counted our pushes of the last minutes before asking LINE, not the month's.
    const counted = month!.checkedAt!.getTime() - month!.pushesCountedFrom!.getTime();
    expect(counted).toBeGreaterThanOrEqual(0);
    expect(counted).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe('LINE quota: who may read it, and when LINE cannot tell', () => {
  it('refuses staff and managers (403) and another organisation’s channel (404)', async () => {
    const channel = await lineChannel(300);
    for (const role of ['Staff', 'Manager'] as const) {
      const token = (await signIn(h.t, await buildUser(h.t, h.org, role))).accessToken;
      const res = await quotaOf(channel.id, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('auth.forbidden');
    }
    const other = await buildOrganization(h.t);
    await buildTeam(h.t, other);
    const outsider = (await signIn(h.t, await buildUser(h.t, other, 'Admin'))).accessToken;
    const res = await quotaOf(channel.id, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('channel.not_found');
  });

  it('answers 400 for a Messenger channel', async () => {
    const page = await h.connectMeta('facebook');
    const res = await quotaOf(page.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('channel.not_line');
  });

  it('answers a stable code when LINE is down (502) or refuses the token (409)', async () => {
    const channel = await lineChannel(300);
    h.sim.line.failNext(2, { status: 500 }, { pathIncludes: '/message/quota' });
    const down = await quotaOf(channel.id);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('channel.quota_unavailable');
    h.sim.line.failNext(2, { status: 401 }, { pathIncludes: '/message/quota' });
    const refused = await quotaOf(channel.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('channel.access_token_rejected');
    expect((await quotaOf(channel.id)).statusCode).toBe(200);
  });

  it('keeps LINE’s figures as the base the delivery path adds its pushes to, never the token', async () => {
    const channel = await lineChannel(300);
    const res = await quotaOf(channel.id);
    expect(res.body).not.toContain(channel.accessToken);
    const [row] = await h.t.db.orm
      .select()
      .from(lineQuotaMonths)
      .where(eq(lineQuotaMonths.channelId, channel.id));
    expect(row).toMatchObject({ quotaType: 'limited', quotaLimit: 300, lineUsage: 0, ownPushesAtCheck: 0 });
    // The screen counted the whole month: the delivery path adds its pushes to that count.
    expect(localTime(row!.pushesCountedFrom!, 'Asia/Bangkok')).toMatchObject({
      date: `${thisMonth()}-01`,
      minutes: 0,
    });
  });
});
