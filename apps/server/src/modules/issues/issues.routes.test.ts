import { beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { signIn } from '../../../test/factories';
import { seedDemo, DEMO_PASSWORD, SECOND_ORG_ADMIN } from '../../db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, t.deps.cipher);
});

describe('GET /issues/status-counts', () => {
  const counts = async (email: string) => {
    const { accessToken } = await signIn(t, { email, password: DEMO_PASSWORD });
    return (await call(t.app, 'GET', '/api/v1/issues/status-counts', { token: accessToken })).json();
  };

  it('counts every status of the organisation for scope all', async () => {
    const body = await counts('admin@demo.local');
    expect(body.total).toBe(11);
    expect(body.counts).toMatchObject({
      'un-assigned': 2,
      'on-going': 3,
      waiting: 1,
      resolved: 1,
      'resolved-success': 1,
      'resolved-un-success': 1,
      close: 1,
      transferred: 1,
    });
  });

  it('counts only the caller’s own issues for scope myIssue, and only its organisation', async () => {
    const staff = await counts('staff@demo.local');
    expect(staff.total).toBe(5);
    expect(staff.counts['un-assigned']).toBe(0);
    expect((await counts(SECOND_ORG_ADMIN.email)).total).toBe(1);
  });

  it('needs a token', async () => {
    expect((await call(t.app, 'GET', '/api/v1/issues/status-counts')).statusCode).toBe(401);
  });
});
