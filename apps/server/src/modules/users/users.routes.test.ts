import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestApp, XSRF, type TestApp } from '../../../test/app';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { SIGNED_FILE_PATH } from '../../../test/files';
import { buildStaffedTeam, collectEvents } from '../../../test/settings';
import { memberships, organizations, passwordTokens, teamMembers, teams, users } from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let admin: string;
let adminId: string;
let seq = 0;

const email = () => `invitee-${Date.now()}-${++seq}@test.local`;
const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];
const tokenIn = (text: string) => new URL(linkIn(text)).searchParams.get('token')!;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  const user = await buildUser(t, org, 'Admin');
  adminId = user.id;
  admin = (await signIn(t, user)).accessToken;
});

const invite = (body: Record<string, unknown>, token = admin) =>
  call(t.app, 'POST', '/api/v1/users', { token, body: { roleId: org.roles.Staff, ...body } });

describe('inviting users', () => {
  it('invites by email: mail with a set-password link, password set, then sign-in', async () => {
    const team = await buildTeam(t, org);
    const address = email();
    const res = await invite({ email: address, teamIds: [team.id], firstName: 'Nok', lang: 'th' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: address,
      firstName: 'Nok',
      role: { id: org.roles.Staff, name: 'Staff' },
      teams: [{ id: team.id, name: team.name }],
      status: 'invited',
      availability: 'offline',
      canUpdate: true,
      canDelete: true,
    });
    const [member] = await t.db.orm.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
    expect(member).toMatchObject({
      workStart: '09:00:00',
      workStop: '18:00:00',
      workingDays: [1, 2, 3, 4, 5],
    });

    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(address);
    expect(linkIn(mail.text)).toMatch(
      /^http:\/\/sabai\.test\/login\/set-new-password\?token=[\w-]{43}&lang=th$/,
    );
    const [stored] = await t.db.orm.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(stored!.purpose).toBe('invite');
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    // Not signed in yet: there is no password.
    expect(
      (
        await call(t.app, 'POST', '/api/v1/auth/login', {
          body: { email: address, password: 'Whatever2026' },
        })
      ).statusCode,
    ).toBe(401);
    const set = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token: tokenIn(mail.text), password: 'Welcome2026sabai' },
    });
    expect(set.statusCode).toBe(204);
    await signIn(t, { email: address, password: 'Welcome2026sabai' });
    const again = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token: tokenIn(mail.text), password: 'Another2026sabai' },
    });
    expect(again.json().error.code).toBe('auth.reset_token_invalid');
    expect((await call(t.app, 'GET', `/api/v1/users/${user.id}`, { token: admin })).json().status).toBe(
      'active',
    );
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['invalid', 'not-an-email'],
  ])('requires a valid email (%s)', async (_case, address) => {
    const res = await invite({ email: address });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation.failed', details: [{ path: '/email' }] });
  });

  it('refuses a taken email (any case), a role or team of another organisation, and SuperAdmin from an Admin', async () => {
    const existing = await buildUser(t, await buildOrganization(t), 'Staff');
    const taken = await invite({ email: existing.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('user.email_taken');
    const other = await buildOrganization(t);
    expect((await invite({ email: email(), roleId: other.roles.Staff })).json().error.code).toBe(
      'user.role_not_found',
    );
    const foreignTeam = await buildTeam(t, other);
    expect((await invite({ email: email(), teamIds: [foreignTeam.id] })).json().error.code).toBe(
      'team.not_found',
    );
    const superAdmin = await invite({ email: email(), roleId: org.roles.SuperAdmin });
    expect(superAdmin.statusCode).toBe(403);
    expect(superAdmin.json().error.code).toBe('user.role_not_allowed');
  });

  it('refuses users beyond the plan with its published message', async () => {
    const small = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, small, 'Admin'))).accessToken;
    await t.db.orm.update(organizations).set({ planMaxUsers: 2 }).where(eq(organizations.id, small.id));
    const body = (address: string) => ({ email: address, roleId: small.roles.Staff });
    expect((await call(t.app, 'POST', '/api/v1/users', { token, body: body(email()) })).statusCode).toBe(201);
    const refused = await call(t.app, 'POST', '/api/v1/users', { token, body: body(email()) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'user.plan_limit',
      message: "Can't add user, Please contact sale",
    });
  });

  it('answers generate-link failed when the mail cannot be sent, leaving nothing behind', async () => {
    const address = email();
    const mailer = t.deps.mailer;
    t.deps.mailer = {
      send: async () => Promise.reject(new Error('SMTP down')),
      available: async () => false,
    };
    try {
      const res = await invite({ email: address });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('user.generate_link_failed');
    } finally {
      t.deps.mailer = mailer;
    }
    expect(await t.db.orm.select().from(users).where(eq(users.email, address))).toEqual([]);
    expect((await invite({ email: address })).statusCode).toBe(201);
  });

  it('resends an invitation: only the newest link works; not for users who set a password', async () => {
    const address = email();
    const user = (await invite({ email: address })).json();
    const first = tokenIn(t.mails.at(-1)!.text);
    const res = await call(t.app, 'POST', `/api/v1/users/${user.id}/resend-invitation`, {
      token: admin,
      body: { lang: 'en' },
    });
    expect(res.statusCode).toBe(204);
    const second = tokenIn(t.mails.at(-1)!.text);
    expect(second).not.toBe(first);
    const old = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token: first, password: 'Welcome2026sabai' },
    });
    expect(old.json().error.code).toBe('auth.reset_token_invalid');
    expect(
      (
        await call(t.app, 'POST', '/api/v1/auth/reset-password', {
          body: { token: second, password: 'Welcome2026sabai' },
        })
      ).statusCode,
    ).toBe(204);
    const done = await call(t.app, 'POST', `/api/v1/users/${user.id}/resend-invitation`, { token: admin });
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('user.not_invited');
  });
});

