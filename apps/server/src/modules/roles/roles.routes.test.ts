// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { collectEvents } from '../../../test/settings';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

async function orgWithAdmin(): Promise<{ org: TestOrg; admin: string }> {
  const org = await buildOrganization(t);
  return { org, admin: (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken };
}

describe('PUT /roles/:id', () => {
  it("adjusts Staff's scopes; holders are told, and their next token carries the change", async () => {
    const { org, admin } = await orgWithAdmin();
    const staff = await buildUser(t, org, 'Staff');
    const before = await signIn(t, staff);
    expect((await call(t.app, 'GET', '/api/v1/tags', { token: before.accessToken })).statusCode).toBe(403);
    const permissions = { ...DEFAULT_ROLE_MATRIX.Staff, tag: { view: 'all' }, kanban: {} };
    const events = await collectEvents(t, org.id);
    try {
      const res = await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Staff}`, {
        token: admin,
        body: { permissions },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().permissions.tag).toEqual({ view: 'all' });
      expect(res.json().permissions.kanban).toBeUndefined();
      await vi.waitFor(
        async () =>
          expect(events.received).toContainEqual(
            expect.objectContaining({
              name: 'session.changed',
              data: { userIds: [staff.id], reason: 'role_updated' },
            }),
          ),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await events.close();
    }
    const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: before.refreshToken },
    });
    expect(
      (await call(t.app, 'GET', '/api/v1/tags', { token: refreshed.json().accessToken })).statusCode,
    ).toBe(200);
  });

  it('never changes SuperAdmin or Admin, nor grants what a screen does not have', async () => {
    const { org, admin } = await orgWithAdmin();
    for (const role of ['Admin', 'SuperAdmin'] as const) {
      const res = await call(t.app, 'PUT', `/api/v1/roles/${org.roles[role]}`, {
        token: admin,
        body: { permissions: DEFAULT_ROLE_MATRIX.Staff },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('role.not_editable');
    }
    for (const permissions of [
      { organization: { view: 'all' } },
      { tag: { view: 'myTeam' } },
      { team_performance: { update: 'all' } },
      { canned_response: { view: 'everything' } },
      { billing: { view: 'all' } },
    ]) {
      const res = await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Manager}`, {
        token: admin,
        body: { permissions },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('role.invalid_permission');
    }
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Manager}`, {
          token: admin,
          body: { permissions: 'all' },
        })
      ).json().error.code,
    ).toBe('validation.failed');
  });

  it('is for user managers of the organisation: 401, 403, 404', async () => {
    const { org } = await orgWithAdmin();
    const other = await orgWithAdmin();
    const body = { permissions: DEFAULT_ROLE_MATRIX.Staff };
    const manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
    expect((await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Staff}`, { body })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Staff}`, { token: manager, body })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/v1/roles/${org.roles.Staff}`, { token: other.admin, body })).statusCode,
    ).toBe(404);
  });
});
