// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { buildStaffedTeam } from '../../../test/settings';
import { memberships, notifications } from '../../db/schema';

let t: TestApp;
let org: TestOrg;

const HOUR = 3600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
});

/** A team with a manager and a member, their tokens. */
async function crew() {
  const boss = await buildUser(t, org, 'Manager', { firstName: 'Malee' });
  const member = await buildUser(t, org, 'Staff', { firstName: 'Somsak' });
  const team = await buildStaffedTeam(t, org, { managerUserId: boss.id, members: [{ userId: member.id }] });
  return {
    team,
    boss,
    member,
    bossToken: (await signIn(t, boss)).accessToken,
    memberToken: (await signIn(t, member)).accessToken,
  };
}

const notificationsOf = (userId: string) =>
  t.db.orm.select().from(notifications).where(eq(notifications.userId, userId));

describe('availability', () => {
  it('sets the signed-in user online and offline', async () => {
    const { member, memberToken } = await crew();
    expect((await call(t.app, 'GET', '/api/v1/me/availability', { token: memberToken })).json()).toEqual({
      availability: 'offline',
      isOnTimeOff: false,
      isMember: true,
    });
    const online = await call(t.app, 'PUT', '/api/v1/me/availability', {
      token: memberToken,
      body: { availability: 'online' },
    });
    expect(online.json()).toEqual({ availability: 'online', isOnTimeOff: false, isMember: true });
    const [row] = await t.db.orm
      .select({ availability: memberships.availability })
      .from(memberships)
      .where(and(eq(memberships.userId, member.id), eq(memberships.organizationId, org.id)));
    expect(row!.availability).toBe('online');
    const bad = await call(t.app, 'PUT', '/api/v1/me/availability', {
      token: memberToken,
      body: { availability: 'time_off' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(t.app, 'PUT', '/api/v1/me/availability', { body: { availability: 'online' } })).statusCode,
    ).toBe(401);
  });
});

describe('time off', () => {
  it("notifies the team's manager, who approves it; the member is then on time off", async () => {
    const { team, boss, member, bossToken, memberToken } = await crew();
    const res = await call(t.app, 'POST', '/api/v1/me/time-off', {
      token: memberToken,
      body: { startsAt: inHours(-1), endsAt: inHours(24), reason: 'ไปหาหมอ' },
    });
    expect(res.statusCode).toBe(201);
    const request = res.json();
    expect(request).toMatchObject({
      user: { id: member.id, displayName: 'Somsak Tester' },
      team: { id: team.id },
      status: 'pending',
      reason: 'ไปหาหมอ',
      canDecide: false,
    });
    const [notice] = await notificationsOf(boss.id);
    expect(notice).toMatchObject({ type: 'leave_request', organizationId: org.id, readStatus: false });
    expect(notice!.content).toContain('Somsak Tester');
    expect(notice!.content).toContain('ไปหาหมอ');

    const list = (
      await call(t.app, 'GET', '/api/v1/time-off-requests?status=pending', { token: bossToken })
    ).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: request.id, canDecide: true }] });
    const mine = (await call(t.app, 'GET', '/api/v1/me/time-off', { token: memberToken })).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([request.id]);

    const approved = await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/approve`, {
      token: bossToken,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decidedBy: { id: boss.id },
      canDecide: false,
    });
    expect((await notificationsOf(member.id)).map((n) => n.type)).toEqual(['leave_approved']);
    expect(
      (await call(t.app, 'GET', '/api/v1/me/availability', { token: memberToken })).json().isOnTimeOff,
    ).toBe(true);
    const adminToken = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
    const detail = (await call(t.app, 'GET', `/api/v1/teams/${team.id}`, { token: adminToken })).json();
    expect(detail.members).toEqual([expect.objectContaining({ userId: member.id, isOnTimeOff: true })]);

    const again = await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/decline`, {
      token: bossToken,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('time_off.already_decided');
  });

  it('declines, and lets a member withdraw a pending request', async () => {
    const { member, bossToken, memberToken } = await crew();
    const body = { startsAt: inHours(24), endsAt: inHours(48) };
    const first = (await call(t.app, 'POST', '/api/v1/me/time-off', { token: memberToken, body })).json();
    const declined = await call(t.app, 'POST', `/api/v1/time-off-requests/${first.id}/decline`, {
      token: bossToken,
    });
    expect(declined.json().status).toBe('declined');
    expect((await notificationsOf(member.id)).map((n) => n.type)).toEqual(['leave_declined']);
    const second = (await call(t.app, 'POST', '/api/v1/me/time-off', { token: memberToken, body })).json();
    expect(
      (await call(t.app, 'DELETE', `/api/v1/me/time-off/${second.id}`, { token: memberToken })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, 'DELETE', `/api/v1/me/time-off/${first.id}`, { token: memberToken })).statusCode,
    ).toBe(404);
  });

  it('checks the period and needs a team', async () => {
    const { memberToken } = await crew();
    const backwards = await call(t.app, 'POST', '/api/v1/me/time-off', {
      token: memberToken,
      body: { startsAt: inHours(5), endsAt: inHours(2) },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.code).toBe('time_off.end_before_start');
    const past = await call(t.app, 'POST', '/api/v1/me/time-off', {
      token: memberToken,
      body: { startsAt: inHours(-5), endsAt: inHours(-2) },
    });
    expect(past.json().error.code).toBe('time_off.in_past');
    const missing = await call(t.app, 'POST', '/api/v1/me/time-off', {
      token: memberToken,
      body: { startsAt: inHours(1) },
    });
    expect(missing.json().error.code).toBe('validation.failed');
    const loner = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    const noTeam = await call(t.app, 'POST', '/api/v1/me/time-off', {
      token: loner,
      body: { startsAt: inHours(1), endsAt: inHours(2) },
    });
    expect(noTeam.statusCode).toBe(409);
    expect(noTeam.json().error.code).toBe('time_off.no_team');
  });

  it("shows a manager only their teams' requests; others are 404 to them; staff cannot decide", async () => {
    const a = await crew();
    const b = await crew();
    const request = (
      await call(t.app, 'POST', '/api/v1/me/time-off', {
        token: a.memberToken,
        body: { startsAt: inHours(1), endsAt: inHours(2) },
      })
    ).json();
    expect(
      (await call(t.app, 'GET', '/api/v1/time-off-requests', { token: b.bossToken })).json().items,
    ).not.toContainEqual(expect.objectContaining({ id: request.id }));
    const foreign = await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/approve`, {
      token: b.bossToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('time_off.not_found');
    expect((await call(t.app, 'GET', '/api/v1/time-off-requests', { token: a.memberToken })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/approve`, { token: a.memberToken }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/time-off-requests')).statusCode).toBe(401);
    // An admin (scope all) sees and decides everyone's, another organisation's admin nothing.
    const adminToken = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
    expect(
      (
        await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/approve`, { token: adminToken })
      ).json().status,
    ).toBe('approved');
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    expect(
      (await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/decline`, { token: otherAdmin }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a manager deciding their own request', async () => {
    const boss = await buildUser(t, org, 'Manager');
    await buildStaffedTeam(t, org, { managerUserId: boss.id, members: [{ userId: boss.id }] });
    const token = (await signIn(t, boss)).accessToken;
    const request = (
      await call(t.app, 'POST', '/api/v1/me/time-off', {
        token,
        body: { startsAt: inHours(1), endsAt: inHours(2) },
      })
    ).json();
    const res = await call(t.app, 'POST', `/api/v1/time-off-requests/${request.id}/approve`, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('time_off.own_request');
  });
});
