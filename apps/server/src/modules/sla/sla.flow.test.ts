// Service levels end to end: policies (one per team and channel pair, the most specific
// wins), the clocks an issue carries as customers and agents write (first response, next response,
// resolution paused while waiting for the customer), the inbox's "SLA due" order, the notices at 80% and
// on a breach, and the targets met or breached in the reports. Due times in business hours are worked out
// by hand in packages/domain sla.test.ts; here the wiring is checked against the same function.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, IssueDetail, IssuePage, SlaPolicy } from '@sabai/contracts';
import { addBusinessSeconds } from '@sabai/domain';
import { call } from '../../../test/app';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn } from '../../../test/factories';
import { issueSla, notifications, slaOutcomes, teamMembers, teams } from '../../db/schema';
import { channelCalendars } from '../channels';
import { stableUuid } from '../../platform/crypto';
import { sendDueNotices, SLA_NOTICES_JOB } from './sla.notices';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let adminId: string;
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'e')}`;
const MINUTE = 60_000;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) });

const policy = (over: Record<string, unknown> = {}) => ({
  name: `Policy ${++seq}`,
  teamId: null,
  channelId: null,
  firstResponseMinutes: 30,
  nextResponseMinutes: 60,
  resolutionMinutes: 240,
  businessHours: false,
  ...over,
});

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  adminId = (await api('GET', '/me')).json<{ id: string }>().id;
  await h.t.db.orm.update(teams).set({ managerUserId: adminId }).where(eq(teams.id, h.teamId));
  // The channel's own policy: issues of this file's LINE channel follow it.
  const res = await api('POST', '/sla-policies', policy({ name: 'LINE care', channelId: line.id }));
  expect(res.statusCode, res.body).toBe(201);
});

async function lineCustomer(text = 'hello', userId = lineUser()) {
  const inbound = await h.sim.line.text(line.externalId, userId, text);
  const row = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  return { userId, issueId: row.issueId };
}

const detail = async (issueId: number) => (await api('GET', `/issues/${issueId}`)).json<IssueDetail>();
const clocksOf = async (issueId: number) =>
  (await h.t.db.orm.select().from(issueSla).where(eq(issueSla.issueId, issueId)))[0] ?? null;
const outcomesOf = (issueId: number) =>
  h.t.db.orm.select().from(slaOutcomes).where(eq(slaOutcomes.issueId, issueId));
const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null);

/** Moves the app's clock; tokens issued before have then expired. */
async function advance(by: number) {
  h.t.clock.advance(by);
  h.admin = await h.signInAdmin();
}

describe('policies', () => {
  it('keeps one policy per team and channel pair, validates targets and stays inside the organisation', async () => {
    const dup = await api('POST', '/sla-policies', policy({ channelId: line.id }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('sla.duplicate_scope');
    const none = await api(
      'POST',
      '/sla-policies',
      policy({ firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null }),
    );
    expect(none.statusCode).toBe(400);
    const strangerTeam = await buildTeam(h.t, await buildOrganization(h.t));
    const foreign = await api('POST', '/sla-policies', policy({ teamId: strangerTeam.id }));
    expect(foreign.statusCode).toBe(404);

    const created = (await api('POST', '/sla-policies', policy({ name: 'Default' }))).json<SlaPolicy>();
    const updated = await api('PUT', `/sla-policies/${created.id}`, {
      ...policy(),
      name: 'Default, renamed',
    });
    expect(updated.json<SlaPolicy>().name).toBe('Default, renamed');
    const listed = (await api('GET', '/sla-policies')).json<SlaPolicy[]>();
    expect(listed.map((p) => p.name)).toEqual(expect.arrayContaining(['Default, renamed', 'LINE care']));
    expect((await api('DELETE', `/sla-policies/${created.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/sla-policies/${created.id}`)).statusCode).toBe(404);

    const stranger = await buildUser(h.t, await buildOrganization(h.t), 'Admin');
    const token = (await signIn(h.t, stranger)).accessToken;
    const theirs = await call(h.t.app, 'GET', '/api/v1/sla-policies', { token });
    expect(theirs.json()).toEqual([]);
    const staff = await buildUser(h.t, h.org, 'Staff');
    const refused = await call(h.t.app, 'POST', '/api/v1/sla-policies', {
      token: (await signIn(h.t, staff)).accessToken,
      body: policy(),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('clocks', () => {
  it('runs the first response clock from the customer’s message, then the next response after a reply', async () => {
    const { userId, issueId } = await lineCustomer();
    const first = (await detail(issueId)).sla!;
    const started = ms((await detail(issueId)).startDate)!;
    expect(first.target).toBe('firstResponse');
    expect(ms(first.dueAt)).toBe(started + 30 * MINUTE);
    expect(ms(first.warnAt)).toBe(started + 24 * MINUTE);

    // The agent answers in time: first response met; the issue now waits for the customer (no clock runs
    // but resolution, which pauses while waiting).
    await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId });
    expect(
      (await api('POST', `/issues/${issueId}/messages`, { text: 'Hi, how can I help?' })).statusCode,
    ).toBe(201);
    await eventually(async () => ((await detail(issueId)).status === 'waiting' ? true : null));
    const [met] = await outcomesOf(issueId);
    expect(met).toMatchObject({ target: 'firstResponse', met: true });
    await eventually(async () => ((await detail(issueId)).sla === null ? true : null));
    expect((await clocksOf(issueId))!.pausedSince).not.toBeNull();

    // The customer writes again: the next response clock runs from that message; resolution resumes.
    await advance(10 * MINUTE);
    await lineCustomer('still there?', userId);
    const next = await eventually(async () => {
      const sla = (await detail(issueId)).sla;
      return sla?.target === 'nextResponse' ? sla : null;
    });
    const clocks = (await clocksOf(issueId))!;
    expect(ms(next.dueAt)! - ms(next.warnAt)!).toBe(12 * MINUTE);
    expect(clocks.pausedSince).toBeNull();
    // Resolution: 240 minutes from the start plus the time paused (the ten minutes at least; around the clock).
    expect(clocks.pausedSeconds).toBeGreaterThanOrEqual(600);
    const expected = started + 240 * MINUTE + clocks.pausedSeconds * 1000;
    expect(Math.abs(clocks.resolutionDueAt!.getTime() - expected)).toBeLessThanOrEqual(1);
  });

  it('follows the most specific policy and counts business hours from the channel’s calendar', async () => {
    const open = await h.createLineChannel({
      businessHoursMode: 'custom',
      shifts: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startsAt: '09:00', endsAt: '10:00' })),
    });
    const teamPolicy = await api(
      'POST',
      '/sla-policies',
      policy({ teamId: h.teamId, channelId: open.id, firstResponseMinutes: 45, businessHours: true }),
    );
    expect(teamPolicy.statusCode).toBe(201);
    const inbound = await h.sim.line.text(open.externalId, lineUser(), 'hello');
    const row = await storedMessage(h.t, open.id, String(inbound.body.events[0]!.message!.id));
    const shown = await detail(row.issueId);
    const calendar = (await channelCalendars(h.t.db.orm, h.org.id, 'Asia/Bangkok')).get(open.id)!;
    expect(ms(shown.sla!.dueAt)).toBe(addBusinessSeconds(ms(shown.startDate)!, 45 * 60, calendar));
  });

  it('sorts by the clock due first, issues without one last', async () => {
    const early = await lineCustomer();
    await advance(MINUTE);
    const late = await lineCustomer();
    const page = (await api('GET', '/issues?sort=slaDue&limit=100')).json<IssuePage>();
    const ids = page.items.map((i) => i.id);
    expect(ids.indexOf(early.issueId)).toBeLessThan(ids.indexOf(late.issueId));
    const firstWithout = page.items.findIndex((i) => i.sla === null);
    if (firstWithout >= 0) expect(page.items.slice(firstWithout).every((i) => i.sla === null)).toBe(true);
  });
});

describe('notices and outcomes', () => {
  it('tells the agent at 80% and the team’s manager on a breach, once each, and counts the breach', async () => {
    const agent = await buildUser(h.t, h.org, 'Staff');
    const { issueId } = await lineCustomer();
    await h.t.db.orm.insert(teamMembers).values({
      teamId: h.teamId,
      userId: agent.id,
      organizationId: h.org.id,
      workStart: '00:00',
      workStop: '23:59',
      breakStart: '12:00',
      breakStop: '12:00',
    });
    expect((await api('PUT', `/issues/${issueId}/assignee`, { userId: agent.id })).statusCode).toBe(200);
    const noticesOf = (userId: string, type: string) =>
      h.t.db.orm
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .then((rows) => rows.filter((n) => n.type === type && n.issueId === issueId));

    await advance(25 * MINUTE);
    await sendDueNotices(h.t.deps);
    await sendDueNotices(h.t.deps);
    const warned = await noticesOf(agent.id, 'sla_warning');
    expect(warned.map((n) => n.content)).toEqual([
      `Issue #${issueId}: 80% of the first response time has passed`,
    ]);

    await advance(10 * MINUTE);
    await sendDueNotices(h.t.deps);
    const breached = await noticesOf(adminId, 'sla_breached');
    expect(breached.map((n) => n.content)).toEqual([`Issue #${issueId} missed its first response time`]);

    // The late reply records the breach; the dashboard counts it.
    expect(
      (await api('POST', `/issues/${issueId}/messages`, { text: 'Sorry for the wait' })).statusCode,
    ).toBe(201);
    const [late] = await outcomesOf(issueId);
    expect(late).toMatchObject({ target: 'firstResponse', met: false });
    // The organisation's day (Asia/Bangkok, the default): UTC's date differs after 17:00.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
      new Date(h.t.clock.now()),
    );
    const dash = (await api('GET', `/dashboard?from=${day}&to=${day}`)).json<Dashboard>();
    expect(dash.figures.current.slaBreached).toBeGreaterThanOrEqual(1);
  });

  it('records the resolution met when resolved in time, and drops the clocks', async () => {
    const { issueId } = await lineCustomer();
    await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId });
    const res = await api('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'resolved-success' });
    expect(res.statusCode).toBe(200);
    const outcomes = await outcomesOf(issueId);
    expect(outcomes.find((o) => o.target === 'resolution')).toMatchObject({ met: true });
    expect(await clocksOf(issueId)).toBeNull();
    expect((await detail(issueId)).sla).toBeNull();
  });
});

