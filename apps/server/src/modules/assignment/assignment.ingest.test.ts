// The ingest hands out the waiting issues of automatic teams as soon as its transaction commits: the issue
// is assigned without any job worker running (this app has none, as a ROLES=http process), while a delayed
// hand-out job per team stays queued as the durable path. A customer writing on an issue still waiting
// (a hand-out skipped it, or nobody was available) starts a hand-out too. And a burst of `issue.assign`
// jobs of one team (transfers, issues opened by hand) shares hand-outs.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { eventually } from '../../../test/channels';
import { lineTextBody } from '../../../test/line-webhook';
import { buildOrganization, buildUser, type TestOrg } from '../../../test/factories';
import {
  buildChannel,
  buildIssues,
  buildStaffedTeam,
  issueRows,
  setAvailability,
} from '../../../test/settings';
import { contactIdentities, issues } from '../../db/schema';
import { processInboundBatch } from '../inbound';
import type { InboundRow } from '../../platform/ingest-queue';
import { BOSS_SCHEMA } from '../../platform/jobs';
import { handOutsSettled, runAssignJob } from './assignment.service';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp({}, { runWorkers: false });
  org = await buildOrganization(t);
});

async function autoTeamChannel(agents: number) {
  const ids = await Promise.all(
    Array.from({ length: agents }, async () => (await buildUser(t, org, 'Staff')).id),
  );
  const team = await buildStaffedTeam(t, org, {
    assignmentMode: 'auto',
    members: ids.map((userId) => ({ userId })),
  });
  await setAvailability(t, org, ids, 'online');
  return { team, agents: ids, channel: await buildChannel(t, org, team.id) };
}

let rowId = 2_000_000;
/** A stored LINE delivery of one text from `userId`, as the ingest queue hands it over. */
const lineText = (channelKey: string, userId: string): InboundRow => ({
  id: ++rowId,
  provider: 'line',
  channelKey,
  body: lineTextBody('สวัสดีค่ะ', { userId }),
  attempts: 1,
});

describe('hand-outs', () => {
  it("a new customer's issue is assigned once the ingest commits, with no job worker", async () => {
    const { team, channel, agents } = await autoTeamChannel(1);
    const customers = ['Ua', 'Ub', 'Uc'].map((p) => `${p}${Date.now().toString(16).padStart(31, '0')}`);
    await processInboundBatch(
      t.deps,
      customers.map((userId) => lineText(channel.externalId, userId)),
    );
    const opened = await t.db.orm
      .select({ id: issues.id })
      .from(issues)
      .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
      .where(and(eq(issues.channelId, channel.id), inArray(contactIdentities.externalUserId, customers)));
    expect(opened).toHaveLength(3);
    const ids = opened.map((o) => o.id);
    const rows = await eventually(async () => {
      const found = await issueRows(t, ids);
      return found.every((r) => r.assigneeUserId !== null) && found;
    });
    expect(rows.every((r) => r.assigneeUserId === agents[0] && r.status === 'on-going')).toBe(true);
    // One hand-out job for the team was committed with the issues, to run later should the hand-out not
    // have: it waits for a worker, and no issue has a job of its own.
    const queued = await t.db.query<{ name: string; delay: number }>(
      `SELECT name, extract(epoch FROM start_after - created_on)::float AS delay FROM ${BOSS_SCHEMA}.job
        WHERE state = 'created' AND (data->>'teamId' = $1 OR (data->>'issueId')::bigint = ANY($2))`,
      [team.id, ids],
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ name: 'team.assign_backlog' });
    expect(queued[0]!.delay).toBeGreaterThanOrEqual(4);
  });

  it('an issue still waiting is handed out when its customer writes again', async () => {
    const { channel, agents } = await autoTeamChannel(1);
    await setAvailability(t, org, agents, 'offline');
    const customer = `Ud${Date.now().toString(16).padStart(31, '0')}`;
    await processInboundBatch(t.deps, [lineText(channel.externalId, customer)]);
    const [issue] = await t.db.orm
      .select({ id: issues.id })
      .from(issues)
      .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
      .where(and(eq(issues.channelId, channel.id), eq(contactIdentities.externalUserId, customer)));
    await handOutsSettled(t.deps);
    expect((await issueRows(t, [issue!.id]))[0]!.assigneeUserId).toBeNull();

    // The agent is back (nothing hands out on that here); the customer's next message does.
    await setAvailability(t, org, agents, 'online');
    await processInboundBatch(t.deps, [lineText(channel.externalId, customer)]);
    const [row] = await eventually(async () => {
      const found = await issueRows(t, [issue!.id]);
      return found[0]!.assigneeUserId !== null && found;
    });
    expect(row).toMatchObject({ assigneeUserId: agents[0], status: 'on-going' });
  });

  it("a burst of one team's jobs assigns each issue once, oldest first, in rotation", async () => {
    const { team, channel, agents } = await autoTeamChannel(2);
    const sorted = [...agents].sort();
    const ids = await buildIssues(t, org, { teamId: team.id, channelId: channel.id, count: 30 });
    const job = { id: 'job', name: 'issue.assign', retryCount: 0, retryLimit: 3 };
    // Every job at once, newest first: they join the team's hand-outs instead of each running one.
    await Promise.all(
      [...ids].reverse().map((issueId) => runAssignJob(t.deps, { ...job, data: { issueId } })),
    );
    const rows = await issueRows(t, ids);
    expect(rows.map((r) => r.assigneeUserId)).toEqual(ids.map((_, i) => sorted[i % 2]));
    // Run again (a retry, a duplicate): nothing changes.
    await Promise.all(ids.map((issueId) => runAssignJob(t.deps, { ...job, data: { issueId } })));
    expect(await issueRows(t, ids)).toEqual(rows);
  });
});
