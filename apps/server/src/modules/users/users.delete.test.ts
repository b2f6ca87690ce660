// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// Deleting a user must not strand their work. Open issues are handed over first (to another agent
// or the team queue, recorded in the issue's activities); the deleted user stays as a tombstone, so their
// messages, issues and the agent report show who it was.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIFT } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildTeam, buildUser, signIn, type TestUser } from '../../../test/factories';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issueActivities, issues, messages, removedMembers, teamMembers, users } from '../../db/schema';

let t: TestApp;
let w: Workspace;
let admin: string;

const SHIFT = { ...DEFAULT_SHIFT, workingDays: [...DEFAULT_SHIFT.workingDays] };

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
  admin = await w.tokenOf(w.admin);
});

/** A staff member of both teams holding an on-going issue in each. */
async function agentWithWorkInBothTeams(firstName: string) {
  const agent = await buildUser(t, w.org, 'Staff', { firstName, lastName: 'Leaving' });
  await joinBothTeams(agent);
  const inA = await w.addIssue({ team: 'A', assignee: agent });
  const inB = await w.addIssue({ team: 'B', assignee: agent, status: 'waiting' });
  return { agent, inA, inB };
}

async function joinBothTeams(user: TestUser) {
  await t.db.orm.insert(teamMembers).values([
    { teamId: w.teamA.id, userId: user.id, organizationId: w.org.id, ...SHIFT },
    { teamId: w.teamB.id, userId: user.id, organizationId: w.org.id, ...SHIFT },
  ]);
}

const del = (id: string) => call(t.app, 'DELETE', `/api/v1/users/${id}`, { token: admin });
const handOver = (id: string, toUserId: string | null) =>
  call(t.app, 'POST', `/api/v1/users/${id}/hand-over`, { token: admin, body: { toUserId } });
const issueRow = async (id: number) => (await t.db.orm.select().from(issues).where(eq(issues.id, id)))[0]!;

describe('deleting a user with open issues', () => {
  it('is refused with the open issues per team, until they are handed over', async () => {
    const { agent, inA, inB } = await agentWithWorkInBothTeams('Blocked');
    const res = await del(agent.id);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe('user.has_open_issues');
    expect(error.details.openIssues).toBe(2);
    expect(error.details.issueIds).toEqual([inA.id, inB.id]);
    expect(error.details.teams).toEqual(
      expect.arrayContaining([
        { id: w.teamA.id, name: w.teamA.name, openIssues: 1 },
        { id: w.teamB.id, name: w.teamB.name, openIssues: 1 },
      ]),
    );
    const summary = await call(t.app, 'GET', `/api/v1/users/${agent.id}/open-issues`, { token: admin });
    expect(summary.json()).toMatchObject({ openIssues: 2 });
    // Nothing changed: the user is still a member with their issues.
    expect((await issueRow(inA.id)).assigneeUserId).toBe(agent.id);
    expect((await call(t.app, 'GET', `/api/v1/users/${agent.id}`, { token: admin })).statusCode).toBe(200);
  });

  it('hands over to an agent of every team, then deletes; the issues keep working and record it', async () => {
    const { agent, inA, inB } = await agentWithWorkInBothTeams('Handing');
    // Sam is only in team A: the hand-over names the team he is missing.
    const partial = await handOver(agent.id, w.staff.id);
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error).toMatchObject({
      code: 'user.hand_over_target_not_in_team',
      details: { teams: [{ id: w.teamB.id, name: w.teamB.name }] },
    });
    expect((await handOver(agent.id, agent.id)).json().error.code).toBe('user.hand_over_target_invalid');

    const heir = await buildUser(t, w.org, 'Staff', { firstName: 'Heir' });
    await joinBothTeams(heir);
    const done = await handOver(agent.id, heir.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ openIssues: 0, teams: [] });
    expect(await issueRow(inA.id)).toMatchObject({ assigneeUserId: heir.id, status: 'on-going' });
    expect(await issueRow(inB.id)).toMatchObject({ assigneeUserId: heir.id, status: 'waiting' });
    const [recorded] = await t.db.orm
      .select()
      .from(issueActivities)
      .where(and(eq(issueActivities.issueId, inA.id), eq(issueActivities.kind, 'assigned')));
    expect(recorded).toMatchObject({
      actorUserId: w.admin.id,
      data: { userId: heir.id, previousUserId: agent.id, handOver: 'agent', teamId: w.teamA.id },
    });

    expect((await del(agent.id)).statusCode).toBe(204);
    // A status change works again (it failed with not_assigned when the issue kept no agent).
    const manager = await w.tokenOf(w.manager);
    const resolve = await call(t.app, 'PATCH', `/api/v1/issues/${inA.id}`, {
      token: manager,
      body: { kind: 'status', status: 'resolved-success' },
    });
    expect(resolve.statusCode).toBe(200);
    expect(resolve.json().assignee).toMatchObject({ id: heir.id, displayName: 'Heir Tester' });
  });

  it('hands over to the team queues, unless a team would be left with no one to take them', async () => {
    const { agent, inA, inB } = await agentWithWorkInBothTeams('Queueing');
    const done = await handOver(agent.id, null);
    expect(done.statusCode).toBe(200);
    for (const issue of [inA, inB]) {
      expect(await issueRow(issue.id)).toMatchObject({ assigneeUserId: null, status: 'un-assigned' });
    }
    const [recorded] = await t.db.orm
      .select()
      .from(issueActivities)
      .where(and(eq(issueActivities.issueId, inB.id), eq(issueActivities.kind, 'assigned')));
    expect(recorded).toMatchObject({
      fromStatus: 'waiting',
      toStatus: 'un-assigned',
      data: { userId: null, previousUserId: agent.id, handOver: 'team_queue' },
    });
    expect((await del(agent.id)).statusCode).toBe(204);

    // A team whose only person is leaving has no queue to go back to: an agent must be chosen.
    const loner = await buildUser(t, w.org, 'Staff', { firstName: 'Loner' });
    const lonelyTeam = await buildTeam(t, w.org, { managerUserId: loner.id });
    await t.db.orm
      .insert(teamMembers)
      .values({ teamId: lonelyTeam.id, userId: loner.id, organizationId: w.org.id, ...SHIFT });
    const solo = await w.addIssue({ team: 'A', assignee: loner });
    await t.db.orm.update(issues).set({ teamId: lonelyTeam.id }).where(eq(issues.id, solo.id));
    const refused = await handOver(loner.id, null);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'user.hand_over_team_empty',
      details: { teams: [{ id: lonelyTeam.id }] },
    });
    expect((await issueRow(solo.id)).assigneeUserId).toBe(loner.id);
  });
});

