import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issueActivities, issueTags, issues, notifications, responseIntervals } from '../../db/schema';
import type { TestUser } from '../../../test/factories';
import { touchIssueForReply } from '../messages';

let t: TestApp;
let w: Workspace;
beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const api = (...args: Parameters<Workspace['api']>) => w.api(...args);
const ids = (res: { json: () => { items: Array<{ id: number }> } }) => res.json().items.map((i) => i.id);

describe('issue list and scopes', () => {
  let mine: number, staff2s: number, waiting: number, teamB: number, noTeam: number;
  beforeAll(async () => {
    const ws = await buildWorkspace(t);
    w = ws;
    mine = (await w.addIssue({ assignee: w.staff, at: ago(1 * HOUR), text: 'ขอเปลี่ยนไซซ์เสื้อ', tagged: true }))
      .id;
    staff2s = (
      await w.addIssue({ assignee: w.staff2, at: ago(2 * HOUR), contact: { name: 'Ploypailin Wongsa' } })
    ).id;
    waiting = (await w.addIssue({ status: 'un-assigned', at: ago(3 * HOUR), channel: 'facebook' })).id;
    teamB = (
      await w.addIssue({
        team: 'B',
        assignee: w.staffB,
        at: ago(4 * HOUR),
        contact: { mobileNumber: '0812345678' },
      })
    ).id;
    noTeam = (await w.addIssue({ team: null, at: ago(40 * 24 * HOUR) })).id;
  });

  it('scope all lists the whole organisation, newest activity first', async () => {
    const res = await api(w.admin, 'GET', '/issues');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([mine, staff2s, waiting, teamB, noTeam]);
  });

  it('scope myTeam lists the teams the manager leads; myIssue only the caller’s issues', async () => {
    expect(ids(await api(w.manager, 'GET', '/issues'))).toEqual([mine, staff2s, waiting]);
    expect(ids(await api(w.managerB, 'GET', '/issues'))).toEqual([teamB]);
    expect(ids(await api(w.staff, 'GET', '/issues'))).toEqual([mine]);
  });

  it('answers 404 for an issue out of scope or of another organisation, for reads and updates', async () => {
    const other = await buildWorkspace(t);
    const foreign = (await other.addIssue({ assignee: other.staff })).id;
    for (const [user, id] of [
      [w.admin, foreign],
      [w.staff, staff2s],
      [w.manager, teamB],
    ] as const) {
      expect((await api(user, 'GET', `/issues/${id}`)).statusCode).toBe(404);
      expect((await api(user, 'GET', `/issues/${id}/history`)).statusCode).toBe(404);
      expect((await api(user, 'PATCH', `/issues/${id}`, { kind: 'note', note: 'x' })).statusCode).toBe(404);
      expect((await api(user, 'GET', `/issues/${id}/messages`)).statusCode).toBe(404);
    }
  });

  it('filters by each key alone and combined', async () => {
    const q = async (query: string) => ids(await api(w.admin, 'GET', `/issues?${query}`));
    expect(await q('status=un-assigned')).toEqual([waiting, noTeam]);
    expect(await q('status=')).toHaveLength(5);
    expect(await q(`channel=${w.facebook.id}`)).toEqual([waiting]);
    expect(await q(`team=${w.teamB.id}`)).toEqual([teamB]);
    expect(await q(`team=${w.teamA.id},${w.teamB.id}`)).toEqual([mine, staff2s, waiting, teamB]);
    expect(await q(`agent=${w.staff2.id}`)).toEqual([staff2s]);
    expect(await q('agent=none')).toEqual([waiting, noTeam]);
    expect(await q(`tag=${w.vip.id}`)).toEqual([mine]);
    expect(await q('time=today')).not.toContain(noTeam);
    expect(await q('time=last30Days')).not.toContain(noTeam);
    // The day in the organisation's time zone (Asia/Bangkok), which decides what a date filter means.
    const fortyDaysAgo = ago(40 * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
    expect(await q(`startDate=${fortyDaysAgo}&endDate=${fortyDaysAgo}`)).toEqual([noTeam]);
    expect(await q(`status=on-going&team=${w.teamA.id}&agent=${w.staff.id}`)).toEqual([mine]);
    expect(ids(await api(w.manager, 'GET', '/issues?myIssue=true'))).toEqual([]);
    expect(ids(await api(w.staff, 'GET', '/issues?myIssue=true'))).toEqual([mine]);
  });

  it('searches Thai substrings of messages, contact names, phone digits and the issue number', async () => {
    const q = async (search: string) =>
      ids(await api(w.admin, 'GET', `/issues?search=${encodeURIComponent(search)}`));
    expect(await q('ไซซ์')).toEqual([mine]);
    expect(await q('pailin')).toEqual([staff2s]);
    expect(await q('081-234')).toEqual([teamB]);
    // Digits inside words are no phone number: "a0b8c1" matches no number holding "081".
    expect(await q('a0b8c1')).toEqual([]);
    expect(await q(`#${waiting}`)).toEqual([waiting]);
    expect(await q('100%_')).toEqual([]);
  });

  it('pages with a cursor in every order without repeating or skipping', async () => {
    for (const sort of ['lastResponse', 'startDate', 'status', 'daysLeft']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await api(
          w.admin,
          'GET',
          `/issues?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        seen.push(...ids(res));
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual([mine, staff2s, waiting, teamB, noTeam].sort());
    }
    const bySort = ids(await api(w.admin, 'GET', '/issues?sort=daysLeft'));
    expect(bySort[0]).toBe(waiting); // the only Messenger issue: its 7-day window is the most urgent
    expect((await api(w.admin, 'GET', '/issues?cursor=nonsense')).json().error.code).toBe(
      'issue.invalid_cursor',
    );
  });

  it('counts every status for the tabs with the other filters applied', async () => {
    const res = await api(w.admin, 'GET', `/issues/status-counts?team=${w.teamA.id}&status=close`);
    expect(res.json()).toMatchObject({ total: 3, counts: { 'on-going': 2, 'un-assigned': 1, close: 0 } });
    expect((await api(w.staff, 'GET', '/issues/status-counts')).json().total).toBe(1);
  });

  it('shows the card data: days left on Messenger, the 7-day flag, tags and the last message', async () => {
    const list = (await api(w.admin, 'GET', '/issues')).json().items as Array<Record<string, unknown>>;
    const fb = list.find((i) => i.id === waiting)!;
    expect(fb).toMatchObject({ daysLeft: 7, isOld: false, channel: { type: 'facebook' } });
    const first = list.find((i) => i.id === mine)!;
    expect(first).toMatchObject({
      daysLeft: null,
      tags: [{ name: 'VIP' }],
      lastMessage: { text: 'ขอเปลี่ยนไซซ์เสื้อ', senderType: 'customer' },
      assignee: { id: w.staff.id },
    });
  });
});

describe('status rules', () => {
  const patch = (user: TestUser, id: number, status: string) =>
    api(user, 'PATCH', `/issues/${id}`, { kind: 'status', status });
  const codeOf = async (p: ReturnType<typeof patch>) => (await p).json().error?.code;

  it('refuses each forbidden change with its own code', async () => {
    const open = (await w.addIssue({})).id;
    const ongoing = (await w.addIssue({ assignee: w.staff })).id;
    const waiting = (await w.addIssue({ assignee: w.staff, status: 'waiting' })).id;
    expect(await codeOf(patch(w.manager, open, 'resolved-success'))).toBe('issue.status.not_assigned');
    expect(await codeOf(patch(w.staff, ongoing, 'resolved-success'))).toBe(
      'issue.status.staff_cannot_change',
    );
    expect(await codeOf(patch(w.manager, waiting, 'resolved-success'))).toBe(
      'issue.status.resolve_requires_on_going',
    );
    expect(await codeOf(patch(w.manager, ongoing, 'close'))).toBe('issue.status.close_requires_resolved');
    expect(await codeOf(patch(w.manager, ongoing, 'un-assigned'))).toBe('issue.status.cannot_unassign');
    expect(await codeOf(patch(w.manager, ongoing, 'on-going'))).toBe('issue.status.unchanged');
    expect(await codeOf(patch(w.manager, ongoing, 'transferred'))).toBe('issue.status.use_transfer');
    expect((await patch(w.manager, ongoing, 'close')).statusCode).toBe(409);
    expect(
      (await api(w.manager, 'PATCH', `/issues/${ongoing}`, { kind: 'status', status: 'bogus' })).statusCode,
    ).toBe(400);
  });

  it('resolves then closes, recording when and by whom, and a closed issue never changes', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    const resolved = await patch(w.manager, id, 'resolved-success');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().status).toBe('resolved-success');
    expect((await patch(w.manager, id, 'close')).json().status).toBe('close');
    expect(await codeOf(patch(w.admin, id, 'on-going'))).toBe('issue.status.closed');
    expect(await codeOf(api(w.admin, 'PATCH', `/issues/${id}`, { kind: 'note', note: 'late' }))).toBe(
      'issue.status.closed',
    );
    const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, id));
    expect(row!.resolvedAt).not.toBeNull();
    expect(row!.closedAt).not.toBeNull();
    const activity = await t.db.orm.select().from(issueActivities).where(eq(issueActivities.issueId, id));
    expect(activity.map((a) => [a.kind, a.fromStatus, a.toStatus, a.actorUserId])).toEqual([
      ['status', 'on-going', 'resolved-success', w.manager.id],
      ['status', 'resolved-success', 'close', w.manager.id],
    ]);
    const notes = await t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.issueId, id), eq(notifications.userId, w.staff.id)));
    expect(notes.map((n) => n.type)).toEqual(['issue_closed']);
  });

  it('lets two users racing on one issue end in one valid state', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    await patch(w.manager, id, 'resolved-un-success');
    const results = await Promise.all([patch(w.manager, id, 'close'), patch(w.admin, id, 'close')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, id));
    expect(row!.status).toBe('close');
    const closes = await t.db.orm.select().from(issueActivities).where(eq(issueActivities.issueId, id));
    expect(closes.filter((a) => a.toStatus === 'close')).toHaveLength(1);
  });

  it('lets staff edit the note and ask the manager to close, once', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    const noted = await api(w.staff, 'PATCH', `/issues/${id}`, { kind: 'note', note: 'Wants a refund' });
    expect(noted.json().note).toBe('Wants a refund');
    const asked = await api(w.staff, 'POST', `/issues/${id}/request-close`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().closeRequested).toBe(true);
    expect((await api(w.staff, 'POST', `/issues/${id}/request-close`)).json().error.code).toBe(
      'issue.close_already_requested',
    );
    const notes = await t.db.orm.select().from(notifications).where(eq(notifications.issueId, id));
    expect(notes.map((n) => [n.userId, n.type])).toEqual([[w.manager.id, 'close_requested']]);

    // The manager answers the request by closing the issue: the tag goes.
    await patch(w.manager, id, 'resolved-success');
    expect((await api(w.manager, 'GET', `/issues/${id}`)).json().closeRequested).toBe(true);
    await patch(w.manager, id, 'close');
    expect((await api(w.manager, 'GET', `/issues/${id}`)).json().closeRequested).toBe(false);
  });
});

describe('assign and transfer', () => {
  it('assigns an agent of the team, moving the issue to on-going and notifying the agent', async () => {
    const id = (await w.addIssue({})).id;
    const res = await api(w.manager, 'PUT', `/issues/${id}/assignee`, { userId: w.staff2.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'on-going', assignee: { id: w.staff2.id } });
    const notes = await t.db.orm.select().from(notifications).where(eq(notifications.issueId, id));
    expect(notes.map((n) => [n.userId, n.type])).toEqual([[w.staff2.id, 'issue_assigned']]);
    // re-assign keeps the status
    const again = await api(w.manager, 'PUT', `/issues/${id}/assignee`, { userId: w.staff.id });
    expect(again.json()).toMatchObject({ status: 'on-going', assignee: { id: w.staff.id } });
  });

  it('refuses agents outside the team, teams outside a manager’s scope, and staff', async () => {
    const id = (await w.addIssue({})).id;
    const code = async (user: TestUser, body: unknown) =>
      (await api(user, 'PUT', `/issues/${id}/assignee`, body)).json().error?.code;
    expect(await code(w.manager, { userId: w.staffB.id })).toBe('issue.assignee_not_in_team');
    expect(await code(w.manager, { userId: w.staffB.id, teamId: w.teamB.id })).toBe('issue.team_not_yours');
    expect(await code(w.admin, { userId: w.staffB.id, teamId: w.teamB.id })).toBeUndefined();
    const mine = (await w.addIssue({ assignee: w.staff })).id;
    expect((await api(w.staff, 'PUT', `/issues/${mine}/assignee`, { userId: w.staff2.id })).statusCode).toBe(
      403,
    );
  });

  it('transfers: the issue ends as transferred and a linked new issue opens in the other team', async () => {
    const id = (await w.addIssue({ assignee: w.staff, tagged: true })).id;
    const res = await api(w.manager, 'POST', `/issues/${id}/transfer`, {
      teamId: w.teamB.id,
      note: 'Billing',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'un-assigned',
      transferredFromIssueId: id,
      team: { id: w.teamB.id },
      note: 'Billing',
      tags: [{ name: 'VIP' }],
    });
    const old = (await api(w.admin, 'GET', `/issues/${id}`)).json();
    expect(old).toMatchObject({ status: 'transferred', transferredToIssueId: created.id });
    const history = (await api(w.admin, 'GET', `/issues/${created.id}/history`)).json();
    expect(history).toEqual([
      expect.objectContaining({ issueId: id, isTransferredFrom: true, status: 'transferred' }),
    ]);
    // the manager of the new team sees the link to the issue it came from, though it was not theirs
    const historyB = (await api(w.managerB, 'GET', `/issues/${created.id}/history`)).json();
    expect(historyB.map((h: { issueId: number }) => h.issueId)).toEqual([id]);
    expect(
      (await api(w.manager, 'POST', `/issues/${id}/transfer`, { teamId: w.teamB.id })).json().error.code,
    ).toBe('issue.status.closed');
  });

  it('transfers straight to an agent of the other team, and never for staff', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    expect(
      (await api(w.staff, 'POST', `/issues/${id}/transfer`, { teamId: w.teamB.id })).json().error.code,
    ).toBe('issue.status.staff_cannot_change');
    const res = await api(w.admin, 'POST', `/issues/${id}/transfer`, {
      teamId: w.teamB.id,
      userId: w.staffB.id,
    });
    expect(res.json()).toMatchObject({ status: 'on-going', assignee: { id: w.staffB.id } });
    const tagged = await t.db.orm.select().from(issueTags).where(eq(issueTags.issueId, res.json().id));
    expect(tagged).toHaveLength(0);
  });

  it('offers the organisation’s channels, teams, tags and agents as filters', async () => {
    const options = (await api(w.staff, 'GET', '/issues/filter-options')).json();
    expect(options.channels.map((c: { name: string }) => c.name).sort()).toEqual(['FB page', 'LINE shop']);
    expect(options.teams.map((x: { id: string }) => x.id).sort()).toEqual([w.teamA.id, w.teamB.id].sort());
    expect(options.tags).toEqual([{ id: w.vip.id, name: 'VIP', colour: '#ff0000' }]);
    expect(options.agents).toHaveLength(6);
  });

  it('lists teams with the agents an issue can go to', async () => {
    const teams = (await api(w.manager, 'GET', '/issues/assignable-teams')).json();
    const alpha = teams.find((x: { id: string }) => x.id === w.teamA.id);
    expect(alpha.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [w.manager.id, w.staff.id, w.staff2.id].sort(),
    );
    expect((await api(w.staff, 'GET', '/issues/assignable-teams')).statusCode).toBe(200);
  });
});

describe('facts for reports', () => {
  it('records each customer wait ended by an agent reply, the first one marked', async () => {
    const issue = await w.addIssue({ assignee: w.staff, at: ago(HOUR) });
    const replied = new Date();
    await touchIssueForReply(t.db.orm, issue.id, replied, w.staff.id);
    await touchIssueForReply(t.db.orm, issue.id, new Date(), w.staff.id); // no wait pending: nothing recorded
    const rows = await t.db.orm
      .select()
      .from(responseIntervals)
      .where(eq(responseIntervals.issueId, issue.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agentUserId: w.staff.id, isFirstResponse: true, teamId: w.teamA.id });
    expect(rows[0]!.repliedAt.getTime() - rows[0]!.customerAt.getTime()).toBeGreaterThanOrEqual(HOUR - 1000);
    const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, issue.id));
    // The ball goes to the customer once the reply is delivered (markSent), not when it is recorded.
    expect(row).toMatchObject({ status: 'on-going', waitStartedAt: null });
  });
});

describe('read marker', () => {
  it('clears the unread count when the chat is opened', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    await t.db.orm.update(issues).set({ unreadCount: 3 }).where(eq(issues.id, id));
    expect((await api(w.staff, 'POST', `/issues/${id}/read`)).statusCode).toBe(204);
    expect((await api(w.staff, 'GET', `/issues/${id}`)).json().unreadCount).toBe(0);
  });

  it('clears it when the reader fetches the newest messages with read=true, and only then', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    await t.db.orm.update(issues).set({ unreadCount: 2 }).where(eq(issues.id, id));
    expect((await api(w.staff, 'GET', `/issues/${id}/messages?limit=50`)).statusCode).toBe(200);
    expect((await api(w.staff, 'GET', `/issues/${id}`)).json().unreadCount).toBe(2);
    expect((await api(w.staff, 'GET', `/issues/${id}/messages?limit=50&read=yes`)).statusCode).toBe(400);
    expect((await api(w.staff, 'GET', `/issues/${id}/messages?limit=50&read=true`)).statusCode).toBe(200);
    expect((await api(w.staff, 'GET', `/issues/${id}`)).json().unreadCount).toBe(0);
    // Out of scope: a 404, and the marker stays.
    const other = (await w.addIssue({ assignee: w.staff2 })).id;
    await t.db.orm.update(issues).set({ unreadCount: 1 }).where(eq(issues.id, other));
    expect((await api(w.staff, 'GET', `/issues/${other}/messages?read=true`)).statusCode).toBe(404);
    const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, other));
    expect(row!.unreadCount).toBe(1);
  });
});
