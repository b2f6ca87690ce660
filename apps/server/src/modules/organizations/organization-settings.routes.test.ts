// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// /organization/settings: the organisation's file link expiry, 7 days unless an admin picks 1 to 90.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';

let t: TestApp;
let admin: string;
let manager: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  const org = await buildOrganization(t);
  admin = (await signIn(t, await buildUser(t, org, 'Admin'))).accessToken;
  manager = (await signIn(t, await buildUser(t, org, 'Manager'))).accessToken;
  otherAdmin = (await signIn(t, await buildUser(t, await buildOrganization(t), 'Admin'))).accessToken;
});

const read = (token: string) => call(t.app, 'GET', '/api/v1/organization/settings', { token });
const save = (token: string, body: unknown) =>
  call(t.app, 'PUT', '/api/v1/organization/settings', { token, body });

describe('organisation settings', () => {
  it('start at 7 days and keep what an admin saves, for their organisation only', async () => {
    expect((await read(admin)).json()).toEqual({ fileLinkExpiryDays: 7 });
    const saved = await save(admin, { fileLinkExpiryDays: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ fileLinkExpiryDays: 30 });
    expect((await read(admin)).json()).toEqual({ fileLinkExpiryDays: 30 });
    expect((await read(otherAdmin)).json()).toEqual({ fileLinkExpiryDays: 7 });
    expect((await save(admin, { fileLinkExpiryDays: 1 })).statusCode).toBe(200);
    expect((await save(admin, { fileLinkExpiryDays: 90 })).statusCode).toBe(200);
  });

  it('refuse an expiry outside 1 to 90 whole days with 400 validation.failed, keeping the saved one', async () => {
    await save(admin, { fileLinkExpiryDays: 14 });
    for (const fileLinkExpiryDays of [0, 91, -1, 7.5, '7', null]) {
      const res = await save(admin, { fileLinkExpiryDays });
      expect(res.statusCode, String(fileLinkExpiryDays)).toBe(400);
      expect(res.json().error.code).toBe('validation.failed');
    }
    expect((await save(admin, {})).json().error.code).toBe('validation.failed');
    expect((await read(admin)).json()).toEqual({ fileLinkExpiryDays: 14 });
  });

  it('are for the channel admins: a manager may neither read nor change them', async () => {
    expect((await read(manager)).statusCode).toBe(403);
    const res = await save(manager, { fileLinkExpiryDays: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth.forbidden');
    expect((await call(t.app, 'GET', '/api/v1/organization/settings')).statusCode).toBe(401);
  });
});
