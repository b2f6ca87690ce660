// Auto-assignment: who receives an issue, in what order, and that one issue never goes to two
// agents, even with two workers racing. Issues are written directly and the job function is called directly
// (the settings routes and the job queue are covered in assignment.routes.test.ts).
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { TEST_DB_KIND } from '../../../test/db';
import { buildOrganization, buildUser, type TestOrg } from '../../../test/factories';
import {
  buildChannel,
  buildIssues,
  buildStaffedTeam,
  issueRows,
  OFFICE_SHIFT,
  setAvailability,
} from '../../../test/settings';
import { issueActivities, notifications, organizations, teams, timeOffRequests } from '../../db/schema';
import type { Deps } from '../../deps';
import { assignIssue, handOutBacklog, runAssignJob, type AssignResult } from './assignment.service';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await buildOrganization(t);
});

/** Online agents of a new auto team, and its channel. */
async function autoTeam(n: number, opts: { method?: 'round_robin' | 'least_contact'; inOrg?: TestOrg } = {}) {
  const o = opts.inOrg ?? org;
  const agents = await Promise.all(Array.from({ length: n }, () => buildUser(t, o, 'Staff')));
  const team = await buildStaffedTeam(t, o, {
    assignmentMode: 'auto',
    assignmentMethod: opts.method ?? 'round_robin',
    members: agents.map((a) => ({ userId: a.id })),
  });
  await setAvailability(
    t,
    o,
    agents.map((a) => a.id),
    'online',
  );
  const channel = await buildChannel(t, o, team.id);
  return { team, channel, agents: agents.map((a) => a.id) };
}

/** Assigns `ids` in order with `concurrency` parallel loops, as a worker process would. */
async function runWorker(deps: Deps, ids: number[], concurrency = 1) {
  const outcomes: AssignResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) outcomes.push(await assignIssue(deps, ids[next++]!));
    }),
  );
  return outcomes;
}

const countBy = (values: Array<string | null>) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [String(v)]: (acc[String(v)] ?? 0) + 1 }), {});

