// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// A token's permissions are enforced exactly like a role's: every readable route of the map answers a
// token as it answers a session of the role whose matrix the token holds, and a token never reaches
// another organisation's records.
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type CreatedApiToken, type RouteDef } from '@sabai/contracts';
import { DEFAULT_ROLE_MATRIX, isAllowed, toRoleEntries, type PermissionMatrix } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildTeam, buildUser, signIn, type TestOrg } from '../../../test/factories';
import { buildChannel, buildIssues } from '../../../test/settings';

const NOWHERE = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let org: TestOrg;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '100000' });
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
});

async function tokenWith(permissions: PermissionMatrix, session = admin) {
  const res = await call(t.app, 'POST', '/api/v1/api-tokens', {
    token: session,
    body: { name: 'Scoped', permissions, expiresAt: null },
  });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiToken>().secret;
}

// The permission guard answers before the parameters are read, so any id tells a refusal apart.
const urlOf = (r: RouteDef) => `/api/v1${r.path.replace(/:\w+/g, NOWHERE)}`;

/** The readable routes a token may be given: declared with a permission, not for a person only. */
const READS = allRoutes.filter((r) => r.method === 'GET' && 'resource' in r.access && !r.personOnly);

const isRefusedByRole = (res: { statusCode: number; json(): { error?: { code?: string } } }) =>
  res.statusCode === 403 && res.json().error?.code === 'auth.forbidden';

describe('a token holding a role matrix', () => {
  it.each(['Staff', 'Manager'] as const)(
    'is allowed and refused the same reads as a %s session',
    async (roleName) => {
      const matrix = DEFAULT_ROLE_MATRIX[roleName];
      const token = await tokenWith(matrix);
      const session = (await signIn(t, await buildUser(t, org, roleName))).accessToken;
      const entries = toRoleEntries(matrix);
      expect(READS.length).toBeGreaterThan(40);
      const differences: string[] = [];
      for (const r of READS) {
        if (!('resource' in r.access)) continue;
        const expected = !isAllowed(entries, r.access.resource, r.access.action, r.access.scopes);
        const byToken = isRefusedByRole(await call(t.app, 'GET', urlOf(r), { token, xsrf: false }));
        const bySession = isRefusedByRole(await call(t.app, 'GET', urlOf(r), { token: session }));
        if (byToken !== expected || bySession !== expected) {
          differences.push(`${r.path}: expected ${expected}, token ${byToken}, session ${bySession}`);
        }
      }
      expect(differences).toEqual([]);
    },
  );

  it('is refused writes outside its grants and allowed those inside', async () => {
    const team = await buildTeam(t, org);
    const tagsOnly = await tokenWith({ tag: { view: 'all' } });
    const body = { name: `Tag ${Date.now()}`, colour: '#1677ff', teamId: team.id };
    const refused = await call(t.app, 'POST', '/api/v1/tags', { token: tagsOnly, body, xsrf: false });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'auth.forbidden']);
    const writer = await tokenWith({ tag: { view: 'all', create: 'all' } });
    expect((await call(t.app, 'POST', '/api/v1/tags', { token: writer, body, xsrf: false })).statusCode).toBe(
      201,
    );
  });
});

describe('organisation isolation', () => {
  let mine: number;
  let theirs: number;
  let token: string;

  beforeAll(async () => {
    const other = await buildOrganization(t);
    const team = await buildTeam(t, org);
    mine = (
      await buildIssues(t, org, { teamId: team.id, channelId: (await buildChannel(t, org, team.id)).id })
    )[0]!;
    const otherTeam = await buildTeam(t, other);
    const otherChannel = await buildChannel(t, other, otherTeam.id);
    theirs = (await buildIssues(t, other, { teamId: otherTeam.id, channelId: otherChannel.id }))[0]!;
    token = await tokenWith({ issue: { view: 'all', update: 'all' }, contact: { view: 'all' } });
  });

  it('lists and opens only its own organisation issues', async () => {
    const list = await call(t.app, 'GET', '/api/v1/issues?limit=100', { token, xsrf: false });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().items as { id: number }[]).map((issue) => issue.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await call(t.app, 'GET', `/api/v1/issues/${mine}`, { token, xsrf: false })).statusCode).toBe(200);
    const foreign = await call(t.app, 'GET', `/api/v1/issues/${theirs}`, { token, xsrf: false });
    expect(foreign.statusCode).toBe(404);
  });

  it('replies on its own organisation issues only', async () => {
    const send = (issueId: number) =>
      call(t.app, 'POST', `/api/v1/issues/${issueId}/messages`, {
        token,
        xsrf: false,
        body: { text: 'Your parcel left the warehouse today.', isPrivateNote: true },
      });
    const sent = await send(mine);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ text: 'Your parcel left the warehouse today.' });
    expect((await send(theirs)).statusCode).toBe(404);
  });
});
