// A comment that opens an issue for a team that assigns automatically is handed out as the ingest commits,
// like a customer's first message: no `issue.assign` job of its own, and given out before the team's
// delayed fallback hand-out could run.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { eventually, startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildUser } from '../../../test/factories';
import { buildStaffedTeam, issueRows, setAvailability } from '../../../test/settings';
import { channels } from '../../db/schema';
import { BOSS_SCHEMA } from '../../platform/jobs';

let h: ChannelHarness;

beforeAll(async () => {
  h = await startChannelHarness();
});

it("a new commenter's issue on an automatic team is handed out as the ingest commits", async () => {
  const agent = await buildUser(h.t, h.org, 'Staff');
  const team = await buildStaffedTeam(h.t, h.org, {
    assignmentMode: 'auto',
    members: [{ userId: agent.id }],
  });
  await setAvailability(h.t, h.org, [agent.id], 'online');
  const fb = await h.connectMeta('facebook');
  await h.t.db.orm.update(channels).set({ assignedTeamId: team.id }).where(eq(channels.id, fb.id));

  const post = h.sim.comments.publish(fb.accountId, { text: 'Linen shirts 590฿' });
  const { commentId } = await h.sim.comments.comment(
    fb.accountId,
    `${Date.now()}`.slice(-15),
    post.postId,
    'CF M',
    {
      name: 'Khun Ploy',
    },
  );
  const { issueId } = await storedMessage(h.t, fb.id, commentId);
  const [issue] = await eventually(async () => {
    const rows = await issueRows(h.t, [issueId]);
    return rows[0]?.assigneeUserId ? rows : null;
  });
  expect(issue).toMatchObject({ assigneeUserId: agent.id, status: 'on-going' });

  const jobs = await h.t.db.query<{ name: string; start_after: Date }>(
    `SELECT name, start_after FROM ${BOSS_SCHEMA}.job
      WHERE data->>'teamId' = $1 OR (data->>'issueId')::bigint = $2`,
    [team.id, issueId],
  );
  expect(jobs.map((j) => j.name)).toEqual(['team.assign_backlog']);
  const [assigned] = await h.t.db.query<{ assigned_at: Date }>(
    'SELECT assigned_at FROM issues WHERE id = $1',
    [issueId],
  );
  expect(assigned!.assigned_at.getTime()).toBeLessThan(jobs[0]!.start_after.getTime());
});