async function notificationsPerIssue(ids: number[]) {
  const rows = await t.db.orm
    .select({ issueId: notifications.issueId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(inArray(notifications.issueId, ids))
    .groupBy(notifications.issueId);
  return rows.map((r) => r.n);
}

describe('auto-assignment', () => {
  it('assigns to an online agent: on-going, notified, and safe to run twice', async () => {
    const { channel, team, agents } = await autoTeam(1);
    const [id] = await buildIssues(t, org, { teamId: team.id, channelId: channel.id });
    expect(await assignIssue(t.deps, id!)).toEqual({ outcome: 'assigned', userId: agents[0] });
    expect(await assignIssue(t.deps, id!)).toEqual({ outcome: 'skipped' });
    expect(await issueRows(t, [id!])).toEqual([{ id, assigneeUserId: agents[0], status: 'on-going' }]);
    const [notice] = await t.db.orm.select().from(notifications).where(eq(notifications.issueId, id!));
    expect(notice).toMatchObject({
      userId: agents[0],
      type: 'issue_assigned',
      channelType: 'line',
      channelName: channel.name,
    });
    expect(await notificationsPerIssue([id!])).toEqual([1]);
  });

  it('leaves manual teams and issues without a team alone', async () => {
    const { channel, team } = await autoTeam(1);
    await t.db.orm.update(teams).set({ assignmentMode: 'manual' }).where(eq(teams.id, team.id));
    const [manual] = await buildIssues(t, org, { teamId: team.id, channelId: channel.id });
    const [teamless] = await buildIssues(t, org, { teamId: null, channelId: channel.id });
    expect(await assignIssue(t.deps, manual!)).toEqual({ outcome: 'manual' });
    expect(await assignIssue(t.deps, teamless!)).toEqual({ outcome: 'manual' });
    expect((await issueRows(t, [manual!, teamless!])).map((r) => r.assigneeUserId)).toEqual([null, null]);
  });

  it('round robin is fair over 1,000 issues: each agent within one of the others', async () => {
    const { channel, team, agents } = await autoTeam(3);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 1000 });
    const started = performance.now();
    expect(await handOutBacklog(t.deps, team.id, 5000)).toEqual({ assigned: 1000, more: false });
    const perIssueMs = (performance.now() - started) / 1000;
    const rows = await issueRows(t, ids);
    const counts = countBy(rows.map((r) => r.assigneeUserId));
    expect(Object.keys(counts).sort()).toEqual([...agents].sort());
    expect(Math.max(...Object.values(counts)) - Math.min(...Object.values(counts))).toBeLessThanOrEqual(1);
    // Strict rotation: consecutive issues never go to the same agent.
    const byId = new Map(rows.map((r) => [r.id, r.assigneeUserId]));
    for (let i = 1; i < ids.length; i++) expect(byId.get(ids[i]!)).not.toBe(byId.get(ids[i - 1]!));
    console.warn(`[figure] ${TEST_DB_KIND}: sequential assignment ${perIssueMs.toFixed(2)} ms per issue`);
  });

  it('hands out a backlog oldest first, and stops at its limit', async () => {
    const { channel, team } = await autoTeam(2);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 5 });
    expect(await handOutBacklog(t.deps, team.id, 2)).toEqual({ assigned: 2, more: true });
    const rows = await issueRows(t, ids);
    expect(rows.filter((r) => r.assigneeUserId).map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(await handOutBacklog(t.deps, team.id)).toEqual({ assigned: 3, more: false });
  });

  it('records every automatic assignment on its issue’s trail, with no actor, once', async () => {
    const { channel, team, agents } = await autoTeam(2);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 3 });
    expect(await handOutBacklog(t.deps, team.id)).toEqual({ assigned: 3, more: false });
    expect(await handOutBacklog(t.deps, team.id)).toEqual({ assigned: 0, more: false });
    const rows = await issueRows(t, ids);
    const recorded = await t.db.orm
      .select()
      .from(issueActivities)
      .where(inArray(issueActivities.issueId, ids))
      .orderBy(issueActivities.issueId);
    expect(recorded).toEqual(
      rows.map((r) =>
        expect.objectContaining({
          issueId: r.id,
          organizationId: org.id,
          actorUserId: null,
          kind: 'assigned',
          fromStatus: 'un-assigned',
          toStatus: 'on-going',
          data: { userId: r.assigneeUserId, teamId: team.id, previousUserId: null, automatic: true },
        }),
      ),
    );
    expect(new Set(rows.map((r) => r.assigneeUserId))).toEqual(new Set(agents));
  });

  it("a new issue's job hands out the older waiting issues of its team first", async () => {
    const { channel, team, agents } = await autoTeam(2);
    const sorted = [...agents].sort();
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 3 });
    const job = { id: 'job', name: 'issue.assign', retryCount: 0, retryLimit: 3 };
    await runAssignJob(t.deps, { ...job, data: { issueId: ids[2]! } });
    expect((await issueRows(t, ids)).map((r) => r.assigneeUserId)).toEqual([sorted[0], sorted[1], sorted[0]]);
    // Run again (a retry, a duplicate): nothing changes.
    await runAssignJob(t.deps, { ...job, data: { issueId: ids[2]! } });
    expect(await notificationsPerIssue(ids)).toEqual([1, 1, 1]);
  });

  it('round robin continues after the last assignee when agents come and go', async () => {
    const { channel, team, agents } = await autoTeam(3);
    const sorted = [...agents].sort();
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 4 });
    expect((await assignIssue(t.deps, ids[0]!)) as { userId: string }).toMatchObject({ userId: sorted[0] });
    // The next in the rotation goes offline: the one after them comes next, then the rotation wraps.
    await setAvailability(t, org, [sorted[1]!], 'offline');
    expect(await assignIssue(t.deps, ids[1]!)).toMatchObject({ userId: sorted[2] });
    expect(await assignIssue(t.deps, ids[2]!)).toMatchObject({ userId: sorted[0] });
    await setAvailability(t, org, [sorted[1]!], 'online');
    expect(await assignIssue(t.deps, ids[3]!)).toMatchObject({ userId: sorted[1] });
  });

  it('least contact picks the agent with the fewest open issues, ties by rotation', async () => {
    const { channel, team, agents } = await autoTeam(3, { method: 'least_contact' });
    const [a, b, c] = agents as [string, string, string];
    // Open work: a 3, b 1 (plus closed ones, which do not count), c 2.
    await buildIssues(t, org, {
      teamId: team.id,
      channelId: channel.id,
      count: 3,
      status: 'on-going',
      assigneeUserId: a,
    });
    await buildIssues(t, org, {
      teamId: team.id,
      channelId: channel.id,
      count: 1,
      status: 'waiting',
      assigneeUserId: b,
    });
    await buildIssues(t, org, {
      teamId: team.id,
      channelId: channel.id,
      count: 5,
      status: 'close',
      assigneeUserId: b,
    });
    await buildIssues(t, org, {
      teamId: team.id,
      channelId: channel.id,
      count: 2,
      status: 'on-going',
      assigneeUserId: c,
    });
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 4 });
    expect(await assignIssue(t.deps, ids[0]!)).toEqual({ outcome: 'assigned', userId: b });
    // b and c now have 2 each: the rotation after b decides between them.
    const next = (await assignIssue(t.deps, ids[1]!)) as { userId: string };
    expect([b, c]).toContain(next.userId);
    expect(next.userId).toBe([b, c].sort().find((id) => id > b) ?? [b, c].sort()[0]);
    // Everyone at 3 after the next; then the rotation continues.
    const third = (await assignIssue(t.deps, ids[2]!)) as { userId: string };
    expect(third.userId).toBe(next.userId === b ? c : b);
    const counts = countBy((await issueRows(t, ids.slice(0, 3))).map((r) => r.assigneeUserId));
    expect(counts[a]).toBeUndefined();
  });

  it('never gives an issue to someone on break, off shift, on leave, offline or inactive (organisation time zone)', async () => {
    const own = await buildOrganization(t);
    // 10:30 in London on Monday 2026-11-23 (UTC+0 in winter); 17:30 in Bangkok.
    await t.db.orm
      .update(organizations)
      .set({ timeZone: 'Europe/London' })
      .where(eq(organizations.id, own.id));
    t.clock.set(new Date('2026-11-23T10:30:00Z'));
    try {
      const [onBreak, offShift, onLeave, offline, weekend, ready] = await Promise.all(
        Array.from({ length: 6 }, () => buildUser(t, own, 'Staff')),
      );
      const team = await buildStaffedTeam(t, own, {
        assignmentMode: 'auto',
        members: [
          { userId: onBreak!.id, shift: { ...OFFICE_SHIFT, breakStart: '10:00', breakStop: '11:00' } },
          {
            userId: offShift!.id,
            shift: { ...OFFICE_SHIFT, workStart: '13:00', breakStart: '14:00', breakStop: '15:00' },
          },
          { userId: onLeave!.id, shift: OFFICE_SHIFT },
          { userId: offline!.id, shift: OFFICE_SHIFT },
          { userId: weekend!.id, shift: { ...OFFICE_SHIFT, workingDays: [6, 7] } },
          { userId: ready!.id, shift: OFFICE_SHIFT },
        ],
      });
      await setAvailability(
        t,
        own,
        [onBreak, offShift, onLeave, weekend, ready].map((u) => u!.id),
        'online',
      );
      await t.db.orm.insert(timeOffRequests).values([
        {
          organizationId: own.id,
          userId: onLeave!.id,
          teamId: team.id,
          startsAt: new Date('2026-11-23T00:00:00Z'),
          endsAt: new Date('2026-11-24T00:00:00Z'),
          status: 'approved',
        },
        // Pending and past leave do not count.
        {
          organizationId: own.id,
          userId: ready!.id,
          startsAt: new Date('2026-11-23T00:00:00Z'),
          endsAt: new Date('2026-11-24T00:00:00Z'),
          status: 'pending',
        },
        {
          organizationId: own.id,
          userId: ready!.id,
          startsAt: new Date('2026-11-20T00:00:00Z'),
          endsAt: new Date('2026-11-21T00:00:00Z'),
          status: 'approved',
        },
      ]);
      const channel = await buildChannel(t, own, team.id);
      const ids = await buildIssues(t, own, { teamId: team.id, channelId: channel.id, count: 5 });
      for (const id of ids.slice(0, 3)) {
        expect(await assignIssue(t.deps, id)).toEqual({ outcome: 'assigned', userId: ready!.id });
      }
      // Without the one available agent the issue waits.
      await setAvailability(t, own, [ready!.id], 'offline');
      expect(await assignIssue(t.deps, ids[3]!)).toEqual({ outcome: 'no_agent' });
      expect(await issueRows(t, [ids[3]!])).toEqual([
        { id: ids[3], assigneeUserId: null, status: 'un-assigned' },
      ]);
      // The break ends at 11:00: the member on break is available again.
      t.clock.set(new Date('2026-11-23T11:00:00Z'));
      expect(await assignIssue(t.deps, ids[3]!)).toEqual({ outcome: 'assigned', userId: onBreak!.id });
      // In Bangkok time (18:00) everyone's office shift is over.
      await t.db.orm
        .update(organizations)
        .set({ timeZone: 'Asia/Bangkok' })
        .where(eq(organizations.id, own.id));
      expect(await assignIssue(t.deps, ids[4]!)).toEqual({ outcome: 'no_agent' });
      await t.db.orm.update(teams).set({ assignmentMode: 'manual' }).where(eq(teams.id, team.id));
    } finally {
      t.clock.set(null as unknown as Date);
    }
  });

  it('gives issues to the manager only as the manager working type says', async () => {
    const own = await buildOrganization(t);
    t.clock.set(new Date('2026-11-23T15:00:00Z')); // 22:00 Monday in Bangkok: outside office hours
    try {
      const boss = await buildUser(t, own, 'Manager');
      const member = await buildUser(t, own, 'Staff');
      const team = await buildStaffedTeam(t, own, {
        assignmentMode: 'auto',
        managerUserId: boss.id,
        managerWorkingType: 'never',
        members: [
          { userId: member.id, shift: OFFICE_SHIFT },
          { userId: boss.id, shift: OFFICE_SHIFT },
        ],
      });
      await setAvailability(t, own, [boss.id, member.id], 'online');
      const channel = await buildChannel(t, own, team.id);
      const [id] = await buildIssues(t, own, { teamId: team.id, channelId: channel.id });
      const withType = async (type: 'never' | 'working_hours' | 'always') => {
        await t.db.orm.update(teams).set({ managerWorkingType: type }).where(eq(teams.id, team.id));
        return assignIssue(t.deps, id!);
      };
      expect(await withType('never')).toEqual({ outcome: 'no_agent' });
      expect(await withType('working_hours')).toEqual({ outcome: 'no_agent' });
      expect(await withType('always')).toEqual({ outcome: 'assigned', userId: boss.id });
      // In working hours with `never`, only the member.
      t.clock.set(new Date('2026-11-23T03:00:00Z'));
      const [next] = await buildIssues(t, own, { teamId: team.id, channelId: channel.id });
      await t.db.orm.update(teams).set({ managerWorkingType: 'never' }).where(eq(teams.id, team.id));
      expect(await assignIssue(t.deps, next!)).toEqual({ outcome: 'assigned', userId: member.id });
    } finally {
      t.clock.set(null as unknown as Date);
    }
  });

  it('two workers racing over 1,000 new issues assign each exactly once', async () => {
    const { channel, team, agents } = await autoTeam(4);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 1000 });
    // PostgreSQL: a second application with its own pool races this one, as a second worker process would.
    // PGlite is one connection in one process: the job functions run concurrently over the same issues.
    const second = TEST_DB_KIND === 'postgres' ? await startTestApp() : t;
    // Each worker runs the `issue.assign` job for every issue (4 at a time, the two in opposite orders, so
    // they collide all along) while a backlog hand-out (coming online, the minute sweep) runs on each too.
    const worker = async (deps: Deps, order: number[]) => {
      const [outcomes, backlog] = await Promise.all([
        runWorker(deps, order, 4),
        handOutBacklog(deps, team.id),
      ]);
      return outcomes.filter((o) => o.outcome === 'assigned').length + backlog.assigned;
    };
    const started = performance.now();
    const assigned = await Promise.all([worker(t.deps, ids), worker(second.deps, [...ids].reverse())]);
    const elapsed = performance.now() - started;
    // Every issue assigned, and exactly once: one notification each. The workers' own counts may fall short
    // of 1,000 by what the app's minute sweep (a background job of the same apps) handed out meanwhile, a
    // batch of 100 when the race spans a minute boundary; they never exceed it.
    const rows = await issueRows(t, ids);
    expect(rows.every((r) => r.assigneeUserId !== null && r.status === 'on-going')).toBe(true);
    expect(await notificationsPerIssue(ids)).toEqual(Array(1000).fill(1));
    const trail = await t.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(issueActivities)
      .where(inArray(issueActivities.issueId, ids))
      .groupBy(issueActivities.issueId);
    expect(trail.map((r) => r.n)).toEqual(Array(1000).fill(1));
    expect(assigned[0] + assigned[1]).toBeLessThanOrEqual(1000);
    // The rotation stayed fair through the race.
    const counts = Object.values(countBy(rows.map((r) => r.assigneeUserId)));
    expect(counts).toHaveLength(agents.length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    console.warn(
      `[figure] ${TEST_DB_KIND}: 2 workers racing, 1,000 issues of one team in ${elapsed.toFixed(0)} ms (split ${assigned.join('/')})`,
    );
  });

  it('one issue job at a time: each assigns in one transaction, in order', async () => {
    const { channel, team } = await autoTeam(2);
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 50 });
    const started = performance.now();
    const outcomes = await runWorker(t.deps, ids, 1);
    expect(outcomes.every((o) => o.outcome === 'assigned')).toBe(true);
    console.warn(
      `[figure] ${TEST_DB_KIND}: issue.assign job ${((performance.now() - started) / 50).toFixed(1)} ms per issue`,
    );
  });
});
