// The stored days agree with the raw facts: rolled up day by day as facts arrive (incremental) equals a
// rebuild from scratch, the roll-up job is idempotent, and a report read from stored days equals the same
// report read from the raw facts alone.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_KEYS, type ReportCounters } from '@sabai/domain';
import { startTestApp, type TestApp } from '../../../test/app';
import { bkk, buildReportFixture } from '../../../test/reports';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issueActivities, issueTags, responseIntervals } from '../../db/schema';
import { rowsOf } from '../../platform/db';
import { readPeriod } from './reports.period';
import { rolledThrough, type Grouping } from './reports.repo';
import { rebuildOrganization, rollUpAll, rollUpOrganization } from './reports.rollup';

const TZ = 'Asia/Bangkok';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});

async function storedRows(organizationId: string) {
  const daily = rowsOf(
    await t.db.orm.execute(sql`
      SELECT day::text, channel_id, team_id, agent_user_id, ${sql.raw(
        COUNTER_KEYS.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).join(', '),
      )}
      FROM report_daily WHERE organization_id = ${organizationId} ORDER BY 1, 2, 3 NULLS FIRST, 4 NULLS FIRST`),
  );
  const tags = rowsOf(
    await t.db.orm.execute(sql`
      SELECT day::text, channel_id, team_id, tag_id, issues FROM report_daily_tags
      WHERE organization_id = ${organizationId} ORDER BY 1, 2, 3 NULLS FIRST, 4`),
  );
  return { daily, tags };
}

/** One issue's facts on a June 2027 day: started, answered, resolved (days after today, so no job stores them). */
async function addFacts(w: Workspace, day: string, v: { success: boolean; resolveOn?: string }) {
  const issue = await w.addIssue({
    channel: 'line',
    team: 'A',
    assignee: w.staff,
    at: bkk(`${day}T08:00:00`),
    tagged: true,
  });
  await t.db.orm.insert(responseIntervals).values({
    organizationId: w.org.id,
    issueId: issue.id,
    channelId: issue.channelId,
    teamId: issue.teamId,
    agentUserId: issue.assigneeUserId,
    customerAt: bkk(`${day}T08:00:00`),
    repliedAt: bkk(`${day}T08:05:00`),
    isFirstResponse: true,
  });
  const resolveDay = v.resolveOn ?? day;
  await t.db.orm.insert(issueActivities).values({
    organizationId: w.org.id,
    issueId: issue.id,
    kind: 'status',
    fromStatus: 'on-going',
    toStatus: v.success ? 'resolved-success' : 'resolved-un-success',
    createdAt: bkk(`${resolveDay}T23:30:00`),
  });
  return issue;
}

describe('report roll-up', () => {
  it('stores day by day as facts arrive, and a rebuild from the raw facts stores the same rows', async () => {
    const w = await buildWorkspace(t);
    await addFacts(w, '2027-06-07', { success: true });
    await addFacts(w, '2027-06-07', { success: false, resolveOn: '2027-06-08' });
    // 00:20 on the 8th: the 7th has settled.
    expect(await rollUpOrganization(t.db, w.org.id, TZ, bkk('2027-06-08T00:20:00'))).toBe(1);
    expect(await rolledThrough(t.db.orm, w.org.id)).toBe('2027-06-07');

    const later = await addFacts(w, '2027-06-08', { success: true });
    await t.db.orm.insert(issueTags).values({ issueId: later.id, tagId: w.vip.id }).onConflictDoNothing();
    // 00:10 on the 9th: the 8th has not settled yet (late webhooks may still land in it).
    expect(await rollUpOrganization(t.db, w.org.id, TZ, bkk('2027-06-09T00:10:00'))).toBe(0);
    expect(await rollUpOrganization(t.db, w.org.id, TZ, bkk('2027-06-09T00:20:00'))).toBe(1);
    // The job is idempotent: again, nothing more is stored.
    expect(await rollUpOrganization(t.db, w.org.id, TZ, bkk('2027-06-09T00:20:00'))).toBe(0);

    const incremental = await storedRows(w.org.id);
    expect(incremental.daily).toHaveLength(2);
    expect(incremental.tags).toHaveLength(2);
    expect(await rebuildOrganization(t.db, w.org.id, TZ, bkk('2027-06-09T00:20:00'))).toBe(2);
    expect(await storedRows(w.org.id)).toEqual(incremental);
  });

  it('runs the job for every organisation twice without storing anything twice', async () => {
    const f = await buildReportFixture(t);
    const now = bkk('2027-03-10T10:00:00');
    await rollUpAll(t.db, now);
    const once = await storedRows(f.org.id);
    await rollUpAll(t.db, now);
    expect(await storedRows(f.org.id)).toEqual(once);
    expect(await rolledThrough(t.db.orm, f.org.id)).toBe('2027-03-09');
  });

  it('reads the same counters from stored days as from the raw facts alone', async () => {
    const f = await buildReportFixture(t);
    const now = bkk('2027-03-10T10:00:00');
    await rebuildOrganization(t.db, f.org.id, TZ, now);
    const groupings: Grouping[] = ['total', 'day', 'channel', 'team', 'agent', 'teamAgent'];
    const filter = { channelIds: null, teamIds: null };
    const period = { from: '2027-02-15', to: '2027-03-10' };
    const base = { organizationId: f.org.id, timeZone: TZ, now };
    const stored = await readPeriod(
      t.db.orm,
      { ...base, rolledThrough: '2027-03-09' },
      period,
      filter,
      groupings,
      true,
    );
    const raw = await readPeriod(t.db.orm, { ...base, rolledThrough: null }, period, filter, groupings, true);
    const plain = (m: Map<string, ReportCounters>) =>
      Object.fromEntries(
        [...m].map(([k, c]) => [k, Object.fromEntries(COUNTER_KEYS.map((key) => [key, c[key]]))]),
      );
    for (const g of groupings) expect(plain(stored.groups.get(g)!)).toEqual(plain(raw.groups.get(g)!));
    expect(stored.tags).toEqual(raw.tags);
    expect(stored.groups.get('total')!.get('')!.issues).toBe(5);
  });
});
