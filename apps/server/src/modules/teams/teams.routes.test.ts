import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg, type TestUser } from '../../../test/factories';
import { buildChannel, buildStaffedTeam, OFFICE_SHIFT } from '../../../test/settings';
import { teamMembers } from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let admin: string;
let manager: TestUser;
let staff: TestUser;
let seq = 0;

const shift = {
  workStart: '09:00',
  workStop: '18:00',
  breakStart: '12:00',
  breakStop: '13:00',
  workingDays: [1, 2, 3, 4, 5],
};
const teamBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Care ${++seq}`,
  managerUserId: manager.id,
  autoReplyMessage: 'Thank you, we reply soon',
  managerWorkingType: 'working_hours',
  members: [{ userId: staff.id, ...shift }],
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  manager = await buildUser(t, org, 'Manager', { firstName: 'Malee' });
  staff = await buildUser(t, org, 'Staff', { firstName: 'Somsak' });
});

describe('team settings', () => {
  it('creates a team with members and shifts, and shows it in the list and detail', async () => {
    const res = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({
        name: 'ทีมดูแลลูกค้า',
        members: [
          { userId: staff.id, ...shift },
          { userId: manager.id, ...shift, workingDays: [6, 7] },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      name: 'ทีมดูแลลูกค้า',
      managerUserId: manager.id,
      manager: { id: manager.id, displayName: 'Malee Tester' },
      memberCount: 2,
      managerWorkingType: 'working_hours',
      assignmentMode: 'manual',
      canUpdate: true,
      canDelete: true,
    });
    expect(team.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: staff.id, ...shift, availability: 'offline', isOnTimeOff: false }),
        expect.objectContaining({ userId: manager.id, workingDays: [6, 7] }),
      ]),
    );
    const detail = await call(t.app, 'GET', `/api/v1/teams/${team.id}`, { token: admin });
    expect(detail.json()).toEqual(team);
    const list = await call(t.app, 'GET', '/api/v1/teams?search=ดูแล', { token: admin });
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 20, items: [{ id: team.id }] });
    const options = await call(t.app, 'GET', '/api/v1/teams/options', { token: admin });
    expect(options.json()).toContainEqual({ id: team.id, name: 'ทีมดูแลลูกค้า', managerUserId: manager.id });
  });

  it.each([
    ['name', { name: '' }],
    ['manager', { managerUserId: undefined }],
    ['auto-reply', { autoReplyMessage: ' ' }],
    ['manager working type', { managerWorkingType: 'sometimes' }],
  ])('requires the %s', async (_field, overrides) => {
    const res = await call(t.app, 'POST', '/api/v1/teams', { token: admin, body: teamBody(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
  });

  it.each(['userId', 'workStart', 'workStop', 'breakStart', 'breakStop', 'workingDays'])(
    "requires each member's %s",
    async (field) => {
      const member: Record<string, unknown> = { userId: staff.id, ...shift, [field]: undefined };
      const res = await call(t.app, 'POST', '/api/v1/teams', {
        token: admin,
        body: teamBody({ members: [member] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation.failed',
        details: [{ path: `/members/0/${field}` }],
      });
    },
  );

  it('refuses times that are not HH:mm and days that are not weekdays', async () => {
    for (const member of [
      { userId: staff.id, ...shift, breakStop: '25:00' },
      { userId: staff.id, ...shift, workStart: '9:00' },
      { userId: staff.id, ...shift, workingDays: [] },
      { userId: staff.id, ...shift, workingDays: [0, 8] },
    ]) {
      const res = await call(t.app, 'POST', '/api/v1/teams', {
        token: admin,
        body: teamBody({ members: [member] }),
      });
      expect(res.json().error.code).toBe('validation.failed');
    }
  });

  it('needs at least one member', async () => {
    const res = await call(t.app, 'POST', '/api/v1/teams', { token: admin, body: teamBody({ members: [] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('team.member_required');
  });

  it.each([
    ['work start after stop', { workStart: '18:00', workStop: '09:00' }, 'workStart'],
    [
      'work start equal to stop',
      { workStart: '09:00', workStop: '09:00', breakStart: '09:00', breakStop: '09:00' },
      'workStart',
    ],
    ['break start after stop', { breakStart: '13:00', breakStop: '12:00' }, 'breakStart'],
    ['break outside the shift', { breakStart: '19:00', breakStop: '20:00' }, 'breakStart'],
  ])('refuses %s with its published message', async (_case, times, field) => {
    const res = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({ members: [{ userId: staff.id, ...shift, ...times }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'team.work_start_after_stop',
      message: 'The working start time must begin before the stop time.',
    });
    expect(res.json().error.details.problems).toContainEqual({ index: 0, userId: staff.id, field });
  });

  it('refuses a duplicate name (any case), a member listed twice, and users of another organisation', async () => {
    const first = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({ name: 'Sales' }),
    });
    expect(first.statusCode).toBe(201);
    const dup = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({ name: 'sales' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('team.name_exists');
    const twice = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({
        members: [
          { userId: staff.id, ...shift },
          { userId: staff.id, ...shift },
        ],
      }),
    });
    expect(twice.json().error.code).toBe('team.duplicate_member');
    const stranger = await buildUser(t, await buildOrganization(t), 'Staff');
    const foreign = await call(t.app, 'POST', '/api/v1/teams', {
      token: admin,
      body: teamBody({ members: [{ userId: stranger.id, ...shift }] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'team.user_not_found',
      details: { userIds: [stranger.id] },
    });
  });

  it('edits a team: members replaced, shifts updated', async () => {
    const created = (await call(t.app, 'POST', '/api/v1/teams', { token: admin, body: teamBody() })).json();
    const res = await call(t.app, 'PUT', `/api/v1/teams/${created.id}`, {
      token: admin,
      body: teamBody({
        name: 'Renamed',
        managerWorkingType: 'always',
        members: [{ userId: manager.id, ...shift, workStart: '08:00' }],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', managerWorkingType: 'always', memberCount: 1 });
    expect(res.json().members).toEqual([expect.objectContaining({ userId: manager.id, workStart: '08:00' })]);
    // Keeping its own name is not a duplicate.
    const same = await call(t.app, 'PUT', `/api/v1/teams/${created.id}`, {
      token: admin,
      body: teamBody({ name: 'RENAMED' }),
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses to delete a team with members (with its published message), then deletes it once empty', async () => {
    const created = (await call(t.app, 'POST', '/api/v1/teams', { token: admin, body: teamBody() })).json();
    const refused = await call(t.app, 'DELETE', `/api/v1/teams/${created.id}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'team.has_members',
      message: 'Before removing this team, please remove members.',
    });
    const removed = await call(t.app, 'DELETE', `/api/v1/teams/${created.id}/members/${staff.id}`, {
      token: admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (
        await call(t.app, 'DELETE', `/api/v1/teams/${created.id}/members/${staff.id}`, { token: admin })
      ).json().error.code,
    ).toBe('team.member_not_found');
    expect((await call(t.app, 'DELETE', `/api/v1/teams/${created.id}`, { token: admin })).statusCode).toBe(
      204,
    );
    expect((await call(t.app, 'GET', `/api/v1/teams/${created.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses to delete a team a channel routes to', async () => {
    const team = await buildStaffedTeam(t, org);
    await buildChannel(t, org, team.id);
    const res = await call(t.app, 'DELETE', `/api/v1/teams/${team.id}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('team.used_by_channel');
  });

  it('searches, sorts and pages the list', async () => {
    const own = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const member = await buildUser(t, own, 'Staff');
    for (const [name, n] of [
      ['Alpha', 1],
      ['bravo', 3],
      ['Charlie', 2],
    ] as const) {
      const extra = await Promise.all(Array.from({ length: n - 1 }, () => buildUser(t, own, 'Staff')));
      await buildStaffedTeam(t, own, {
        name,
        members: [member, ...extra].map((u) => ({ userId: u.id, shift: OFFICE_SHIFT })),
      });
    }
    const names = async (query: string) =>
      (await call(t.app, 'GET', `/api/v1/teams?${query}`, { token }))
        .json()
        .items.map((i: { name: string }) => i.name);
    expect(await names('')).toEqual(['Alpha', 'bravo', 'Charlie']);
    expect(await names('sort=name&order=desc')).toEqual(['Charlie', 'bravo', 'Alpha']);
    expect(await names('sort=memberCount&order=desc')).toEqual(['bravo', 'Charlie', 'Alpha']);
    expect(await names('search=ALP')).toEqual(['Alpha']);
    expect(await names('search=%25')).toEqual([]);
    const page2 = (await call(t.app, 'GET', '/api/v1/teams?pageSize=2&page=2', { token })).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ name: 'Charlie' }] });
    expect((await call(t.app, 'GET', '/api/v1/teams?sort=manager', { token })).statusCode).toBe(400);
  });

  it('lets a manager (myTeam) see and edit only their teams, never create or delete', async () => {
    const own = await buildOrganization(t);
    const adminToken = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const boss = await buildUser(t, own, 'Manager');
    const worker = await buildUser(t, own, 'Staff');
    const token = (await signIn(t, boss)).accessToken;
    const mine = await buildStaffedTeam(t, own, { managerUserId: boss.id, members: [{ userId: worker.id }] });
    const memberOf = await buildStaffedTeam(t, own, { members: [{ userId: boss.id }] });
    const other = await buildStaffedTeam(t, own, { members: [{ userId: worker.id }] });

    const list = (await call(t.app, 'GET', '/api/v1/teams', { token })).json();
    expect(list.items.map((i: { id: string }) => i.id).sort()).toEqual([mine.id, memberOf.id].sort());
    expect(list.items[0]).toMatchObject({ canUpdate: true, canDelete: false });
    expect((await call(t.app, 'GET', '/api/v1/teams/options', { token })).json()).toHaveLength(2);
    expect((await call(t.app, 'GET', `/api/v1/teams/${other.id}`, { token })).statusCode).toBe(404);
    const body = { ...teamBody({ managerUserId: boss.id }), members: [{ userId: worker.id, ...shift }] };
    expect((await call(t.app, 'PUT', `/api/v1/teams/${mine.id}`, { token, body })).statusCode).toBe(200);
    const foreignEdit = await call(t.app, 'PUT', `/api/v1/teams/${other.id}`, { token, body });
    expect(foreignEdit.statusCode).toBe(404);
    expect(foreignEdit.json().error.code).toBe('team.not_found');
    expect((await call(t.app, 'POST', '/api/v1/teams', { token, body })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/v1/teams/${mine.id}`, { token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/teams/member-options', { token })).statusCode).toBe(200);
    // The admin sees all three.
    expect((await call(t.app, 'GET', '/api/v1/teams', { token: adminToken })).json().total).toBe(3);
  });

  it('is closed to staff (403), to strangers (401), and to other organisations (404)', async () => {
    const team = await buildStaffedTeam(t, org, { members: [{ userId: staff.id }] });
    const staffToken = (await signIn(t, staff)).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/teams', { token: staffToken })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/v1/teams/${team.id}`, { token: staffToken })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', '/api/v1/teams', { token: staffToken, body: teamBody() })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/teams')).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `/api/v1/teams/${team.id}`)).statusCode).toBe(401);
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    for (const [method, url] of [
      ['GET', `/api/v1/teams/${team.id}`],
      ['DELETE', `/api/v1/teams/${team.id}`],
      ['DELETE', `/api/v1/teams/${team.id}/members/${staff.id}`],
    ] as const) {
      expect((await call(t.app, method, url, { token: otherAdmin })).statusCode).toBe(404);
    }
    expect(
      (await call(t.app, 'PUT', `/api/v1/teams/${team.id}`, { token: otherAdmin, body: teamBody() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/v1/teams', { token: otherAdmin })).json().items,
    ).not.toContainEqual(expect.objectContaining({ id: team.id }));
    const rows = await t.db.orm.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(rows).toHaveLength(1);
  });
});
