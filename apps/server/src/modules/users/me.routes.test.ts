// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, XSRF, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, TEST_PASSWORD, type TestOrg } from '../../../test/factories';
import { SIGNED_FILE_PATH } from '../../../test/files';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t, 'Profile Org');
});

async function signedInUser(role: 'Staff' | 'Admin' = 'Staff') {
  const user = await buildUser(t, org, role, { firstName: 'Kanya', lastName: 'Dee' });
  const { accessToken } = await signIn(t, user);
  return { user, token: accessToken };
}

describe('GET /me', () => {
  it('answers the profile, organisation, role and permissions of the token', async () => {
    const { user, token } = await signedInUser();
    const res = await call(t.app, 'GET', '/api/v1/me', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      displayName: 'Kanya Dee',
      roleName: 'Staff',
      roles: ['Staff'],
      organization: { id: org.id, name: 'Profile Org' },
      profilePath: null,
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await call(t.app, 'GET', '/api/v1/me')).json().error.code).toBe('auth.unauthenticated');
    expect((await call(t.app, 'GET', '/api/v1/me', { token: 'a.b.c' })).statusCode).toBe(401);
    const { token } = await signedInUser();
    t.clock.advance(16 * 60 * 1000);
    const expired = await call(t.app, 'GET', '/api/v1/me', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('auth.token_expired');
    t.clock.advance(-16 * 60 * 1000);
  });
});

describe('PUT /me', () => {
  it('updates the names and username', async () => {
    const { token } = await signedInUser();
    const res = await call(t.app, 'PUT', '/api/v1/me', {
      token,
      body: { username: 'kanya.d', firstName: 'กัญญา', lastName: 'ดี' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'kanya.d', displayName: 'กัญญา ดี' });
  });

  it('requires username, first and last name', async () => {
    const { token } = await signedInUser();
    const res = await call(t.app, 'PUT', '/api/v1/me', { token, body: { username: '', firstName: 'A' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation.failed');
    const paths = (res.json().error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['/username', '/lastName']));
  });

  it('refuses a username someone else has', async () => {
    const { token } = await signedInUser();
    const other = await buildUser(t, org, 'Staff');
    const res = await call(t.app, 'PUT', '/api/v1/me', {
      token,
      body: { username: other.username.toUpperCase(), firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('user.username_taken');
  });
});

describe('PUT /me/password', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    call(t.app, 'PUT', '/api/v1/me/password', { token, body: { currentPassword, newPassword } });

  it('requires the right current password', async () => {
    const { token } = await signedInUser();
    const res = await change(token, 'Wrong2026pass', 'Better2026pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('auth.current_password_incorrect');
  });

  it.each([
    ['Ab1', 'password.length'],
    ['Abcdefgh1234567890Abcdefgh12345', 'password.length'],
    ['12345678901', 'password.letter'],
    ['NoDigitsHere', 'password.digit'],
    ['Saaabai2026', 'password.repeated'],
    ['Sabai2111x', 'password.repeated'],
    ['password1', 'password.common'],
  ])('refuses %s with %s', async (newPassword, code) => {
    const { token } = await signedInUser();
    const res = await change(token, TEST_PASSWORD, newPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.details.problems).toContain(code);
  });

  it('changes the password', async () => {
    const { user, token } = await signedInUser();
    expect((await change(token, TEST_PASSWORD, 'Better2026pass')).statusCode).toBe(204);
    await signIn(t, { email: user.email, password: 'Better2026pass' });
  });
});

describe('PUT /me/avatar', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (token: string, filename: string, type: string, data: Buffer) => {
    const boundary = '----sabai';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
  };

  it('stores an image and serves it from the profile path', async () => {
    const { token } = await signedInUser();
    const res = await upload(token, 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const profilePath = res.json().profilePath as string;
    expect(profilePath).toMatch(SIGNED_FILE_PATH);
    const file = await t.app.inject({ method: 'GET', url: profilePath });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('refuses other types and images over 5 MB', async () => {
    const { token } = await signedInUser();
    const pdf = await upload(token, 'cv.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.code).toBe('file.type_not_allowed');
    const big = await upload(token, 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('file.too_large');
    const me = await call(t.app, 'GET', '/api/v1/me', { token });
    expect(me.json().profilePath).toBeNull();
  });
});

describe('notification settings', () => {
  it('reads and writes web, sound and LINE switches', async () => {
    const { token } = await signedInUser();
    const initial = await call(t.app, 'GET', '/api/v1/me/notification-settings', { token });
    expect(initial.json()).toEqual({ web: true, sound: true, line: false, lineLinked: false });
    const res = await call(t.app, 'PUT', '/api/v1/me/notification-settings', {
      token,
      body: { web: false, sound: false, line: true },
    });
    expect(res.json()).toEqual({ web: false, sound: false, line: true, lineLinked: false });
  });
});
