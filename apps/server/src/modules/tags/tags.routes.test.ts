import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { buildChannel, buildIssues, buildStaffedTeam, collectEvents } from '../../../test/settings';
import { issueTags } from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let admin: string;
let teamId: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  teamId = (await buildTeam(t, org)).id;
});

const createTag = (body: Record<string, unknown> = {}, token = admin) =>
  call(t.app, 'POST', '/api/v1/tags', {
    token,
    body: { name: `Tag ${++seq}`, colour: '#1677FF', teamId, ...body },
  });

describe('tag settings', () => {
  it('creates, lists, edits and deletes tags', async () => {
    const res = await createTag({ name: 'ลูกค้า VIP' });
    expect(res.statusCode).toBe(201);
    const tag = res.json();
    expect(tag).toMatchObject({ name: 'ลูกค้า VIP', colour: '#1677ff', team: { id: teamId }, issueCount: 0 });
    const list = (
      await call(t.app, 'GET', `/api/v1/tags?search=${encodeURIComponent('vip')}`, { token: admin })
    ).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: tag.id }] });
    const edited = await call(t.app, 'PUT', `/api/v1/tags/${tag.id}`, {
      token: admin,
      body: { name: 'VIP', colour: '#f5222d', teamId },
    });
    expect(edited.json()).toMatchObject({ name: 'VIP', colour: '#f5222d' });
    expect((await call(t.app, 'DELETE', `/api/v1/tags/${tag.id}`, { token: admin })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/v1/tags/${tag.id}`, { token: admin })).json().error.code).toBe(
      'tag.not_found',
    );
  });

  it.each([
    ['name', { name: '' }],
    ['colour', { colour: undefined }],
    ['#rrggbb colour', { colour: 'red' }],
    ['team', { teamId: undefined }],
  ])('requires the %s', async (_field, body) => {
    const res = await createTag(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
  });

  it('refuses duplicate names (any case) and teams of another organisation', async () => {
    expect((await createTag({ name: 'Refund' })).statusCode).toBe(201);
    const dup = await createTag({ name: 'REFUND' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('tag.name_exists');
    const foreignTeam = await buildTeam(t, await buildOrganization(t));
    expect((await createTag({ teamId: foreignTeam.id })).json().error.code).toBe('team.not_found');
  });

  it('sorts and pages', async () => {
    const own = await buildOrganization(t);
    const token = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const team = await buildTeam(t, own);
    for (const name of ['beta', 'Alpha', 'gamma']) await createTag({ name, teamId: team.id }, token);
    const names = async (q: string) =>
      (await call(t.app, 'GET', `/api/v1/tags?${q}`, { token }))
        .json()
        .items.map((i: { name: string }) => i.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('order=desc&pageSize=2')).toEqual(['gamma', 'beta']);
    expect(await names('order=desc&pageSize=2&page=2')).toEqual(['Alpha']);
  });

  it('is for scope all: 401, 403 for managers and staff, 404 for another organisation', async () => {
    const tag = (await createTag()).json();
    const manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/tags')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/tags', { token: manager })).statusCode).toBe(403);
    expect((await createTag({}, manager)).statusCode).toBe(403);
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    expect((await call(t.app, 'DELETE', `/api/v1/tags/${tag.id}`, { token: otherAdmin })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/tags/${tag.id}`, {
          token: otherAdmin,
          body: { name: 'x', colour: '#000000', teamId },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('tags of an issue', () => {
  it('staff tag their own issues with any tag of the organisation; others are 404 to them', async () => {
    const staff = await buildUser(t, org, 'Staff');
    const token = (await signIn(t, staff)).accessToken;
    const team = await buildStaffedTeam(t, org, { members: [{ userId: staff.id }] });
    const channel = await buildChannel(t, org, team.id);
    const [mine] = await buildIssues(t, org, {
      teamId: team.id,
      channelId: channel.id,
      status: 'on-going',
      assigneeUserId: staff.id,
    });
    const [theirs] = await buildIssues(t, org, { teamId: team.id, channelId: channel.id });
    const [a, b] = [(await createTag({ name: 'Zeta' })).json(), (await createTag({ name: 'Order' })).json()];

    const options = (await call(t.app, 'GET', '/api/v1/tags/options', { token })).json();
    expect(options).toEqual(expect.arrayContaining([{ id: a.id, name: 'Zeta', colour: '#1677ff', teamId }]));
    const events = await collectEvents(t, org.id);
    try {
      const res = await call(t.app, 'PUT', `/api/v1/issues/${mine}/tags`, {
        token,
        body: { tagIds: [a.id, b.id, a.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((x: { name: string }) => x.name)).toEqual(['Order', 'Zeta']);
      await vi.waitFor(
        async () =>
          expect(events.received).toContainEqual(
            expect.objectContaining({ name: 'issue.updated', data: { issueId: mine, fields: ['tags'] } }),
          ),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await events.close();
    }
    expect((await call(t.app, 'GET', `/api/v1/issues/${mine}/tags`, { token })).json()).toHaveLength(2);
    expect(
      (await call(t.app, 'PUT', `/api/v1/issues/${mine}/tags`, { token, body: { tagIds: [b.id] } })).json(),
    ).toEqual([{ id: b.id, name: 'Order', colour: '#1677ff', teamId }]);
    expect(
      (await call(t.app, 'GET', `/api/v1/tags?sort=issueCount&order=desc`, { token: admin })).json().items[0]
        .id,
    ).toBe(b.id);

    const hidden = await call(t.app, 'PUT', `/api/v1/issues/${theirs}/tags`, {
      token,
      body: { tagIds: [b.id] },
    });
    expect(hidden.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/issues/${theirs}/tags`, { token })).statusCode).toBe(404);
    const otherOrg = await buildOrganization(t);
    const otherAdmin = (await signIn(t, await buildUser(t, otherOrg, 'Admin'))).accessToken;
    const otherTag = (await createTag({ teamId: (await buildTeam(t, otherOrg)).id }, otherAdmin)).json();
    const mixed = await call(t.app, 'PUT', `/api/v1/issues/${mine}/tags`, {
      token,
      body: { tagIds: [otherTag.id] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe('tag.not_found');
    expect((await call(t.app, 'GET', `/api/v1/issues/${mine}/tags`, { token: otherAdmin })).statusCode).toBe(
      404,
    );
    // Deleting a tag takes it off issues.
    await call(t.app, 'DELETE', `/api/v1/tags/${b.id}`, { token: admin });
    expect(await t.db.orm.select().from(issueTags).where(eq(issueTags.issueId, mine!))).toEqual([]);
  });

  it('a closed issue keeps its tags', async () => {
    const channel = await buildChannel(t, org, teamId);
    const [closed] = await buildIssues(t, org, { teamId, channelId: channel.id, status: 'close' });
    const tag = (await createTag()).json();
    const res = await call(t.app, 'PUT', `/api/v1/issues/${closed}/tags`, {
      token: admin,
      body: { tagIds: [tag.id] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('issue.closed');
  });
});
