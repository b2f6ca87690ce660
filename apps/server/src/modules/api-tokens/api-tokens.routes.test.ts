// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// API tokens through real HTTP on the test database: managing them, and how a call with one is
// authenticated (hash stored, revocation and expiry at once, XSRF, rate limit, person-only routes, audit).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiToken, AuditPage, CreatedApiToken } from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import {
  buildOrganization,
  buildTeam,
  buildUser,
  signIn,
  type TestOrg,
  type TestUser,
} from '../../../test/factories';
import { apiTokens, auditEntries, users } from '../../db/schema';

// Calls a token may make per minute in this file's app: each test makes a few with each of its tokens.
const RATE_LIMIT = 20;

let t: TestApp;
let org: TestOrg;
let adminUser: TestUser;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  org = await buildOrganization(t);
  adminUser = await buildUser(t, org, 'Admin');
  admin = (await signIn(t, adminUser)).accessToken;
});

const TAGS_ONLY = { tag: { view: 'all', create: 'all' } };

async function createToken(
  body: Partial<{ name: string; permissions: unknown; expiresAt: string | null }> = {},
  token = admin,
) {
  const res = await call(t.app, 'POST', '/api/v1/api-tokens', {
    token,
    body: { name: 'CRM sync', permissions: TAGS_ONLY, expiresAt: null, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiToken>();
}

/** A call as an integration makes it: the token, and neither the XSRF cookie nor its header. */
const withToken = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  call(t.app, method, url, { token, body, xsrf: false });

const revoke = (id: string, token = admin) =>
  call(t.app, 'POST', `/api/v1/api-tokens/${id}/revoke`, { token });

describe('managing tokens', () => {
  it('shows the token once and stores only its SHA-256', async () => {
    const created = await createToken({ name: 'Shown once' });
    expect(created.secret).toMatch(/^sabai_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Shown once',
      prefix: created.secret.slice(0, 12),
      permissions: TAGS_ONLY,
      status: 'active',
      lastUsedAt: null,
      expiresAt: null,
      createdBy: { name: 'Admin Tester' },
    });
    const [stored] = await t.db.orm.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    const list = (await call(t.app, 'GET', '/api/v1/api-tokens', { token: admin })).json<ApiToken[]>();
    const listed = list.find((each) => each.id === created.id)!;
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('writes the creation and the revocation to the audit trail, never the secret', async () => {
    const created = await createToken({ name: 'Audited' });
    expect((await revoke(created.id)).json()).toMatchObject({ status: 'revoked' });
    const page = (
      await call(t.app, 'GET', '/api/v1/audit-log?area=api_token', { token: admin })
    ).json<AuditPage>();
    const mine = page.items.filter((entry) => entry.subject.id === created.id);
    expect(mine.map((entry) => [entry.action, entry.outcome, entry.subject.label])).toEqual([
      ['revoke', 'ok', 'Audited'],
      ['create', 'ok', 'Audited'],
    ]);
    expect(mine[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'secret', before: null, after: '••••••' },
        { field: 'permissions.tag.create', before: null, after: 'all' },
      ]),
    );
    expect(mine[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'active', after: 'revoked' }]),
    );
    const rows = await t.db.orm.select().from(auditEntries).where(eq(auditEntries.organizationId, org.id));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
  });

  it('refuses grants no role may be given, a past expiry, and an empty token', async () => {
    const create = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/v1/api-tokens', {
        token: admin,
        body: { name: 'x', permissions: TAGS_ONLY, expiresAt: null, ...body },
      });
    const switching = await create({ permissions: { organization: { view: 'all' } } });
    expect(switching.statusCode).toBe(400);
    expect(switching.json().error).toMatchObject({
      code: 'api_token.invalid_permission',
      details: { problems: [{ resource: 'organization', action: 'view', scope: 'all' }] },
    });
    const past = await create({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.json().error.code).toBe('api_token.expiry_in_past');
    expect((await create({ permissions: {} })).json().error.code).toBe('validation.failed');
    expect((await create({ name: '  ' })).json().error.code).toBe('validation.failed');
  });

  it('never gives a token more than its creator role, at creation and at each call', async () => {
    // An Admin lets Managers manage users: a Manager may then create tokens, within the Manager role.
    const own = await buildOrganization(t);
    const ownAdmin = (await signIn(t, await buildUser(t, own, 'Admin'))).accessToken;
    const managerRole = (
      await call(t.app, 'GET', `/api/v1/roles/${own.roles.Manager}`, { token: ownAdmin })
    ).json();
    const setManagerUsers = (user: Record<string, string>) =>
      call(t.app, 'PUT', `/api/v1/roles/${own.roles.Manager}`, {
        token: ownAdmin,
        body: { permissions: { ...managerRole.permissions, user } },
      });
    expect((await setManagerUsers({ view: 'all', update: 'all' })).statusCode).toBe(200);
    const manager = (await signIn(t, await buildUser(t, own, 'Manager'))).accessToken;

    const beyond = await call(t.app, 'POST', '/api/v1/api-tokens', {
      token: manager,
      body: { name: 'too wide', permissions: { issue: { view: 'all' } }, expiresAt: null },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error).toMatchObject({
      code: 'api_token.beyond_role',
      details: { problems: [{ resource: 'issue', action: 'view', scope: 'all', reason: 'beyond_role' }] },
    });
    const token = await createToken(
      { permissions: { issue: { view: 'myTeam' }, user: { view: 'all' } } },
      manager,
    );
    expect((await withToken('GET', '/api/v1/users', token.secret)).statusCode).toBe(200);
    // The Manager role loses the user rights: the token loses them at its next call.
    expect((await setManagerUsers({})).statusCode).toBe(200);
    const narrowed = await withToken('GET', '/api/v1/users', token.secret);
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json().error.code).toBe('auth.forbidden');
    expect((await withToken('GET', '/api/v1/issues', token.secret)).statusCode).toBe(200);
  });

  it('revokes only a token of the caller organisation', async () => {
    const other = await buildOrganization(t);
    const otherAdmin = (await signIn(t, await buildUser(t, other, 'Admin'))).accessToken;
    const foreign = await createToken({ name: 'Theirs' }, otherAdmin);
    const res = await revoke(foreign.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('api_token.not_found');
    expect((await withToken('GET', '/api/v1/tags', foreign.secret)).statusCode).toBe(200);
    const list = (await call(t.app, 'GET', '/api/v1/api-tokens', { token: admin })).json<ApiToken[]>();
    expect(list.map((each) => each.id)).not.toContain(foreign.id);
  });

  it('is for administrators: a Staff session is refused', async () => {
    const staff = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
    expect((await call(t.app, 'GET', '/api/v1/api-tokens', { token: staff })).statusCode).toBe(403);
  });
});

