// Auto-assignment settings (/setting/auto-assignment) and the jobs that run assignment in the background:
// a new issue's job, the backlog handed out when an agent comes online, the minute sweep.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import {
  buildChannel,
  buildIssues,
  buildStaffedTeam,
  issueRows,
  setAvailability,
} from '../../../test/settings';
import { teams } from '../../db/schema';
import { assignIssue, requestAssignment, sweepBacklogs } from './assignment.service';

let t: TestApp;
let org: TestOrg;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
});

const assignedTo = async (ids: number[], userId: string) => {
  const rows = await issueRows(t, ids);
  expect(rows.map((r) => r.assigneeUserId)).toEqual(ids.map(() => userId));
  return rows;
};

describe('auto-assignment settings', () => {
  it('lists teams with their mode and method, and switches a team to auto round robin or least contact', async () => {
    const member = await buildUser(t, org, 'Staff');
    const team = await buildStaffedTeam(t, org, { name: 'Assign Alpha', members: [{ userId: member.id }] });
    await setAvailability(t, org, [member.id], 'online');
    const list = (await call(t.app, 'GET', '/api/v1/auto-assignment?search=alpha', { token: admin })).json();
    expect(list).toMatchObject({
      total: 1,
      items: [
        {
          teamId: team.id,
          teamName: 'Assign Alpha',
          mode: 'manual',
          method: 'round_robin',
          memberCount: 1,
          availableNow: 1,
          waitingIssues: 0,
          canUpdate: true,
        },
      ],
    });
    const res = await call(t.app, 'PUT', `/api/v1/auto-assignment/${team.id}`, {
      token: admin,
      body: { mode: 'auto', method: 'least_contact' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ teamId: team.id, mode: 'auto', method: 'least_contact' });
    expect(
      (await call(t.app, 'GET', `/api/v1/auto-assignment/${team.id}`, { token: admin })).json().mode,
    ).toBe('auto');
    for (const body of [
      { mode: 'auto' },
      { mode: 'sometimes', method: 'round_robin' },
      { mode: 'auto', method: 'random' },
    ]) {
      const bad = await call(t.app, 'PUT', `/api/v1/auto-assignment/${team.id}`, { token: admin, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation.failed');
    }
  });

  it('switching a team to auto hands out its waiting issues', async () => {
    const member = await buildUser(t, org, 'Staff');
    const team = await buildStaffedTeam(t, org, { members: [{ userId: member.id }] });
    await setAvailability(t, org, [member.id], 'online');
    const channel = await buildChannel(t, org, team.id);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 3 });
    await call(t.app, 'PUT', `/api/v1/auto-assignment/${team.id}`, {
      token: admin,
      body: { mode: 'auto', method: 'round_robin' },
    });
    await vi.waitFor(() => assignedTo(ids, member.id), { timeout: 10_000, interval: 100 });
  });

  it('lets a manager (myTeam) see and change only their teams; staff not at all', async () => {
    const boss = await buildUser(t, org, 'Manager');
    const token = (await signIn(t, boss)).accessToken;
    const mine = await buildStaffedTeam(t, org, { managerUserId: boss.id });
    const other = await buildStaffedTeam(t, org);
    const list = (await call(t.app, 'GET', '/api/v1/auto-assignment?pageSize=100', { token })).json();
    expect(list.items.map((i: { teamId: string }) => i.teamId)).toEqual([mine.id]);
    const body = { mode: 'auto', method: 'round_robin' };
    expect((await call(t.app, 'PUT', `/api/v1/auto-assignment/${mine.id}`, { token, body })).statusCode).toBe(
      200,
    );
    const foreign = await call(t.app, 'PUT', `/api/v1/auto-assignment/${other.id}`, { token, body });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('team.not_found');
    expect((await call(t.app, 'GET', `/api/v1/auto-assignment/${other.id}`, { token })).statusCode).toBe(404);
    const staff = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/auto-assignment', { token: staff })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/v1/auto-assignment/${mine.id}`, { token: staff, body })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/auto-assignment')).statusCode).toBe(401);
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    expect(
      (await call(t.app, 'PUT', `/api/v1/auto-assignment/${mine.id}`, { token: otherAdmin, body }))
        .statusCode,
    ).toBe(404);
    await t.db.orm.update(teams).set({ assignmentMode: 'manual' }).where(eq(teams.id, mine.id));
  });
});

describe('assignment jobs', () => {
  it('assigns a new issue through its job', async () => {
    const member = await buildUser(t, org, 'Staff');
    const team = await buildStaffedTeam(t, org, { assignmentMode: 'auto', members: [{ userId: member.id }] });
    await setAvailability(t, org, [member.id], 'online');
    const channel = await buildChannel(t, org, team.id);
    const [id] = await buildIssues(t, org, { teamId: team.id, channelId: channel.id });
    await t.db.orm.transaction((tx) => requestAssignment(t.deps, tx, id!));
    await vi.waitFor(() => assignedTo([id!], member.id), { timeout: 10_000, interval: 100 });
  });

  it('hands out the backlog, oldest first, when an agent comes online', async () => {
    const member = await buildUser(t, org, 'Staff');
    const token = (await signIn(t, member)).accessToken;
    const team = await buildStaffedTeam(t, org, { assignmentMode: 'auto', members: [{ userId: member.id }] });
    const channel = await buildChannel(t, org, team.id);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 5 });
    expect(await assignIssue(t.deps, ids[0]!)).toEqual({ outcome: 'no_agent' });
    const res = await call(t.app, 'PUT', '/api/v1/me/availability', {
      token,
      body: { availability: 'online' },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => assignedTo(ids, member.id), { timeout: 10_000, interval: 100 });
  });

  it('the minute sweep hands out waiting issues once someone is available (a shift start, a break end)', async () => {
    const member = await buildUser(t, org, 'Staff');
    const team = await buildStaffedTeam(t, org, { assignmentMode: 'auto', members: [{ userId: member.id }] });
    const channel = await buildChannel(t, org, team.id);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 2 });
    // Available without any trigger (as when a shift starts): only the sweep notices.
    await setAvailability(t, org, [member.id], 'online');
    await sweepBacklogs(t.deps);
    await vi.waitFor(() => assignedTo(ids, member.id), { timeout: 10_000, interval: 100 });
  });
});