describe('roles above the caller', () => {
  it('a manager given user rights manages staff, never an Admin', async () => {
    const own = await buildOrganization(t);
    const ownAdmin = await buildUser(t, own, 'Admin');
    const adminToken = (await signIn(t, ownAdmin)).accessToken;
    const granted = await call(t.app, 'PUT', `/api/v1/roles/${own.roles.Manager}`, {
      token: adminToken,
      body: { permissions: { user: { view: 'all', create: 'all', update: 'all', delete: 'all' } } },
    });
    expect(granted.statusCode).toBe(200);
    const token = (await signIn(t, await buildUser(t, own, 'Manager'))).accessToken;
    const body = (roleId: string) => ({ email: email(), roleId });
    expect(
      (await call(t.app, 'POST', '/api/v1/users', { token, body: body(own.roles.Staff) })).statusCode,
    ).toBe(201);
    const promote = await call(t.app, 'POST', '/api/v1/users', { token, body: body(own.roles.Admin) });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.code).toBe('user.role_not_allowed');
    const list = (await call(t.app, 'GET', '/api/v1/users?pageSize=100', { token })).json();
    expect(list.items.find((u: { id: string }) => u.id === ownAdmin.id)).toMatchObject({
      canUpdate: false,
      canDelete: false,
    });
    expect((await call(t.app, 'DELETE', `/api/v1/users/${ownAdmin.id}`, { token })).json().error.code).toBe(
      'user.role_not_allowed',
    );
  });
});

