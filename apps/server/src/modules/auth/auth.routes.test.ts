import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, DEFAULT_ROLE_MATRIX, fromRoleEntries } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, TEST_PASSWORD, type TestOrg } from '../../../test/factories';
import { FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS, REFRESH_REUSE_GRACE_MS } from './auth.service';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
});

describe('POST /auth/login', () => {
  it('answers the spec token pair with exactly the documented claims', async () => {
    const user = await buildUser(t, org, 'Manager');
    const res = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'profilePath', 'refreshToken']);
    expect(body.profilePath).toBeNull();
    const claims = decodeJwt(body.accessToken);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'organizationId', 'role', 'roleName', 'sub']);
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

  it('locks an account after repeated failures, until the window has passed', async () => {
    const user = await buildUser(t, org, 'Staff');
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: 'Wrong2026pass' },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('auth.too_many_attempts');
    t.clock.advance(FAILED_LOGIN_WINDOW_MS + 1000);
    const again = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
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

  it('answers 429 once a client IP has used its attempts for the minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(limited.app, 'POST', '/api/v1/auth/login', {
        body: { email: 'x@test.local', password: 'Wrong2026pass' },
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

describe('password reset', () => {
  it('mails a single-use link whose token sets a new password', async () => {
    const user = await buildUser(t, org, 'Staff');
    const res = await call(t.app, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(204);
    const mail = t.mails.find((m) => m.to === user.email);
    const token = mail?.text.match(/\/login\/reset-password\?token=([A-Za-z0-9_-]+)&lang=en/)?.[1];
    expect(token).toBeTruthy();

    const weak = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'short1' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password.length');

    const reset = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Fresh2026pass' },
    });
    expect(reset.statusCode).toBe(204);
    await signIn(t, { email: user.email, password: 'Fresh2026pass' });

    const again = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Other2026pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('auth.reset_token_invalid');
  });

  it('expires links after 60 minutes', async () => {
    const user = await buildUser(t, org, 'Staff');
    await call(t.app, 'POST', '/api/v1/auth/forgot-password', { body: { email: user.email, lang: 'th' } });
    const mail = t.mails.find((m) => m.to === user.email)!;
    expect(mail.subject).toContain('รหัสผ่าน');
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    t.clock.advance(61 * 60 * 1000);
    const res = await call(t.app, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Fresh2026pass' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 204 and sends nothing for an unknown address', async () => {
    const before = t.mails.length;
    const res = await call(t.app, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: 'ghost@test.local' },
    });
    expect(res.statusCode).toBe(204);
    expect(t.mails.length).toBe(before);
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
