// Staff pick up work: "Assign to me" (POST /issues/:id/take) and "Take next"
// (POST /issues/take-next) — who may take what, the queue's order, and two callers racing.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import type { TestOrg, TestUser } from '../../../test/factories';
import { collectEvents } from '../../../test/settings';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issueActivities, issues, notifications, roles, teamMembers } from '../../db/schema';

const SHIFT = { workStart: '00:00', workStop: '23:59', breakStart: '12:00', breakStop: '12:01' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});

/** An admin's change in the role matrix: the organisation's Staff see their teams' issues (view myTeam). */
async function staffSeeTheirTeams(org: TestOrg) {
  const staff = DEFAULT_ROLE_MATRIX.Staff;
  await t.db.orm
    .update(roles)
    .set({ permissions: { ...staff, issue: { ...staff.issue, view: 'myTeam' } } })
    .where(eq(roles.id, org.roles.Staff));
}

/** A workspace whose Staff see their teams' queues (before anyone signs in: the token carries the role). */
async function teamWorkspace() {
  const w = await buildWorkspace(t);
  await staffSeeTheirTeams(w.org);
  return w;
}

function apiOf(w: Workspace) {
  return async (user: TestUser, method: 'GET' | 'POST', url: string) =>
    call(t.app, method, `/api/v1${url}`, { token: await w.tokenOf(user) });
}

const codeOf = (res: { json: () => { error?: { code: string } } }) => res.json().error?.code;

async function issueRow(id: number) {
  const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, id));
  return row!;
}

const assignedTrail = (id: number) =>
  t.db.orm
    .select()
    .from(issueActivities)
    .where(and(eq(issueActivities.issueId, id), eq(issueActivities.kind, 'assigned')));

