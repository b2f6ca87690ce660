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
    // Other test files on the shared PostgreSQL database may add conversations to the demo organisation,
    // so the expectation is read from the table itself.
    const rows = await t.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM issues WHERE organization_id = (SELECT id FROM organizations WHERE name = 'Sabai Demo') GROUP BY status",
    );
    expect(body.total).toBe(rows.reduce((sum, r) => sum + r.n, 0));
    for (const r of rows) expect(body.counts[r.status]).toBe(r.n);
    expect(body.counts).toMatchObject({
      waiting: 1,
      resolved: 1,
      'resolved-success': 1,
      'resolved-un-success': 1,
      close: 1,
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
