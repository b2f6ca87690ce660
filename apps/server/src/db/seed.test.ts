import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueActivity } from '@sabai/contracts';
import { ISSUE_STATUSES } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/factories';
import { channels, issueTags, issues, organizations, roles, tags } from './schema';
import {
  DEMO_LINE,
  DEMO_ORG,
  DEMO_PASSWORD,
  DEMO_USERS,
  SECOND_ORG,
  SECOND_ORG_ADMIN,
  seedDemo,
} from './seed';

let t: TestApp;
let demoOrgId: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, t.deps.cipher);
  const [demo] = await t.db.orm.select().from(organizations).where(eq(organizations.name, DEMO_ORG));
  demoOrgId = demo!.id;
});

describe('demo data', () => {
  it('is seeded once', async () => {
    expect(await seedDemo(t.db, t.deps.cipher)).toBe(false);
    const orgs = await t.db.orm
      .select()
      .from(organizations)
      .where(inArray(organizations.name, [DEMO_ORG, SECOND_ORG]));
    expect(orgs).toHaveLength(2);
  });

  it('lets every demo user sign in and land in "Sabai Demo" with their role', async () => {
    for (const user of DEMO_USERS) {
      const pair = await signIn(t, { email: user.email, password: DEMO_PASSWORD });
      const me = await call(t.app, 'GET', '/api/v1/me', { token: pair.accessToken });
      expect(me.json()).toMatchObject({
        roleName: user.role,
        organization: { id: demoOrgId, name: DEMO_ORG },
      });
    }
  });

  it('has issues in every status, a transfer linked to its new issue, and message history', async () => {
    const rows = await t.db.orm.select().from(issues).where(eq(issues.organizationId, demoOrgId));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ISSUE_STATUSES));
    const transferred = rows.find((r) => r.status === 'transferred')!;
    expect(rows.find((r) => r.transferredFromIssueId === transferred.id)?.status).toBe('on-going');
    const counted = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE organization_id = $1',
      [demoOrgId],
    );
    expect(counted[0]!.n).toBeGreaterThan(rows.length);
  });

  it('gives every demo issue a trail consistent with its status, agent, tags and note', async () => {
    const admin = DEMO_USERS.find((u) => u.role === 'Admin')!;
    const { accessToken: token } = await signIn(t, { email: admin.email, password: DEMO_PASSWORD });
    const rows = await t.db.orm.select().from(issues).where(eq(issues.organizationId, demoOrgId));
    const tagged = await t.db.orm
      .select({ issueId: issueTags.issueId, name: tags.name })
      .from(issueTags)
      .innerJoin(tags, eq(tags.id, issueTags.tagId))
      .where(eq(tags.organizationId, demoOrgId));
    for (const issue of rows) {
      const res = await call(t.app, 'GET', `/api/v1/issues/${issue.id}/activity`, { token });
      const trail = res.json<IssueActivity[]>();
      if (!issue.assigneeUserId) {
        expect(trail).toEqual([]);
        continue;
      }
      const kinds = trail.map((a) => a.kind);
      expect(trail[0]).toMatchObject({ kind: 'assigned', agent: { id: issue.assigneeUserId } });
      // The last change of status left the issue where it is.
      expect(trail.findLast((a) => a.toStatus)?.toStatus).toBe(issue.status);
      expect(trail.filter((a) => a.kind === 'tag_added').map((a) => a.tag?.name)).toEqual(
        tagged.filter((tg) => tg.issueId === issue.id).map((tg) => tg.name),
      );
      expect(kinds.includes('note')).toBe(issue.note !== '');
      expect(kinds.includes('close_requested')).toBe(issue.closeRequestedAt !== null);
      const next = rows.find((r) => r.transferredFromIssueId === issue.id);
      expect(trail.filter((a) => a.kind === 'transferred').map((a) => a.relatedIssueId)).toEqual(
        next ? [next.id] : [],
      );
      for (const a of trail) {
        expect(new Date(a.at).getTime()).toBeGreaterThanOrEqual(issue.startDate.getTime());
        expect(new Date(a.at).getTime()).toBeLessThanOrEqual(issue.lastResponseAt.getTime());
      }
    }
  });

  it('stores channel secrets encrypted', async () => {
    const [line] = await t.db.orm.select().from(channels).where(eq(channels.externalId, DEMO_LINE.channelId));
    expect(line!.secretEncrypted).not.toContain(DEMO_LINE.secret);
    expect(t.deps.cipher.decrypt(line!.secretEncrypted!)).toBe(DEMO_LINE.secret);
  });

  it('keeps "Second Shop" out of "Sabai Demo" data', async () => {
    const pair = await signIn(t, { email: SECOND_ORG_ADMIN.email, password: DEMO_PASSWORD });
    const me = await call(t.app, 'GET', '/api/v1/me', { token: pair.accessToken });
    expect(me.json().organization.name).toBe(SECOND_ORG);
    const [demoRole] = await t.db.orm
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.organizationId, demoOrgId));
    const res = await call(t.app, 'GET', `/api/v1/roles/${demoRole!.id}`, { token: pair.accessToken });
    expect(res.statusCode).toBe(404);
    const own = await call(t.app, 'GET', '/api/v1/roles', { token: pair.accessToken });
    expect(own.json().every((r: { id: string }) => r.id !== demoRole!.id)).toBe(true);
    expect((await call(t.app, 'GET', '/api/v1/organization', { token: pair.accessToken })).statusCode).toBe(
      403,
    );
  });
});