describe('the user list', () => {
  it('searches, filters, sorts and pages the organisation users only', async () => {
    const own = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, own, 'Admin', { firstName: 'Anong' }))).accessToken;
    await buildUser(t, own, 'Staff', { firstName: 'สมศักดิ์' });
    await buildUser(t, own, 'Manager', { firstName: 'Malee' });
    await buildUser(t, org, 'Staff', { firstName: 'Stranger' });
    const list = async (query: string) =>
      (await call(t.app, 'GET', `/api/v1/users?${query}`, { token })).json();
    expect((await list('')).total).toBe(3);
    expect((await list('sort=name')).items.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Anong',
      'Malee',
      'สมศักดิ์',
    ]);
    expect((await list('sort=name&order=desc&pageSize=1&page=2')).items[0].firstName).toBe('Malee');
    expect((await list('search=สมศัก')).items).toHaveLength(1);
    // Matches on a later column stay inside the organisation too (every test user is a 'Tester').
    expect((await list('search=Stranger')).total).toBe(0);
    expect((await list('search=tester')).total).toBe(3);
    expect(
      (await list(`roleId=${own.roles.Manager}`)).items.map((u: { firstName: string }) => u.firstName),
    ).toEqual(['Malee']);
    expect((await list('status=invited')).total).toBe(0);
    expect((await call(t.app, 'GET', '/api/v1/users?sort=password', { token })).statusCode).toBe(400);
  });

  it('is for user managers (scope all): 401, 403, and 404 for another organisation', async () => {
    const manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/users')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/users', { token: manager })).statusCode).toBe(403);
    expect((await invite({ email: email() }, manager)).statusCode).toBe(403);
    const stranger = await buildUser(t, await buildOrganization(t), 'Staff');
    for (const [method, url, body] of [
      ['GET', `/api/v1/users/${stranger.id}`, undefined],
      [
        'PUT',
        `/api/v1/users/${stranger.id}`,
        { firstName: 'a', lastName: 'b', username: 'c', roleId: org.roles.Staff, teamIds: [] },
      ],
      ['POST', `/api/v1/users/${stranger.id}/deactivate`, undefined],
      ['POST', `/api/v1/users/${stranger.id}/resend-invitation`, undefined],
      ['DELETE', `/api/v1/users/${stranger.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: admin, body });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'user.not_found', message: 'User not found.' });
    }
  });
});

describe('editing users', () => {
  const edit = (id: string, body: Record<string, unknown>) =>
    call(t.app, 'PUT', `/api/v1/users/${id}`, {
      token: admin,
      body: {
        firstName: 'Somsak',
        lastName: 'Jaidee',
        username: `somsak${++seq}`,
        roleId: org.roles.Staff,
        teamIds: [],
        ...body,
      },
    });

  it('edits names, username, role and teams, and tells the user their session changed', async () => {
    const user = await buildUser(t, org, 'Staff');
    const team = await buildTeam(t, org);
    const events = await collectEvents(t, org.id);
    try {
      const res = await edit(user.id, {
        username: 'somsak.j',
        roleId: org.roles.Manager,
        teamIds: [team.id],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Somsak',
        lastName: 'Jaidee',
        displayName: 'Somsak Jaidee',
        username: 'somsak.j',
        role: { name: 'Manager' },
        teams: [{ id: team.id }],
      });
      await vi.waitFor(
        async () =>
          expect(events.received).toContainEqual(
            expect.objectContaining({
              name: 'session.changed',
              data: { userIds: [user.id], reason: 'role_changed' },
            }),
          ),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await events.close();
    }
    // The new role is in the next token.
    const me = await call(t.app, 'GET', '/api/v1/me', { token: (await signIn(t, user)).accessToken });
    expect(me.json().roleName).toBe('Manager');
    const taken = await edit(user.id, {
      username: 'SOMSAK.J',
      roleId: org.roles.Manager,
      teamIds: [team.id],
    });
    expect(taken.statusCode).toBe(200);
    const other = await buildUser(t, org, 'Staff');
    const clash = await edit(other.id, { username: 'somsak.j' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('user.username_taken');
  });

  it('warns that a user still in another team must leave it before a role update', async () => {
    const user = await buildUser(t, org, 'Staff');
    const kept = await buildStaffedTeam(t, org, { members: [{ userId: user.id }] });
    const other = await buildStaffedTeam(t, org, { name: `Night ${++seq}`, members: [{ userId: user.id }] });
    const refused = await edit(user.id, { roleId: org.roles.Manager, teamIds: [kept.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'user.in_other_team',
      details: { teams: [{ id: other.id, name: other.name }] },
    });
    // First out of the other team (role unchanged), then the role.
    expect((await edit(user.id, { teamIds: [kept.id] })).json().teams).toEqual([
      { id: kept.id, name: kept.name },
    ]);
    expect((await edit(user.id, { roleId: org.roles.Manager, teamIds: [kept.id] })).json().role.name).toBe(
      'Manager',
    );
  });

  it('refuses changing your own role, and requires every field', async () => {
    const own = await edit(adminId, { roleId: org.roles.Staff });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('user.cannot_change_own_role');
    const user = await buildUser(t, org, 'Staff');
    for (const field of ['firstName', 'lastName', 'username', 'roleId', 'teamIds']) {
      const res = await edit(user.id, { [field]: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
  });

  it('replaces the image (images up to 5 MB)', async () => {
    const user = await buildUser(t, org, 'Staff');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (type: string, data: Buffer) => {
      const boundary = '----sabai';
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${user.id}/image`,
        headers: {
          authorization: `Bearer ${admin}`,
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const res = await upload('image/png', png);
    expect(res.statusCode).toBe(200);
    expect(res.json().profilePath).toMatch(SIGNED_FILE_PATH);
    expect((await upload('application/pdf', Buffer.from('%PDF'))).json().error.code).toBe(
      'file.type_not_allowed',
    );
    const big = await upload('image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('file.too_large');
  });
});

describe('deactivating and deleting users', () => {
  it('deactivates: sessions end and sign-in is refused; activates again', async () => {
    const user = await buildUser(t, org, 'Staff');
    const session = await signIn(t, user);
    const res = await call(t.app, 'POST', `/api/v1/users/${user.id}/deactivate`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('inactive');
    const refresh = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/api/v1/auth/login', {
          body: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', `/api/v1/users/${user.id}/activate`, { token: admin })).json().status,
    ).toBe('active');
    await signIn(t, user);
    const self = await call(t.app, 'POST', `/api/v1/users/${adminId}/deactivate`, { token: admin });
    expect(self.json().error.code).toBe('user.cannot_deactivate_self');
  });

  it('removes a user from the organisation; the account is a tombstone unless it belongs elsewhere', async () => {
    const user = await buildUser(t, org, 'Staff');
    const team = await buildStaffedTeam(t, org, { managerUserId: user.id, members: [{ userId: user.id }] });
    expect((await call(t.app, 'DELETE', `/api/v1/users/${user.id}`, { token: admin })).statusCode).toBe(204);
    // Kept as a tombstone: what points to the account keeps its name.
    const [tomb] = await t.db.orm.select().from(users).where(eq(users.id, user.id));
    expect(tomb!.deletedAt).not.toBeNull();
    const [after] = await t.db.orm.select().from(teams).where(eq(teams.id, team.id));
    expect(after!.managerUserId).toBeNull();

    const shared = await buildUser(t, org, 'Staff');
    const elsewhere = await buildOrganization(t);
    await t.db.orm
      .insert(memberships)
      .values({ userId: shared.id, organizationId: elsewhere.id, roleId: elsewhere.roles.Staff });
    const deactivate = await call(t.app, 'POST', `/api/v1/users/${shared.id}/deactivate`, { token: admin });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().error.code).toBe('user.member_elsewhere');
    expect((await call(t.app, 'DELETE', `/api/v1/users/${shared.id}`, { token: admin })).statusCode).toBe(
      204,
    );
    expect(await t.db.orm.select({ id: users.id }).from(users).where(eq(users.id, shared.id))).toHaveLength(
      1,
    );
    const left = await t.db.orm
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shared.id), eq(memberships.organizationId, org.id)));
    expect(left).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `/api/v1/users/${adminId}`, { token: admin })).json().error.code,
    ).toBe('user.cannot_delete_self');
  });
});