describe('calling with a token', () => {
  it('refuses a revoked token at its very next call', async () => {
    const { id, secret } = await createToken();
    expect((await withToken('GET', '/api/v1/tags', secret)).statusCode).toBe(200);
    expect((await revoke(id)).statusCode).toBe(200);
    const refused = await withToken('GET', '/api/v1/tags', secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('api_token.revoked');
  });

  it('refuses an expired token, an unknown one, and one whose creator may no longer sign in', async () => {
    const expiring = await createToken({
      expiresAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
    });
    expect((await withToken('GET', '/api/v1/tags', expiring.secret)).statusCode).toBe(200);
    t.clock.advance(3600_000 + 1000);
    try {
      const expired = await withToken('GET', '/api/v1/tags', expiring.secret);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('api_token.expired');
      // The session of the test's start has expired too by now.
      const session = (await signIn(t, adminUser)).accessToken;
      const list = (await call(t.app, 'GET', '/api/v1/api-tokens', { token: session })).json<ApiToken[]>();
      expect(list.find((each) => each.id === expiring.id)?.status).toBe('expired');
    } finally {
      t.clock.set(null);
    }

    const unknown = await withToken('GET', '/api/v1/tags', `sabai_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('api_token.invalid');

    const creator = await buildUser(t, org, 'Admin');
    const session = (await signIn(t, creator)).accessToken;
    const theirs = await createToken({}, session);
    await t.db.orm.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
    const orphan = await withToken('GET', '/api/v1/tags', theirs.secret);
    expect(orphan.statusCode).toBe(401);
    expect(orphan.json().error.code).toBe('api_token.creator_inactive');
  });

  it('needs no XSRF header, while a session still does; its changes are audited under the token', async () => {
    const { secret, prefix } = await createToken();
    const body = { name: `Token tag ${Date.now()}`, colour: '#1677ff', teamId: (await buildTeam(t, org)).id };
    const byToken = await withToken('POST', '/api/v1/tags', secret, body);
    expect(byToken.statusCode).toBe(201);
    const page = (await call(t.app, 'GET', '/api/v1/audit-log?area=tag', { token: admin })).json<AuditPage>();
    const entry = page.items.find((each) => each.subject.id === byToken.json().id);
    expect(entry?.actor).toMatchObject({ id: adminUser.id, name: `Admin Tester · ${prefix}…` });
    expect(byToken.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const bySession = await call(t.app, 'POST', '/api/v1/tags', { token: admin, body, xsrf: false });
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json().error.code).toBe('xsrf.invalid');
  });

  it('records the last use at most once a minute', async () => {
    const { id, secret } = await createToken();
    const lastUsed = async () =>
      (await t.db.orm.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt?.getTime();
    await withToken('GET', '/api/v1/tags', secret);
    const first = await lastUsed();
    expect(first).toBeDefined();
    t.clock.advance(30_000);
    try {
      await withToken('GET', '/api/v1/tags', secret);
      expect(await lastUsed()).toBe(first);
      t.clock.advance(31_000);
      await withToken('GET', '/api/v1/tags', secret);
      expect(await lastUsed()).toBeGreaterThanOrEqual(first! + 60_000);
    } finally {
      t.clock.set(null);
    }
  });

  it('refuses routes that are for a person only, clearly', async () => {
    const { secret } = await createToken({ permissions: { user: { view: 'all', update: 'all' } } });
    for (const [method, url, body] of [
      ['GET', '/api/v1/me', undefined],
      ['PUT', '/api/v1/me/password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/v1/me/devices', { token: 'x' }],
      ['POST', '/api/v1/auth/login', { email: 'a@b.c', password: 'x' }],
      ['GET', '/api/v1/organization', undefined],
      ['GET', '/api/v1/api-tokens', undefined],
      ['POST', '/api/v1/api-tokens', { name: 'y', permissions: TAGS_ONLY, expiresAt: null }],
    ] as const) {
      const res = await withToken(method, url, secret, body);
      expect([url, res.statusCode, res.json().error?.code]).toEqual([url, 403, 'api_token.person_only']);
    }
  });

  it('refuses a token on the websocket', async () => {
    const { secret } = await createToken();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const closed = await new Promise<[number, string]>((resolve) =>
      new WebSocket(`${address.replace('http', 'ws')}/ws?token=${secret}&socketType=live`).once(
        'close',
        (code, reason) => resolve([code, reason.toString()]),
      ),
    );
    expect(closed).toEqual([4401, 'api_token.person_only']);
  });
});

describe('rate limit per token', () => {
  it('answers 429 rate_limited past the limit, counting each token apart', async () => {
    const [first, second] = [(await createToken()).secret, (await createToken()).secret];
    const get = (token: string) => withToken('GET', '/api/v1/tags', token);
    for (let i = 1; i <= RATE_LIMIT; i++) {
      const ok = await get(first);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMIT - i));
    }
    const refused = await get(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second)).statusCode).toBe(200);
    // Sessions are not limited by it.
    for (let i = 0; i <= RATE_LIMIT; i++) {
      expect((await call(t.app, 'GET', '/api/v1/tags', { token: admin })).statusCode).toBe(200);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes token auth as a security scheme, per route', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'sabai_…' },
    });
    expect(doc.paths['/api/v1/issues'].get.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/api-tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
  });
});
