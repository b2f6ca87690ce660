// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/app';
import { startChannelHarness, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { channels, organizations } from '../../db/schema';

let h: ChannelHarness;
let t: TestApp;
let org: TestOrg;
let admin: string;
let teamId: string;

/** A create body for a LINE channel that exists at the simulator (LINE confirms id, secret and token). */
const lineBody = (overrides: Record<string, unknown> = {}) => {
  const externalId = String(1_700_000_000 + Math.floor(Math.random() * 299_999_999));
  const secret = `secret-${randomBytes(12).toString('hex')}`;
  const accessToken = `access-token-${externalId}`;
  h.sim.addLineChannel({
    channelId: externalId,
    channelSecret: secret,
    accessToken,
    botUserId: `U${randomBytes(16).toString('hex')}`,
  });
  return {
    type: 'line',
    name: 'LINE OA',
    externalId,
    secret,
    accessToken,
    assignedMode: 'normal',
    assignedTeamId: teamId,
    ...overrides,
  };
};

beforeAll(async () => {
  h = await startChannelHarness();
  ({ t, org, admin, teamId } = h);
});

describe('channel settings', () => {
  it('creates a LINE channel, shows its webhook URL, and never returns secrets', async () => {
    const body = lineBody();
    const res = await call(t.app, 'POST', '/api/v1/channels', { token: admin, body });
    expect(res.statusCode).toBe(201);
    const channel = res.json();
    expect(channel).toMatchObject({
      type: 'line',
      externalId: body.externalId,
      webhookUrl: `http://sabai.test/webhooks/line/${body.externalId}`,
      hasSecret: true,
      hasAccessToken: true,
    });
    expect(res.body).not.toContain(body.secret);
    expect(res.body).not.toContain(body.accessToken);
    const [row] = await t.db.orm.select().from(channels).where(eq(channels.id, channel.id));
    expect(row!.secretEncrypted).not.toContain(body.secret);
    const list = await call(t.app, 'GET', '/api/v1/channels', { token: admin });
    expect(list.json().map((c: { id: string }) => c.id)).toContain(channel.id);
  });

  it.each([
    ['name', { name: '' }],
    ['channel id', { externalId: '' }],
    ['secret', { secret: '' }],
    ['access token', { accessToken: undefined }],
    ['assigned team', { assignedTeamId: undefined }],
    ['assigned mode', { assignedMode: 'random' }],
  ])('requires the %s', async (_field, overrides) => {
    const res = await call(t.app, 'POST', '/api/v1/channels', { token: admin, body: lineBody(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
  });

  it('refuses missing and duplicate keywords with the published message', async () => {
    const missing = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: lineBody({ assignedMode: 'keyword', keywords: [] }),
    });
    expect(missing.json().error.code).toBe('channel.keyword_required');
    const dup = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: lineBody({
        assignedMode: 'keyword',
        keywords: [
          { keyword: 'Refund', teamId },
          { keyword: 'refund', teamId },
        ],
      }),
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toMatchObject({
      code: 'channel.keyword_exists',
      message: 'Keyword is already exists.',
    });
  });

  it('requires holiday name, date and message', async () => {
    const res = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: lineBody({ holidays: [{ name: 'Songkran', date: '2027-04-13', autoResponseMessage: '' }] }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a team of another organisation', async () => {
    const other = await buildTeam(t, await buildOrganization(t));
    const res = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: lineBody({ assignedTeamId: other.id }),
    });
    expect(res.json().error.code).toBe('channel.team_not_found');
  });

  it('asks before taking a channel over from another organisation, which then stops receiving it', async () => {
    const otherOrg = await buildOrganization(t);
    const otherAdmin = (await signIn(t, await buildUser(t, otherOrg, 'Admin'))).accessToken;
    const otherTeam = await buildTeam(t, otherOrg);
    const body = lineBody();
    const first = await call(t.app, 'POST', '/api/v1/channels', {
      token: otherAdmin,
      body: { ...body, assignedTeamId: otherTeam.id },
    });
    expect(first.statusCode).toBe(201);
    const refused = await call(t.app, 'POST', '/api/v1/channels', { token: admin, body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('channel.used_by_other_organization');
    const taken = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: { ...body, takeOver: true },
    });
    expect(taken.statusCode).toBe(201);
    const [old] = await t.db.orm.select().from(channels).where(eq(channels.id, first.json().id));
    expect(old!.isActive).toBe(false);
  });

  it('refuses a new channel beyond the plan with the published message', async () => {
    const small = await buildOrganization(t);
    await t.db.orm.update(organizations).set({ planMaxChannels: 1 }).where(eq(organizations.id, small.id));
    const token = (await signIn(t, await buildUser(t, small, 'Admin'))).accessToken;
    const team = await buildTeam(t, small);
    expect(
      (await call(t.app, 'POST', '/api/v1/channels', { token, body: lineBody({ assignedTeamId: team.id }) }))
        .statusCode,
    ).toBe(201);
    const res = await call(t.app, 'POST', '/api/v1/channels', {
      token,
      body: lineBody({ assignedTeamId: team.id }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'channel.plan_limit',
      message: "Can't add channel, Please contact sale",
    });
  });

  it('keeps secrets on edit unless new ones are given, and refuses removing a holiday that has started', async () => {
    const created = (
      await call(t.app, 'POST', '/api/v1/channels', {
        token: admin,
        body: lineBody({
          holidays: [
            { name: 'Old', date: '2020-01-01', autoResponseMessage: 'Closed' },
            { name: 'New Year', date: '2099-01-01', autoResponseMessage: 'Closed' },
          ],
        }),
      })
    ).json();
    const [past, future] = created.holidays;
    expect(past.canRemove).toBe(false);
    expect(future.canRemove).toBe(true);
    const base = { name: 'Renamed', assignedMode: 'normal', assignedTeamId: teamId };
    const removeFuture = await call(t.app, 'PUT', `/api/v1/channels/${created.id}`, {
      token: admin,
      body: { ...base, holidays: [past] },
    });
    expect(removeFuture.statusCode).toBe(200);
    expect(removeFuture.json()).toMatchObject({ name: 'Renamed', hasSecret: true });
    const removePast = await call(t.app, 'PUT', `/api/v1/channels/${created.id}`, {
      token: admin,
      body: { ...base, holidays: [] },
    });
    expect(removePast.statusCode).toBe(409);
    expect(removePast.json().error).toMatchObject({
      code: 'channel.holiday_cannot_remove',
      message: 'This holiday cannot remove.',
    });
  });

  it('refuses moving a started holiday, so it cannot be re-dated and then removed', async () => {
    const created = (
      await call(t.app, 'POST', '/api/v1/channels', {
        token: admin,
        body: lineBody({ holidays: [{ name: 'Old', date: '2020-01-01', autoResponseMessage: 'Closed' }] }),
      })
    ).json();
    const [past] = created.holidays;
    const base = { name: 'Renamed', assignedMode: 'normal', assignedTeamId: teamId };
    const redate = await call(t.app, 'PUT', `/api/v1/channels/${created.id}`, {
      token: admin,
      body: { ...base, holidays: [{ ...past, date: '2099-06-01' }] },
    });
    expect(redate.statusCode).toBe(409);
    expect(redate.json().error).toMatchObject({ code: 'channel.holiday_cannot_remove' });
    const remove = await call(t.app, 'PUT', `/api/v1/channels/${created.id}`, {
      token: admin,
      body: { ...base, holidays: [] },
    });
    expect(remove.statusCode).toBe(409);
    const stored = (await call(t.app, 'GET', `/api/v1/channels/${created.id}`, { token: admin })).json();
    expect(stored.holidays).toMatchObject([{ id: past.id, date: '2020-01-01', canRemove: false }]);
  });

  it('deletes a channel from settings but keeps it in the database', async () => {
    const created = (
      await call(t.app, 'POST', '/api/v1/channels', { token: admin, body: lineBody() })
    ).json();
    expect((await call(t.app, 'DELETE', `/api/v1/channels/${created.id}`, { token: admin })).statusCode).toBe(
      204,
    );
    expect((await call(t.app, 'GET', `/api/v1/channels/${created.id}`, { token: admin })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.orm.select().from(channels).where(eq(channels.id, created.id));
    expect(row).toMatchObject({ isActive: false });
  });

  it('is for scope all only, and 404 for another organisation', async () => {
    const manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/channels', { token: manager })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/channels')).statusCode).toBe(401);
    const otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
    const created = (
      await call(t.app, 'POST', '/api/v1/channels', { token: admin, body: lineBody() })
    ).json();
    expect(
      (await call(t.app, 'GET', `/api/v1/channels/${created.id}`, { token: otherAdmin })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/channels/${created.id}`, {
          token: otherAdmin,
          body: { name: 'x', assignedMode: 'normal', assignedTeamId: teamId },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('Facebook Login callback', () => {
  const callback = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/channels/meta/callback?${query}` });
  const dialogRedirect = async () => {
    const { url } = (await call(t.app, 'GET', '/api/v1/channels/meta/login-url', { token: admin })).json<{
      url: string;
    }>();
    const dialog = await fetch(url, { redirect: 'manual' });
    return new URL(dialog.headers.get('location') ?? '');
  };

  it('returns to channel settings when the admin cancels the login', async () => {
    h.sim.meta.cancelNextLogin();
    const back = await dialogRedirect();
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back.searchParams.toString());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/setting/channel?facebookLogin=cancelled');
  });

  it('returns to channel settings when Facebook answers something unexpected', async () => {
    h.sim.meta.failNext(1, { status: 500 }, { pathIncludes: '/oauth/access_token' });
    const back = await dialogRedirect();
    const failed = await callback(back.searchParams.toString());
    expect(failed.statusCode).toBe(302);
    expect(failed.headers.location).toBe('/setting/channel?facebookLogin=failed');
    // Another error, a forged state, a missing code or repeated parameters: the same way back, never a JSON page.
    for (const query of [
      'error=server_error',
      'code=abc&state=forged',
      `state=${back.searchParams.get('state')}`,
      'code=a&code=b&state=x',
      '',
    ]) {
      const res = await callback(query);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/setting/channel?facebookLogin=failed');
    }
    // A good login still lands on its connection.
    const ok = await callback((await dialogRedirect()).searchParams.toString());
    expect(ok.headers.location).toMatch(/^\/setting\/channel\?connection=[0-9a-f-]{36}$/);
  });
});