describe('taking an issue (Assign to me)', () => {
  let w: Workspace;
  let api: ReturnType<typeof apiOf>;
  beforeAll(async () => {
    w = await teamWorkspace();
    api = apiOf(w);
  });

  it('gives a staff member whose role shows their team an un-assigned issue: on-going, recorded, announced', async () => {
    const id = (await w.addIssue({})).id;
    expect((await api(w.staff, 'GET', `/issues/${id}`)).json().mayTake).toBe(true);
    const events = await collectEvents(t, w.org.id);
    try {
      const res = await api(w.staff, 'POST', `/issues/${id}/take`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'on-going', assignee: { id: w.staff.id }, mayTake: false });
      await expect
        .poll(() => events.received.find((e) => e.name === 'issue.assigned' && e.data.issueId === id)?.data)
        .toEqual({ issueId: id, status: 'on-going', teamId: w.teamA.id, assigneeUserId: w.staff.id });
    } finally {
      await events.close();
    }
    const row = await issueRow(id);
    expect(row).toMatchObject({ status: 'on-going', assigneeUserId: w.staff.id, teamId: w.teamA.id });
    expect(row.assignedAt).not.toBeNull();
    const [activity, ...more] = await assignedTrail(id);
    expect(more).toEqual([]);
    expect(activity).toMatchObject({
      actorUserId: w.staff.id,
      fromStatus: 'un-assigned',
      toStatus: 'on-going',
      data: { userId: w.staff.id, teamId: w.teamA.id, previousUserId: null },
    });
    // The trail tells it as taking: the actor is the agent.
    const trail = (await api(w.staff, 'GET', `/issues/${id}/activity`)).json();
    expect(trail[0]).toMatchObject({
      kind: 'assigned',
      actor: { id: w.staff.id },
      agent: { id: w.staff.id },
    });
    // Nobody to tell: they took it themselves.
    expect(await t.db.orm.select().from(notifications).where(eq(notifications.issueId, id))).toEqual([]);
  });

  it('answers a second press with the issue unchanged, recording nothing more', async () => {
    const id = (await w.addIssue({})).id;
    await api(w.staff, 'POST', `/issues/${id}/take`);
    const again = await api(w.staff, 'POST', `/issues/${id}/take`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'on-going', assignee: { id: w.staff.id } });
    expect(await assignedTrail(id)).toHaveLength(1);
  });

  it('lets the team’s manager take one, not an admin outside the team (403 issue.not_in_team)', async () => {
    const id = (await w.addIssue({})).id;
    expect((await api(w.admin, 'GET', `/issues/${id}`)).json().mayTake).toBe(false);
    const refused = await api(w.admin, 'POST', `/issues/${id}/take`);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'issue.not_in_team']);
    expect((await api(w.manager, 'GET', `/issues/${id}`)).json().mayTake).toBe(true);
    expect((await api(w.manager, 'POST', `/issues/${id}/take`)).json().assignee.id).toBe(w.manager.id);
  });

  it('refuses an issue someone has (409 issue.already_taken) and a finished one (409 issue.status.closed)', async () => {
    const taken = (await w.addIssue({ assignee: w.staff2 })).id;
    expect((await api(w.staff, 'GET', `/issues/${taken}`)).json().mayTake).toBe(false);
    const res = await api(w.staff, 'POST', `/issues/${taken}/take`);
    expect([res.statusCode, codeOf(res)]).toEqual([409, 'issue.already_taken']);
    const closed = (await w.addIssue({ status: 'transferred' })).id;
    const late = await api(w.staff, 'POST', `/issues/${closed}/take`);
    expect([late.statusCode, codeOf(late)]).toEqual([409, 'issue.status.closed']);
    expect((await issueRow(taken)).assigneeUserId).toBe(w.staff2.id);
  });

  it('hides another team’s and another organisation’s issues (404 issue.not_found)', async () => {
    const teamB = (await w.addIssue({ team: 'B' })).id;
    const other = await teamWorkspace();
    const foreign = (await other.addIssue({})).id;
    for (const id of [teamB, foreign]) {
      const res = await api(w.staff, 'POST', `/issues/${id}/take`);
      expect([res.statusCode, codeOf(res)]).toEqual([404, 'issue.not_found']);
      expect((await issueRow(id)).assigneeUserId).toBeNull();
    }
    // Even for an admin, whose scope is all: of their own organisation only.
    expect((await api(w.admin, 'POST', `/issues/${foreign}/take`)).statusCode).toBe(404);
  });

  it('lets exactly one of two staff racing for the same issue win', async () => {
    const id = (await w.addIssue({})).id;
    // Signed in first, so the two calls start together.
    await Promise.all([w.tokenOf(w.staff), w.tokenOf(w.staff2)]);
    const results = await Promise.all([
      api(w.staff, 'POST', `/issues/${id}/take`),
      api(w.staff2, 'POST', `/issues/${id}/take`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(codeOf(loser)).toBe('issue.already_taken');
    const winner = results.find((r) => r.statusCode === 200)!.json().assignee.id;
    expect((await issueRow(id)).assigneeUserId).toBe(winner);
    expect(await assignedTrail(id)).toHaveLength(1);
  });

  it('refuses a malformed issue number with 400', async () => {
    const res = await api(w.staff, 'POST', '/issues/not-a-number/take');
    expect([res.statusCode, codeOf(res)]).toEqual([400, 'validation.failed']);
  });
});

describe('staff whose role shows only their own issues (the default myIssue)', () => {
  it('cannot see or take un-assigned issues: 404 for both calls', async () => {
    const w = await buildWorkspace(t);
    const api = apiOf(w);
    const id = (await w.addIssue({})).id;
    expect((await api(w.staff, 'GET', `/issues/${id}`)).statusCode).toBe(404);
    const res = await api(w.staff, 'POST', `/issues/${id}/take`);
    expect([res.statusCode, codeOf(res)]).toEqual([404, 'issue.not_found']);
    const next = await api(w.staff, 'POST', '/issues/take-next');
    expect([next.statusCode, codeOf(next)]).toEqual([404, 'issue.queue_empty']);
    expect((await issueRow(id)).assigneeUserId).toBeNull();
    // Their own issue reads as theirs, nothing to take.
    const mine = (await w.addIssue({ assignee: w.staff })).id;
    expect((await api(w.staff, 'GET', `/issues/${mine}`)).json().mayTake).toBe(false);
  });
});

describe('taking the next issue (Take next)', () => {
  it('takes the oldest waiting issue of the caller’s teams first, then says the queue is empty', async () => {
    const w = await teamWorkspace();
    const api = apiOf(w);
    const HOUR = 3_600_000;
    // Queue order is arrival (the id), as the automatic assignment hands out a backlog.
    const first = (await w.addIssue({ at: new Date(Date.now() - HOUR) })).id;
    const second = (await w.addIssue({ at: new Date(Date.now() - 3 * HOUR) })).id;
    const teamB = (await w.addIssue({ team: 'B' })).id;
    await w.addIssue({ assignee: w.staff2 });
    await w.addIssue({ status: 'close' });
    await w.addIssue({ team: null });

    const took = async () => {
      const res = await api(w.staff, 'POST', '/issues/take-next');
      return res.statusCode === 200 ? res.json().id : codeOf(res);
    };
    expect(await took()).toBe(first);
    expect(await took()).toBe(second);
    expect(await took()).toBe('issue.queue_empty');
    const [activity] = await assignedTrail(first);
    expect(activity).toMatchObject({ actorUserId: w.staff.id, data: { userId: w.staff.id } });
    // Another team's queue is its own.
    const b = await api(w.staffB, 'POST', '/issues/take-next');
    expect(b.json()).toMatchObject({ id: teamB, status: 'on-going', assignee: { id: w.staffB.id } });
  });

  it('never gives two callers at once the same issue', async () => {
    const w = await teamWorkspace();
    const api = apiOf(w);
    const waiting = [(await w.addIssue({})).id, (await w.addIssue({})).id];
    const callers = [w.staff, w.staff2, w.manager];
    await Promise.all(callers.map((user) => w.tokenOf(user)));
    const results = await Promise.all(callers.map((user) => api(user, 'POST', '/issues/take-next')));
    const taken = results.filter((r) => r.statusCode === 200).map((r) => r.json().id as number);
    expect(taken.sort()).toEqual(waiting.sort());
    expect(results.filter((r) => r.statusCode === 404).map(codeOf)).toEqual(['issue.queue_empty']);
    for (const id of waiting) expect(await assignedTrail(id)).toHaveLength(1);
  });

  it('takes from the organisation the caller works in only, even when they are in a team of another', async () => {
    const w = await teamWorkspace();
    const other = await teamWorkspace();
    const foreign = (await other.addIssue({})).id;
    await t.db.orm
      .insert(teamMembers)
      .values({ teamId: other.teamA.id, userId: w.staff.id, organizationId: other.org.id, ...SHIFT });
    const api = apiOf(w);
    const res = await api(w.staff, 'POST', '/issues/take-next');
    expect([res.statusCode, codeOf(res)]).toEqual([404, 'issue.queue_empty']);
    expect((await api(w.staff, 'POST', `/issues/${foreign}/take`)).statusCode).toBe(404);
    expect((await issueRow(foreign)).assigneeUserId).toBeNull();
  });
});
