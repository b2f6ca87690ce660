// The administration audit trail through the real API: a settings change with each
// field before and after, refused attempts, sign-ins, exports, the filters and paging, the organisation
// boundary, and the retention purge.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@sabai/contracts';
import { call, startTestApp, type TestApp } from '../../../test/app';
import {
  buildOrganization,
  buildTeam,
  buildUser,
  signIn,
  type TestOrg,
  type TestUser,
} from '../../../test/factories';
import { auditEntries } from '../../db/schema';
import { purgeExpiredEntries } from './audit.service';

let t: TestApp;
let org: TestOrg;
let adminUser: TestUser;
let admin: string;
let staff: string;
let teamId: string;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
  adminUser = await buildUser(t, org, 'Admin', { firstName: 'Anong', lastName: 'Admin' });
  admin = (await signIn(t, adminUser)).accessToken;
  staff = (await signIn(t, await buildUser(t, org, 'Staff'))).accessToken;
  teamId = (await buildTeam(t, org)).id;
});

async function entries(query = '', token = admin): Promise<AuditEntry[]> {
  const res = await call(t.app, 'GET', `/api/v1/audit-log${query}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<AuditPage>().items;
}

describe('the audit trail', () => {
  it('records a settings change with who, where from, and each field before and after', async () => {
    const created = await call(t.app, 'POST', '/api/v1/tags', {
      token: admin,
      body: { name: 'VIP', colour: '#1677ff', teamId },
      remoteAddress: '203.0.113.7',
    });
    const tag = created.json<{ id: string }>();
    await call(t.app, 'PUT', `/api/v1/tags/${tag.id}`, {
      token: admin,
      body: { name: 'VIP buyers', colour: '#1677ff', teamId },
      remoteAddress: '203.0.113.7',
    });
    const [renamed, made] = await entries('?area=tag');
    expect(renamed).toMatchObject({
      actor: { id: adminUser.id, name: 'Anong Admin', email: adminUser.email },
      ip: '203.0.113.7',
      area: 'tag',
      action: 'update',
      subject: { id: tag.id, label: 'VIP buyers' },
      outcome: 'ok',
      route: 'PUT /tags/:id',
      changes: [{ field: 'name', before: 'VIP', after: 'VIP buyers' }],
    });
    expect(made).toMatchObject({ action: 'create', subject: { id: tag.id, label: 'VIP' } });
    expect(made!.changes).toContainEqual({ field: 'name', before: null, after: 'VIP' });

    expect((await call(t.app, 'DELETE', `/api/v1/tags/${tag.id}`, { token: admin })).statusCode).toBe(204);
    const [deleted] = await entries('?area=tag&action=delete');
    expect(deleted).toMatchObject({ subject: { id: tag.id, label: 'VIP buyers' }, outcome: 'ok' });
    expect(deleted!.changes).toContainEqual({ field: 'name', before: 'VIP buyers', after: null });
  });

  it('records refused changes with the code they were refused with, and changes nothing', async () => {
    const refused = await call(t.app, 'POST', '/api/v1/tags', { token: staff, body: { name: 'X' } });
    expect(refused.statusCode).toBe(403);
    const invalid = await call(t.app, 'POST', '/api/v1/tags', { token: admin, body: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    const [bad, forbidden] = await entries('?area=tag&action=create');
    expect(bad).toMatchObject({ outcome: 'validation.failed', changes: [] });
    expect(forbidden).toMatchObject({ outcome: 'auth.forbidden', actor: { name: 'Staff Tester' } });
  });

  it('never stores a channel secret', async () => {
    const res = await call(t.app, 'POST', '/api/v1/channels', {
      token: admin,
      body: {
        type: 'line',
        name: 'Shop OA',
        externalId: '1234567890',
        secret: 'very-secret-value',
        accessToken: 'tok-123',
      },
    });
    // Whether LINE accepted it or not, the attempt is recorded, and neither secret is.
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    const stored = await t.db.orm.select().from(auditEntries);
    expect(JSON.stringify(stored)).not.toMatch(/very-secret-value|tok-123/);
    expect((await entries('?area=channel')).length).toBe(1);
  });

  it('records sign-ins and refused sign-ins of known users, with the address', async () => {
    const person = await buildUser(t, org, 'Manager');
    const wrong = await call(t.app, 'POST', '/api/v1/auth/login', {
      body: { email: person.email, password: 'Wrong2026pass' },
      remoteAddress: '198.51.100.4',
    });
    expect(wrong.statusCode).toBe(401);
    await signIn(t, person);
    await call(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'nobody@test.local', password: 'x' } });
    const [ok, failed] = await entries(`?area=session&actorId=${person.id}`);
    expect(ok).toMatchObject({ action: 'sign_in', outcome: 'ok', subject: { label: person.email } });
    expect(failed).toMatchObject({
      action: 'sign_in_failed',
      outcome: 'auth.invalid_credentials',
      ip: '198.51.100.4',
    });
    expect(JSON.stringify(await entries('?area=session'))).not.toContain('nobody@test.local');
  });

  it('records exports with their filters, and exports the trail itself', async () => {
    const csv = await call(t.app, 'GET', '/api/v1/audit-log/export?area=tag&format=csv&lang=th', {
      token: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('VIP buyers');
    expect(csv.body).toContain('เวลา');
    const xlsx = await call(t.app, 'GET', '/api/v1/audit-log/export?format=xlsx', { token: admin });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const [exported] = await entries('?area=export');
    expect(exported).toMatchObject({ action: 'export', route: 'GET /audit-log/export', outcome: 'ok' });
    expect(exported!.changes).toContainEqual({ field: 'format', before: null, after: 'xlsx' });
  });

  it('filters by person, words and period, pages newest first, and keeps to the organisation', async () => {
    const words = await entries('?search=anong');
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((e) => e.actor.name === 'Anong Admin')).toBe(true);
    const first = await call(t.app, 'GET', '/api/v1/audit-log?limit=2', { token: admin });
    const page = first.json<AuditPage>();
    expect(page.items).toHaveLength(2);
    const next = await entries(`?limit=100&cursor=${page.nextCursor}`);
    expect(Number(next[0]!.id)).toBeLessThan(Number(page.items[1]!.id));
    expect(await entries('?from=2000-01-01&to=2000-01-31')).toEqual([]);
    // The organisation's day (Asia/Bangkok): UTC's date differs after 17:00.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    expect((await entries(`?from=${today}&to=${today}&limit=100`)).length).toBeGreaterThan(0);
    const bad = await call(t.app, 'GET', '/api/v1/audit-log?from=2026-02-01&to=2026-01-01', { token: admin });
    expect(bad.json().error.code).toBe('audit.invalid_period');

    const other = await buildOrganization(t);
    const otherAdmin = (await signIn(t, await buildUser(t, other, 'Admin'))).accessToken;
    const theirs = await entries('', otherAdmin);
    expect(theirs.every((e) => e.area === 'session')).toBe(true);
    expect((await call(t.app, 'GET', '/api/v1/audit-log', { token: staff })).statusCode).toBe(403);
  });

  it('offers no way to edit or delete an entry', async () => {
    const [entry] = await entries();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(t.app, method, `/api/v1/audit-log/${entry!.id}`, { token: admin, body: {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('keeps entries for the retention period, 2 years unless changed, and records the change', async () => {
    expect((await call(t.app, 'GET', '/api/v1/audit-log/settings', { token: admin })).json()).toEqual({
      retentionDays: 730,
    });
    const other = await buildOrganization(t);
    const insertOld = (organizationId: string, daysAgo: number) =>
      t.db.orm.insert(auditEntries).values({
        organizationId,
        at: sql`now() - make_interval(days => ${daysAgo})` as unknown as Date,
        actorName: 'Old',
        area: 'tag',
        action: 'update',
        outcome: 'ok',
      });
    await insertOld(org.id, 120);
    await insertOld(org.id, 60);
    await insertOld(other.id, 120);
    await insertOld(other.id, 800);
    const saved = await call(t.app, 'PUT', '/api/v1/audit-log/settings', {
      token: admin,
      body: { retentionDays: 90 },
    });
    expect(saved.json()).toEqual({ retentionDays: 90 });
    const tooShort = await call(t.app, 'PUT', '/api/v1/audit-log/settings', {
      token: admin,
      body: { retentionDays: 30 },
    });
    expect(tooShort.statusCode).toBe(400);

    expect(await purgeExpiredEntries(t.deps)).toBe(2);
    const left = await t.db.orm
      .select()
      .from(auditEntries)
      .where(sql`actor_name = 'Old'`);
    expect(left.map((e) => e.organizationId).sort()).toEqual([org.id, other.id].sort());
    const [refusal, change] = await entries('?area=audit');
    expect(refusal).toMatchObject({ outcome: 'validation.failed' });
    expect(change).toMatchObject({
      outcome: 'ok',
      changes: [{ field: 'retentionDays', before: 730, after: 90 }],
    });
  });
});
