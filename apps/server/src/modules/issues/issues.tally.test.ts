import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import type { TestUser } from '../../../test/factories';
import { contacts, issueStatusTally, teams } from '../../db/schema';
import { rowsOf } from '../../platform/db';
import { foldStatusTally } from './issues.tally';

let t: TestApp;
let w: Workspace;
beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
});

async function api(user: TestUser, method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, body?: unknown) {
  const res = await call(t.app, method, `/api/v1${url}`, { token: await w.tokenOf(user), body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/**
 * Every caller's tab counts under every filter the tally answers, next to the same counts taken by scanning
 * the issues (a start-date filter every issue passes sends the count to the issues table).
 */
async function expectTallyMatchesScan() {
  const filters = ['', `team=${w.teamA.id}`, `channel=${w.facebook.id}`, 'agent=none', 'myIssue=true'];
  for (const user of [w.admin, w.manager, w.managerB, w.staff]) {
    for (const filter of filters) {
      const tallied = await api(user, 'GET', `/issues/status-counts?${filter}`);
      const scanned = await api(user, 'GET', `/issues/status-counts?${filter}&startDate=2000-01-01`);
      expect(tallied, `${user.email} ${filter}`).toEqual(scanned);
    }
  }
}

describe('status tally', () => {
  it('counts what a scan counts through assignment, status changes, transfers and deletions, folded or not', async () => {
    const ongoing = (await w.addIssue({ assignee: w.staff })).id;
    const waiting = (await w.addIssue({ status: 'un-assigned', channel: 'facebook' })).id;
    const teamB = (await w.addIssue({ team: 'B', assignee: w.staffB })).id;
    await w.addIssue({ team: null });
    const gone = await w.addIssue({ assignee: w.staff2 });
    await expectTallyMatchesScan();
    expect((await api(w.admin, 'GET', '/issues/status-counts')).total).toBe(5);

    await api(w.manager, 'PUT', `/issues/${waiting}/assignee`, { userId: w.staff2.id });
    await api(w.manager, 'PATCH', `/issues/${ongoing}`, { kind: 'status', status: 'resolved-success' });
    await api(w.manager, 'PATCH', `/issues/${ongoing}`, { kind: 'status', status: 'close' });
    await api(w.admin, 'POST', `/issues/${teamB}/transfer`, { teamId: w.teamA.id, userId: w.staff.id });
    // Straight in the database: a cascade deletes an issue, a team's deletion empties its issues' team.
    await t.db.orm.delete(contacts).where(eq(contacts.id, gone.contactId));
    await t.db.orm.delete(teams).where(eq(teams.id, w.teamB.id));
    await expectTallyMatchesScan();

    await foldStatusTally(t.db.orm);
    await expectTallyMatchesScan();
    const rows = await t.db.orm
      .select()
      .from(issueStatusTally)
      .where(eq(issueStatusTally.organizationId, w.org.id));
    expect(rows.every((r) => r.folded && r.n > 0)).toBe(true);
    const keys = rows.map((r) => [r.teamId, r.channelId, r.assigneeUserId, r.status].join());
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(5); // the transfer added one, the deletion took one
  });

  it('folds only what sums to something, and keeps counting new changes after a fold', async () => {
    const other = await buildWorkspace(t);
    const issue = (await other.addIssue({ assignee: other.staff })).id;
    await foldStatusTally(t.db.orm);
    const res = await call(t.app, 'PATCH', `/api/v1/issues/${issue}`, {
      token: await other.tokenOf(other.manager),
      body: { kind: 'status', status: 'resolved-un-success' },
    });
    expect(res.statusCode).toBe(200);
    const unfolded = await t.db.orm.execute(
      sql`SELECT status, n FROM issue_status_tally WHERE organization_id = ${other.org.id} AND NOT folded ORDER BY n`,
    );
    expect(rowsOf(unfolded)).toEqual([
      { status: 'on-going', n: -1 },
      { status: 'resolved-un-success', n: 1 },
    ]);
    await foldStatusTally(t.db.orm);
    const folded = await t.db.orm
      .select({ status: issueStatusTally.status, n: issueStatusTally.n })
      .from(issueStatusTally)
      .where(eq(issueStatusTally.organizationId, other.org.id));
    expect(folded).toEqual([{ status: 'resolved-un-success', n: 1 }]);
  });
});

// PGlite has no statement timeout (one process, no timer signals): a search there is always counted, and
// this runtime's test exists on PostgreSQL only.
if (process.env.TEST_DB === 'postgres') {
  describe('status counts under a search', () => {
    it('answers without numbers when counting would outlast the time box, and the tabs without a search still count', async () => {
      await w.addIssue({ text: 'ขอเปลี่ยนไซซ์' });
      expect((await api(w.admin, 'GET', '/issues/status-counts?search=ไซซ์')).total).toBe(1);

      // Another transaction holds the messages table, as a count over millions of messages would hold the time.
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.db.orm.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE messages IN ACCESS EXCLUSIVE MODE`);
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isLocked;
      try {
        // The lock is held until the answer came: only the time box can end the count.
        expect(await api(w.admin, 'GET', '/issues/status-counts?search=ไซซ์')).toEqual({
          counts: null,
          total: null,
        });
        expect((await api(w.admin, 'GET', '/issues/status-counts')).total).toBeGreaterThan(0);
      } finally {
        release();
        await holder;
      }
    });
  });
}
