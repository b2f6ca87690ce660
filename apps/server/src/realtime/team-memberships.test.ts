import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { teamMembers } from '../db/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { buildWorkspace, type Workspace } from '../../test/workspace';
import { TeamMemberships } from './team-memberships';

let t: TestApp;
let w: Workspace;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
});

/** The app's database, counting the raw statements its ORM ran to the end (`execute`). */
function countingDb() {
  let reads = 0;
  const orm = new Proxy(t.db.orm, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<typeof target.execute>) => {
        const result = await target.execute(...args);
        reads += 1;
        return result;
      };
    },
  });
  return { db: { ...t.db, orm }, reads: () => reads };
}

describe('team memberships of socket users', () => {
  it('knows the teams a user belongs to and manages once loaded, and nothing before', async () => {
    const memberships = new TeamMemberships(t.db, t.deps.logger);
    expect([...memberships.teamsOf(w.staff.id)]).toEqual([]);
    await Promise.all([memberships.load(w.staff.id), memberships.load(w.manager.id)]);
    expect([...memberships.teamsOf(w.staff.id)]).toEqual([w.teamA.id]);
    expect([...memberships.teamsOf(w.manager.id)]).toEqual([w.teamA.id]);
  });

  it('answers from memory while stale and refreshes every stale user with one read in the background', async () => {
    const counting = countingDb();
    const memberships = new TeamMemberships(counting.db, t.deps.logger, 50);
    await memberships.load(w.staff2.id);
    await memberships.load(w.staffB.id);
    expect(counting.reads()).toBe(2);
    // staff2 moves from team A to team B.
    await t.db.orm
      .update(teamMembers)
      .set({ teamId: w.teamB.id })
      .where(and(eq(teamMembers.userId, w.staff2.id), eq(teamMembers.teamId, w.teamA.id)));
    // The entries' 50 ms lifetime runs on the real clock (the cache takes no app clock): let it lapse.
    await new Promise((r) => setTimeout(r, 60));

    // A burst of events after the entries expired: each gets the known teams at once, one read refreshes.
    for (let i = 0; i < 500; i++) {
      expect([...memberships.teamsOf(w.staff2.id)]).toEqual([w.teamA.id]);
      memberships.teamsOf(w.staffB.id);
    }
    await vi.waitFor(() => expect([...memberships.teamsOf(w.staff2.id)]).toEqual([w.teamB.id]));
    expect([...memberships.teamsOf(w.staffB.id)]).toEqual([w.teamB.id]);
    expect(counting.reads()).toBe(3);
  });

  it('keeps nothing for a user forgotten while their read was running', async () => {
    const counting = countingDb();
    const memberships = new TeamMemberships(counting.db, t.deps.logger, 0);
    await memberships.load(w.staffB.id);
    expect([...memberships.teamsOf(w.staffB.id)]).toEqual([w.teamB.id]); // stale at once: a refresh starts
    memberships.forget(w.staffB.id);
    await vi.waitFor(() => expect(counting.reads()).toBe(2));
    await new Promise((r) => setImmediate(r)); // the refresh handles its answer on the next turn
    expect([...memberships.teamsOf(w.staffB.id)]).toEqual([]);
  });
});