describe('a deleted user', () => {
  it('shows as deleted in messages, issues and the agent report, and cannot sign in', async () => {
    const agent = await buildUser(t, w.org, 'Staff', { firstName: 'Gone', lastName: 'Agent' });
    const session = await signIn(t, agent);
    const closed = await w.addIssue({ team: 'A', assignee: agent, status: 'close' });
    await t.db.orm.insert(messages).values({
      organizationId: w.org.id,
      issueId: closed.id,
      channelId: w.line.id,
      direction: 'outbound',
      senderType: 'agent',
      senderUserId: agent.id,
      kind: 'text',
      text: 'Thank you!',
      deliveryStatus: 'sent',
    });
    expect((await del(agent.id)).statusCode).toBe(204);

    const page = await call(t.app, 'GET', `/api/v1/issues/${closed.id}/messages`, { token: admin });
    const reply = page.json().items.find((m: { text: string }) => m.text === 'Thank you!');
    expect(reply).toMatchObject({ senderName: 'Gone Agent', senderDeleted: true });
    const detail = await call(t.app, 'GET', `/api/v1/issues/${closed.id}`, { token: admin });
    expect(detail.json().assignee).toMatchObject({ id: agent.id, displayName: 'Gone Agent', deleted: true });
    // Someone still a member shows without the mark.
    const kept = await w.addIssue({ team: 'A', assignee: w.staff });
    const keptDetail = await call(t.app, 'GET', `/api/v1/issues/${kept.id}`, { token: admin });
    expect(keptDetail.json().assignee.deleted).toBeUndefined();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const report = await call(t.app, 'GET', `/api/v1/reports/agent-performance?from=${today}&to=${today}`, {
      token: admin,
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().rows).toContainEqual(
      expect.objectContaining({ id: agent.id, name: 'Gone Agent', deleted: true }),
    );
    for (const [lang, shown] of [
      ['en', 'Gone Agent (deleted)'],
      ['th', 'Gone Agent (ลบแล้ว)'],
    ]) {
      const csv = await call(
        t.app,
        'GET',
        `/api/v1/reports/agent-performance/export?from=${today}&to=${today}&format=csv&lang=${lang}`,
        { token: admin },
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(shown);
    }

    // The tombstone: the name stays, the email and username are released, nothing to sign in with.
    const [tomb] = await t.db.orm.select().from(users).where(eq(users.id, agent.id));
    expect(tomb).toMatchObject({ firstName: 'Gone', lastName: 'Agent', isActive: false, passwordHash: null });
    expect(tomb!.deletedAt).toBeInstanceOf(Date);
    expect(tomb!.email).not.toBe(agent.email);
    const [removal] = await t.db.orm.select().from(removedMembers).where(eq(removedMembers.userId, agent.id));
    expect(removal).toMatchObject({ organizationId: w.org.id });
    const login = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: agent.email, password: agent.password },
    });
    expect(login.statusCode).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // The email may be invited again: a new account, while the old messages keep pointing to the tombstone.
    const again = await call(t.app, 'POST', '/api/v1/users', {
      token: admin,
      body: { email: agent.email, roleId: w.org.roles.Staff, teamIds: [], firstName: 'Gone', lang: 'en' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(agent.id);
    const [stillSent] = await t.db.orm.select().from(messages).where(eq(messages.issueId, closed.id));
    expect(stillSent).toBeDefined();
  });
});