describe('notices on time', () => {
  /** The notice job woken for the second `at` falls in: its start and state, or null when none was. */
  const wakeFor = async (at: number) => {
    const second = Math.ceil(at / 1000);
    const [job] = await h.t.db.query<{ start_after: Date | string; state: string }>(
      'SELECT start_after, state FROM pgboss.job WHERE name = $1 AND id = $2',
      [SLA_NOTICES_JOB.name, stableUuid(`sla-notices:${second}`)],
    );
    return job ? { startAfter: new Date(job.start_after).getTime(), state: job.state } : null;
  };

  it('wakes the notice job at the moment a notice falls due, not at the next minute', async () => {
    // A message that reaches Sabai 23.5 minutes after the customer wrote it (LINE's timestamp says when):
    // its clock turns amber at 24 minutes, half a minute from now, and the job is woken for that second.
    h.t.clock.set(new Date(Date.now() + 23.5 * MINUTE));
    h.admin = await h.signInAdmin();
    const { issueId } = await lineCustomer('where is my parcel?');
    const clocks = (await detail(issueId)).sla!;
    const [warnAt, dueAt] = [ms(clocks.warnAt)!, ms(clocks.dueAt)!];
    await eventually(async () => (await wakeFor(warnAt))?.state === 'created' || null);
    expect((await wakeFor(warnAt))!.startAfter).toBe(Math.ceil(warnAt / 1000) * 1000);
    // The breach is minutes away: the minute's run will see it coming.
    expect(await wakeFor(dueAt)).toBeNull();

    // Within a minute of the breach, a run wakes the job again for that very second (the soonest moment
    // once the earlier tests' issues are out of the way: each run wakes the next).
    await h.t.db.query('DELETE FROM issue_sla WHERE issue_id <> $1', [issueId]);
    await advance(dueAt - h.t.clock.now().getTime() - 30_000);
    await sendDueNotices(h.t.deps);
    expect(await wakeFor(dueAt)).toEqual({ startAfter: Math.ceil(dueAt / 1000) * 1000, state: 'created' });
  });
});

describe('without policies', () => {
  it('drops every clock once the last policy is deleted, and starts none', async () => {
    const { issueId } = await lineCustomer();
    expect((await detail(issueId)).sla).not.toBeNull();
    for (const p of (await api('GET', '/sla-policies')).json<SlaPolicy[]>())
      expect((await api('DELETE', `/sla-policies/${p.id}`)).statusCode).toBe(204);
    await eventually(async () => ((await detail(issueId)).sla === null ? true : null));
    expect(await clocksOf(issueId)).toBeNull();
    const fresh = await lineCustomer();
    expect((await detail(fresh.issueId)).sla).toBeNull();
  });
});
