// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// The activity trail: what each change of an issue records, as GET /issues/:id/activity
// serves it (oldest first, names resolved), and who may read it.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueActivity } from '@sabai/contracts';
import { startTestApp, type TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { buildStaffedTeam, setAvailability } from '../../../test/settings';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issueActivities } from '../../db/schema';
import { assignIssue } from '../assignment';

let t: TestApp;
let w: Workspace;
beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
});

const api = (...args: Parameters<Workspace['api']>) => w.api(...args);

async function trailOf(id: number, user: TestUser = w.admin): Promise<IssueActivity[]> {
  const res = await api(user, 'GET', `/issues/${id}/activity`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const person = (u: TestUser, displayName: string) => ({ id: u.id, displayName });
const NOBODY = { agent: null, previousAgent: null, team: null, tag: null, relatedIssueId: null };

describe('the activity trail', () => {
  it('records assignment, tags, note, status changes and the close request, oldest first', async () => {
    const id = (await w.addIssue({})).id;
    expect(await trailOf(id)).toEqual([]);
    expect((await api(w.manager, 'PUT', `/issues/${id}/assignee`, { userId: w.staff.id })).statusCode).toBe(
      200,
    );
    expect((await api(w.staff, 'PUT', `/issues/${id}/tags`, { tagIds: [w.vip.id] })).statusCode).toBe(200);
    await api(w.staff, 'PATCH', `/issues/${id}`, { kind: 'note', note: 'Wants a refund' });
    await api(w.staff, 'PATCH', `/issues/${id}`, { kind: 'status', status: 'waiting' }).then((r) =>
      // Staff cannot change status: refused, and nothing recorded.
      expect(r.statusCode).toBe(409),
    );
    await api(w.manager, 'PATCH', `/issues/${id}`, { kind: 'status', status: 'waiting' });
    await api(w.staff, 'PUT', `/issues/${id}/tags`, { tagIds: [] });
    await api(w.staff, 'POST', `/issues/${id}/request-close`);
    await api(w.manager, 'PUT', `/issues/${id}/assignee`, { userId: w.staff2.id });

    const trail = await trailOf(id);
    expect(trail.map((a) => a.kind)).toEqual([
      'assigned',
      'tag_added',
      'note',
      'status',
      'tag_removed',
      'close_requested',
      'assigned',
    ]);
    expect(trail.map((a) => a.id)).toEqual([...trail.map((a) => a.id)].sort((a, b) => a - b));
    const [given, tagged, noted, waiting, untagged, asked, regiven] = trail;
    expect(given).toMatchObject({
      actor: person(w.manager, 'Mana Tester'),
      fromStatus: 'un-assigned',
      toStatus: 'on-going',
      agent: person(w.staff, 'Sam Tester'),
      previousAgent: null,
      // Same team: no team line.
      team: null,
      tag: null,
      relatedIssueId: null,
    });
    const vip = { id: w.vip.id, name: 'VIP', colour: '#ff0000' };
    expect(tagged).toMatchObject({ ...NOBODY, actor: person(w.staff, 'Sam Tester'), tag: vip });
    expect(untagged).toMatchObject({ ...NOBODY, actor: person(w.staff, 'Sam Tester'), tag: vip });
    expect(noted).toMatchObject({ ...NOBODY, actor: person(w.staff, 'Sam Tester'), fromStatus: null });
    expect(waiting).toMatchObject({
      ...NOBODY,
      actor: person(w.manager, 'Mana Tester'),
      fromStatus: 'on-going',
      toStatus: 'waiting',
    });
    expect(asked).toMatchObject({ ...NOBODY, actor: person(w.staff, 'Sam Tester') });
    expect(regiven).toMatchObject({
      fromStatus: 'waiting',
      toStatus: 'waiting',
      agent: person(w.staff2, 'Sue Tester'),
      previousAgent: person(w.staff, 'Sam Tester'),
    });
    expect(new Date(regiven!.at).getTime()).toBeGreaterThanOrEqual(new Date(given!.at).getTime());
  });

  it('records only the tags that change, and a deleted tag still reads', async () => {
    const id = (await w.addIssue({ assignee: w.staff, tagged: true })).id;
    const created = await api(w.admin, 'POST', '/tags', {
      name: `Gone ${id}`,
      colour: '#00AA00',
      teamId: w.teamA.id,
    });
    expect(created.statusCode).toBe(201);
    const gone = created.json<{ id: string }>().id;
    await api(w.staff, 'PUT', `/issues/${id}/tags`, { tagIds: [w.vip.id, gone, gone] });
    await api(w.staff, 'PUT', `/issues/${id}/tags`, { tagIds: [w.vip.id, gone] });
    expect((await api(w.admin, 'DELETE', `/tags/${gone}`)).statusCode).toBe(204);
    expect((await trailOf(id)).map((a) => [a.kind, a.tag])).toEqual([
      ['tag_added', { id: gone, name: `Gone ${id}`, colour: '#00aa00' }],
    ]);
    // A refused change (another organisation's tag) records nothing.
    const res = await api(w.staff, 'PUT', `/issues/${id}/tags`, {
      tagIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.json().error.code).toBe('tag.not_found');
    expect(await trailOf(id)).toHaveLength(1);
  });

  it('shows the team an assignment moved the issue to', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    await api(w.admin, 'PUT', `/issues/${id}/assignee`, { userId: w.staffB.id, teamId: w.teamB.id });
    expect(await trailOf(id)).toEqual([
      expect.objectContaining({
        kind: 'assigned',
        agent: person(w.staffB, 'Bob Tester'),
        previousAgent: person(w.staff, 'Sam Tester'),
        team: { id: w.teamB.id, name: w.teamB.name },
      }),
    ]);
  });

  it('records a transfer on the old issue, linked to the new one, which starts with its assignment', async () => {
    const id = (await w.addIssue({ assignee: w.staff, tagged: true })).id;
    const res = await api(w.manager, 'POST', `/issues/${id}/transfer`, {
      teamId: w.teamB.id,
      userId: w.staffB.id,
    });
    expect(res.statusCode).toBe(201);
    const newId = res.json<{ id: number }>().id;
    expect(await trailOf(id)).toEqual([
      expect.objectContaining({
        ...NOBODY,
        kind: 'transferred',
        actor: person(w.manager, 'Mana Tester'),
        fromStatus: 'on-going',
        toStatus: 'transferred',
        team: { id: w.teamB.id, name: w.teamB.name },
        relatedIssueId: newId,
      }),
    ]);
    // The copied tags are no change of the new issue: only its assignment is on its trail.
    expect(await trailOf(newId)).toEqual([
      expect.objectContaining({
        ...NOBODY,
        kind: 'assigned',
        actor: person(w.manager, 'Mana Tester'),
        fromStatus: 'un-assigned',
        toStatus: 'on-going',
        agent: person(w.staffB, 'Bob Tester'),
      }),
    ]);
  });

  it('records the automatic assignment of a transferred issue with no actor', async () => {
    const auto = await buildStaffedTeam(t, w.org, {
      assignmentMode: 'auto',
      members: [{ userId: w.staffB.id }],
    });
    await setAvailability(t, w.org, [w.staffB.id], 'online');
    const id = (await w.addIssue({ assignee: w.staff })).id;
    const res = await api(w.admin, 'POST', `/issues/${id}/transfer`, { teamId: auto.id });
    const newId = res.json<{ id: number }>().id;
    // Assigned now, or already by the transfer's job: either way once.
    await assignIssue(t.deps, newId);
    expect(await trailOf(newId)).toEqual([
      expect.objectContaining({
        ...NOBODY,
        kind: 'assigned',
        actor: null,
        fromStatus: 'un-assigned',
        toStatus: 'on-going',
        agent: person(w.staffB, 'Bob Tester'),
      }),
    ]);
  });

  it('reads at most the latest 500 entries, oldest first', async () => {
    const id = (await w.addIssue({ assignee: w.staff })).id;
    await t.db.orm
      .insert(issueActivities)
      .values(
        Array.from({ length: 502 }, () => ({ organizationId: w.org.id, issueId: id, kind: 'note' as const })),
      );
    const stored = await t.db.orm
      .select({ id: issueActivities.id })
      .from(issueActivities)
      .where(eq(issueActivities.issueId, id))
      .orderBy(asc(issueActivities.id));
    expect((await trailOf(id)).map((a) => a.id)).toEqual(stored.slice(2).map((r) => r.id));
  });

  it('answers 404 outside the caller’s scope and to another organisation', async () => {
    const staff2s = (await w.addIssue({ assignee: w.staff2 })).id;
    const teamBs = (await w.addIssue({ team: 'B', assignee: w.staffB })).id;
    const other = await buildWorkspace(t);
    const foreign = (await other.addIssue({ assignee: other.staff })).id;
    for (const [user, id] of [
      [w.staff, staff2s],
      [w.manager, teamBs],
      [w.admin, foreign],
    ] as const) {
      const res = await api(user, 'GET', `/issues/${id}/activity`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('issue.not_found');
    }
    expect(await trailOf(staff2s, w.staff2)).toEqual([]);
    expect((await api(w.admin, 'GET', '/issues/abc/activity')).statusCode).toBe(400);
  });
});
