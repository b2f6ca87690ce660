// What ends a session ends it on the next request (the per-user session version) and
// closes the user's sockets, on either database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn, type TestOrg, type TestUser } from '../../../test/factories';
import { caughtUp } from '../../../test/sockets';

let t: TestApp;
let org: TestOrg;
let admin: string;
let base: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(() => sockets.forEach((s) => s.close()));

/** An open notice socket of the token, and the code and reason it is closed with. */
async function openSocket(token: string) {
  const socket = new WebSocket(`${base}/ws?token=${token}&socketType=webNoti`);
  sockets.push(socket);
  const closed = new Promise<string>((resolve) =>
    socket.once('close', (code, reason) => resolve(`${code} ${reason.toString()}`)),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await caughtUp(t, socket, token, 'webNoti');
  return { socket, closed };
}

const refreshWith = (refreshToken: string) =>
  call(t.app, 'POST', '/api/v1/auth/refresh-token', { body: { refreshToken } });

async function expectRevoked(accessToken: string, method: 'GET' | 'POST' = 'GET', url = '/api/v1/me') {
  const res = await call(t.app, method, url, {
    token: accessToken,
    ...(method === 'POST' ? { body: { text: 'still here?' } } : {}),
  });
  expect([res.statusCode, res.json().error.code]).toEqual([401, 'auth.token_revoked']);
}

const editRole = (user: TestUser, roleId: string) =>
  call(t.app, 'PUT', `/api/v1/users/${user.id}`, {
    token: admin,
    body: { firstName: 'Somsak', lastName: 'Jaidee', username: user.username, roleId, teamIds: [] },
  });

describe('ending sessions', () => {
  it('logout: the access token is refused on the next request and the user’s sockets close', async () => {
    const user = await buildUser(t, org, 'Staff');
    const pair = await signIn(t, user);
    expect((await call(t.app, 'GET', '/api/v1/me', { token: pair.accessToken })).statusCode).toBe(200);
    const { closed } = await openSocket(pair.accessToken);
    const out = await call(t.app, 'POST', '/api/v1/auth/logout', {
      body: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expectRevoked(pair.accessToken);
    expect(await closed).toBe('4401 auth.token_revoked');
    expect((await refreshWith(pair.refreshToken)).statusCode).toBe(401);
  });

  it('deactivation: the user can no longer list issues or post messages with the token they hold', async () => {
    const user = await buildUser(t, org, 'Staff');
    const pair = await signIn(t, user);
    expect((await call(t.app, 'GET', '/api/v1/issues', { token: pair.accessToken })).statusCode).toBe(200);
    const { closed } = await openSocket(pair.accessToken);
    const off = await call(t.app, 'POST', `/api/v1/users/${user.id}/deactivate`, { token: admin });
    expect(off.statusCode).toBe(200);
    await expectRevoked(pair.accessToken, 'GET', '/api/v1/issues');
    await expectRevoked(pair.accessToken, 'POST', '/api/v1/issues/1/messages');
    expect(await closed).toBe('4401 auth.token_revoked');
    expect((await refreshWith(pair.refreshToken)).statusCode).toBe(401);
  });

  it('deletion: the removed user’s token is refused on the next request and their sockets close', async () => {
    const user = await buildUser(t, org, 'Staff');
    const pair = await signIn(t, user);
    const { closed } = await openSocket(pair.accessToken);
    const gone = await call(t.app, 'DELETE', `/api/v1/users/${user.id}`, { token: admin });
    expect(gone.statusCode).toBe(204);
    await expectRevoked(pair.accessToken);
    expect(await closed).toBe('4401 auth.token_revoked');
    expect((await refreshWith(pair.refreshToken)).statusCode).toBe(401);
  });

  it('role downgrade: the old token is refused at once; the refreshed one carries the lower role (403)', async () => {
    const user = await buildUser(t, org, 'Manager');
    const pair = await signIn(t, user);
    expect((await call(t.app, 'GET', '/api/v1/teams', { token: pair.accessToken })).statusCode).toBe(200);
    const { closed } = await openSocket(pair.accessToken);
    expect((await editRole(user, org.roles.Staff)).statusCode).toBe(200);
    await expectRevoked(pair.accessToken, 'GET', '/api/v1/teams');
    expect(await closed).toBe('4401 auth.token_revoked');
    const refreshed = await refreshWith(pair.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const teams = await call(t.app, 'GET', '/api/v1/teams', { token: refreshed.json().accessToken });
    expect(teams.statusCode).toBe(403);
  });

  it('password change: every other session ends; the caller’s own goes on after a refresh', async () => {
    const user = await buildUser(t, org, 'Staff');
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    const phoneSocket = await openSocket(phone.accessToken);
    const changed = await call(t.app, 'PUT', '/api/v1/me/password', {
      token: laptop.accessToken,
      body: { currentPassword: user.password, newPassword: 'Fresh2026pass' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await refreshWith(phone.refreshToken)).statusCode).toBe(401);
    await expectRevoked(phone.accessToken);
    expect(await phoneSocket.closed).toBe('4401 auth.token_revoked');
    // The laptop's access token predates the change too, but its refresh token family lives on.
    await expectRevoked(laptop.accessToken);
    const refreshed = await refreshWith(laptop.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/v1/me', { token: refreshed.json().accessToken });
    expect(me.statusCode).toBe(200);
  });

  it('leaves other users’ tokens alone', async () => {
    const user = await buildUser(t, org, 'Staff');
    const bystander = await buildUser(t, org, 'Staff');
    const pair = await signIn(t, user);
    const theirs = await signIn(t, bystander);
    await call(t.app, 'POST', '/api/v1/auth/logout', { body: { refreshToken: pair.refreshToken } });
    expect((await call(t.app, 'GET', '/api/v1/me', { token: theirs.accessToken })).statusCode).toBe(200);
  });
});
