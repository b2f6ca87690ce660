// One database is enough: the checks are signing in, tokens, limits and resets through the endpoints, over
// plain reads and writes.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_ROLE_MATRIX, fromRoleEntries } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, TEST_PASSWORD, type TestOrg } from '../../../test/factories';
import { REFRESH_REUSE_GRACE_MS } from './auth.service';
import { FAILED_LOGIN_WINDOW_MS, loginDelayMs, MAX_FAILED_LOGINS } from './login-throttle';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
});

describe('POST /auth/login', () => {
  it('answers the published token pair with exactly the documented claims', async () => {
    const user = await buildUser(t, org, 'Manager');
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'profilePath', 'refreshToken']);
    expect(body.profilePath).toBeNull();
    const claims = decodeJwt(body.accessToken);
    expect(Object.keys(claims).sort()).toEqual([
      'exp',
      'iat',
      'organizationId',
      'role',
      'roleName',
      'sid',
      'sub',
      'sv',
    ]);
    expect(claims.sub).toBe(user.id);
    expect(claims.organizationId).toBe(org.id);
    expect(claims.roleName).toBe('Manager');
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const role = claims.role as Array<{ menu: string; subdetail: string }>;
    expect(role.every((e) => typeof e.menu === 'string' && typeof e.subdetail === 'string')).toBe(true);
    expect(JSON.parse(role.find((e) => e.menu === 'issue')!.subdetail)).toMatchObject({ view: 'myTeam' });
    expect(fromRoleEntries(role)).toEqual(DEFAULT_ROLE_MATRIX.Manager);
  });

  it('accepts the username in the email field, case-insensitively', async () => {
    const user = await buildUser(t, org, 'Staff');
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const user = await buildUser(t, org, 'Staff');
    for (const email of [user.email, 'nobody@test.local']) {
      const res = await call(t.app, 'POST', '/api/v1/auth/login', {
        body: { email, password: 'Wrong2026pass' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('auth.invalid_credentials');
    }
  });

  it('answers a known and an unknown login alike, through and after 5 failures', async () => {
    const user = await buildUser(t, org, 'Staff');
    const answersOf = async (email: string, source: string) => {
      const answers: string[] = [];
      for (let i = 0; i <= MAX_FAILED_LOGINS; i++) {
        // Each failure's delay has passed (the one after the fifth is the lock itself).
        if (i < MAX_FAILED_LOGINS) t.clock.advance(loginDelayMs(i));
        const res = await call(t.app, 'POST', '/api/v1/auth/login', {
          body: { email, password: 'Wrong2026pass' },
          remoteAddress: source,
        });
        answers.push(`${res.statusCode} ${res.json().error.code}`);
      }
      return answers;
    };
    const known = await answersOf(user.email, '10.1.0.1');
    const unknown = await answersOf(`ghost-${user.id}@test.local`, '10.1.0.1');
    expect(known).toEqual([
      ...Array<string>(MAX_FAILED_LOGINS).fill('401 auth.invalid_credentials'),
      '429 auth.too_many_attempts',
    ]);
    expect(unknown).toEqual(known);
  });

  it('limits the attacker’s source only: the owner signs in from elsewhere, and the lock ends with the window', async () => {
    const user = await buildUser(t, org, 'Staff');
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      t.clock.advance(loginDelayMs(i));
      await call(t.app, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: 'Wrong2026pass' },
        remoteAddress: '10.2.0.66',
      });
    }
    const attacker = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.2.0.66',
    });
    expect(attacker.statusCode).toBe(429);
    const owner = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.2.0.7',
    });
    expect(owner.statusCode).toBe(200);
    t.clock.advance(FAILED_LOGIN_WINDOW_MS + 1000);
    const later = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.2.0.66',
    });
    expect(later.statusCode).toBe(200);
  });

  it('makes each further attempt from a failing source wait longer (1 s, 2 s, …)', async () => {
    const user = await buildUser(t, org, 'Staff');
    t.clock.set(t.clock.now()); // only the test moves time on
    const attempt = () =>
      call(t.app, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: 'Wrong2026pass' },
        remoteAddress: '10.3.0.1',
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401); // no delay after the first failure
    const early = await attempt();
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatchObject({
      code: 'auth.too_many_attempts',
      details: { retryAfterSeconds: 1 },
    });
    t.clock.advance(1000);
    expect((await attempt()).statusCode).toBe(401); // the third failure: now 2 s
    t.clock.advance(1000);
    expect((await attempt()).json().error.details).toEqual({ retryAfterSeconds: 1 });
    t.clock.advance(1000);
    expect((await attempt()).statusCode).toBe(401);
    // A success from the source clears its count.
    t.clock.advance(loginDelayMs(4));
    const ok = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.3.0.1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    t.clock.set(null);
  });

  it('needs no XSRF header and sets the XSRF-TOKEN cookie', async () => {
    const user = await buildUser(t, org, 'Staff');
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      xsrf: false,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('per-IP login limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ LOGIN_IP_LIMIT_PER_MINUTE: '3' });
  });
  // On PostgreSQL its job workers would take the reset mails of the main app.
  afterAll(() => limited.close());

  it('answers 429 once a client IP has used its attempts for the minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(limited.app, 'POST', '/api/v1/auth/login', {
        body: { email: `x${i}@test.local`, password: 'Wrong2026pass' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('POST /auth/refresh-token', () => {
  it('rotates the refresh token and revokes the family when a spent one is reused', async () => {
    const user = await buildUser(t, org, 'Staff');
    const first = await signIn(t, user);
    const rotated = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).sub).toBe(user.id);

    // Within the grace (a reload racing its own refresh) the spent token still works…
    const racing = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(racing.statusCode).toBe(200);
    // …after it, reuse is theft.
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reuse = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('auth.invalid_refresh_token');
    // The thief's reuse also kills the legitimate holder's newer token.
    const afterTheft = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: second.refreshToken },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: 'not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const user = await buildUser(t, org, 'Staff');
    const pair = await signIn(t, user);
    expect(
      (await call(t.app, 'POST', '/api/v1/auth/logout', { body: { refreshToken: pair.refreshToken } }))
        .statusCode,
    ).toBe(204);
    const res = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('XSRF', () => {
  it('refuses a state-changing call without the header, or with a different one', async () => {
    const user = await buildUser(t, org, 'Staff');
    const { accessToken } = await signIn(t, user);
    const body = { username: user.username, firstName: 'A', lastName: 'B' };
    const missing = await call(t.app, 'PUT', '/api/v1/me', { token: accessToken, body, xsrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('xsrf.invalid');
    const different = await call(t.app, 'PUT', '/api/v1/me', {
      token: accessToken,
      body,
      xsrf: false,
      headers: { cookie: 'XSRF-TOKEN=aaaa', 'x-xsrf-token': 'bbbb' },
    });
    expect(different.statusCode).toBe(403);
    const ok = await call(t.app, 'PUT', '/api/v1/me', { token: accessToken, body });
    expect(ok.statusCode).toBe(200);
  });

  it('does not apply to reads', async () => {
    const user = await buildUser(t, org, 'Staff');
    const { accessToken } = await signIn(t, user);
    expect((await call(t.app, 'GET', '/api/v1/me', { token: accessToken, xsrf: false })).statusCode).toBe(
      200,
    );
  });
});

/** The reset links mailed to `email` (the mail goes out from a job): waits until there are `count`. */
async function resetLinks(email: string, count = 1): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const links = t.mails
      .filter((m) => m.to === email)
      .map((m) => m.text.match(/\/login\/reset-password\?token=([A-Za-z0-9_-]+)&lang=(en|th)/)?.[1] ?? '');
    if (links.length >= count || Date.now() > until) return links;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const forgot = (email: string, lang?: 'en' | 'th') =>
  call(t.app, 'POST', '/api/v1/auth/forgot-password', { body: { email, ...(lang ? { lang } : {}) } });
const resetWith = (token: string, password: string) =>
  call(t.app, 'POST', '/api/v1/auth/reset-password', { body: { token, password } });

describe('password reset', () => {
  it('mails a single-use link whose token sets a new password', async () => {
    const user = await buildUser(t, org, 'Staff');
    expect((await forgot(user.email.toUpperCase())).statusCode).toBe(204);
    const [token] = await resetLinks(user.email);
    expect(token).toBeTruthy();

    const weak = await resetWith(token!, 'short1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password.length');

    expect((await resetWith(token!, 'Fresh2026pass')).statusCode).toBe(204);
    await signIn(t, { email: user.email, password: 'Fresh2026pass' });

    const again = await resetWith(token!, 'Other2026pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('auth.reset_token_invalid');
  });

  it('expires links after 60 minutes', async () => {
    const user = await buildUser(t, org, 'Staff');
    await forgot(user.email, 'th');
    await resetLinks(user.email);
    const mail = t.mails.find((m) => m.to === user.email)!;
    expect(mail.subject).toContain('รหัสผ่าน');
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    t.clock.advance(61 * 60 * 1000);
    expect((await resetWith(token, 'Fresh2026pass')).statusCode).toBe(400);
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const user = await buildUser(t, org, 'Staff');
    const known = await forgot(user.email);
    const unknown = await forgot(`ghost-${user.id}@test.local`);
    expect([known.statusCode, known.body]).toEqual([204, '']);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(await resetLinks(user.email)).toHaveLength(1);
    expect(t.mails.some((m) => m.to === `ghost-${user.id}@test.local`)).toBe(false);
  });

  it('voids an older link when a newer one is issued, so it fails even after the newer one was used', async () => {
    const user = await buildUser(t, org, 'Staff');
    await forgot(user.email);
    const [older] = await resetLinks(user.email, 1);
    await forgot(user.email);
    const [, newer] = await resetLinks(user.email, 2);
    expect(newer).toBeTruthy();
    expect((await resetWith(newer!, 'Fresh2026pass')).statusCode).toBe(204);
    const stale = await resetWith(older!, 'Other2026pass');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('auth.reset_token_invalid');
    await signIn(t, { email: user.email, password: 'Fresh2026pass' });
  });

  it('ends every session of the user: their refresh tokens and access tokens are refused', async () => {
    const user = await buildUser(t, org, 'Staff');
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    await forgot(user.email);
    const [token] = await resetLinks(user.email);
    expect((await resetWith(token!, 'Fresh2026pass')).statusCode).toBe(204);
    for (const session of [laptop, phone]) {
      const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
        body: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      const me = await call(t.app, 'GET', '/api/v1/me', { token: session.accessToken });
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('auth.token_revoked');
    }
  });
});

describe('organisations', () => {
  it('lets a SuperAdmin list organisations and switch into another one', async () => {
    const other = await buildOrganization(t, 'Other Org For Switch');
    const superAdmin = await buildUser(t, org, 'SuperAdmin');
    const pair = await signIn(t, superAdmin);
    const list = await call(t.app, 'GET', '/api/v1/organization', { token: pair.accessToken });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([{ id: other.id, name: 'Other Org For Switch' }]));

    const res = await call(t.app, 'PUT', `/api/v1/super-admin/${other.id}`, {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const switched = res.json();
    expect(decodeJwt(switched.accessToken)).toMatchObject({
      organizationId: other.id,
      roleName: 'SuperAdmin',
      sub: superAdmin.id,
    });
    // Not a member there: a neutral availability, not a 404 (the header asks for it on every page).
    const availability = await call(t.app, 'GET', '/api/v1/me/availability', { token: switched.accessToken });
    expect(availability.statusCode).toBe(200);
    expect(availability.json()).toEqual({ availability: 'offline', isOnTimeOff: false, isMember: false });
    // The session stays in the new organisation across refreshes.
    const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh-token', {
      body: { refreshToken: switched.refreshToken },
    });
    expect(decodeJwt(refreshed.json().accessToken).organizationId).toBe(other.id);
  });

  it('refuses both calls to an Admin', async () => {
    const admin = await buildUser(t, org, 'Admin');
    const pair = await signIn(t, admin);
    expect((await call(t.app, 'GET', '/api/v1/organization', { token: pair.accessToken })).statusCode).toBe(
      403,
    );
    const res = await call(t.app, 'PUT', `/api/v1/super-admin/${org.id}`, {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const superAdmin = await buildUser(t, org, 'SuperAdmin');
    const pair = await signIn(t, superAdmin);
    const res = await call(t.app, 'PUT', '/api/v1/super-admin/00000000-0000-4000-8000-000000000000', {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(404);
  });
});
