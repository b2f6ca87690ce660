// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// Transfer hands the conversation over: whoever receives the new issue may read the issue it was made from
// (detail, messages, activity, history), even outside their scope, along a chain of transfers too — view
// only: every change still answers 404.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueActivity, IssueDetail, IssueHistory } from '@sabai/contracts';
import { startTestApp, type TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { buildWorkspace, type Workspace } from '../../../test/workspace';
import { issues } from '../../db/schema';

let t: TestApp;
let w: Workspace;
beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorkspace(t);
});

const api = (...args: Parameters<Workspace['api']>) => w.api(...args);

/** A manager of the issue's team transfers it to an agent of `teamId`; the new issue's id. */
async function transfer(by: TestUser, id: number, teamId: string, to: TestUser): Promise<number> {
  const res = await api(by, 'POST', `/issues/${id}/transfer`, { teamId, userId: to.id });
  expect(res.statusCode).toBe(201);
  return res.json<IssueDetail>().id;
}

async function unreadOf(id: number) {
  const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, id));
  return row!.unreadCount;
}

const codeOf = (res: { json: () => { error?: { code: string } } }) => res.json().error?.code;

describe('an issue handed over by a transfer', () => {
  // A: Sam's issue in team Alpha, with unread customer messages; transferred to Bob (Staff, team Beta, scope
  // myIssue), who gets B.
  let a: number;
  let b: number;
  beforeAll(async () => {
    a = (await w.addIssue({ assignee: w.staff, text: 'My parcel never came' })).id;
    await t.db.orm.update(issues).set({ unreadCount: 3 }).where(eq(issues.id, a));
    b = await transfer(w.manager, a, w.teamB.id, w.staffB);
  });

  it('lets the agent who received it read its detail, view only', async () => {
    const res = await api(w.staffB, 'GET', `/issues/${a}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<IssueDetail>()).toMatchObject({
      id: a,
      status: 'transferred',
      assignee: { id: w.staff.id },
      transferredToIssueId: b,
      viewOnly: true,
      mayTake: false,
    });
  });

  it('lets them read its messages and activity trail', async () => {
    const messages = await api(w.staffB, 'GET', `/issues/${a}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json<{ items: Array<{ text: string | null }> }>().items.map((m) => m.text)).toEqual([
      'My parcel never came',
    ]);
    const activity = await api(w.staffB, 'GET', `/issues/${a}/activity`);
    expect(activity.statusCode).toBe(200);
    expect(activity.json<IssueActivity[]>()).toEqual([
      expect.objectContaining({ kind: 'transferred', relatedIssueId: b }),
    ]);
    const history = await api(w.staffB, 'GET', `/issues/${a}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json<IssueHistory>().map((h) => h.issueId)).toEqual([b]);
  });

  it('does not clear its unread count when they read its messages', async () => {
    expect((await api(w.staffB, 'GET', `/issues/${a}/messages?read=true`)).statusCode).toBe(200);
    expect(await unreadOf(a)).toBe(3);
    // Its own agent reading it does clear it.
    expect((await api(w.staff, 'GET', `/issues/${a}/messages?read=true`)).statusCode).toBe(200);
    expect(await unreadOf(a)).toBe(0);
  });

  it('refuses every change by them: 404 as outside their scope', async () => {
    const sent = await api(w.staffB, 'POST', `/issues/${a}/messages`, { text: 'Hello?' });
    expect(sent.statusCode).toBe(404);
    const noted = await api(w.staffB, 'PATCH', `/issues/${a}`, { kind: 'note', note: 'mine now' });
    expect([noted.statusCode, codeOf(noted)]).toEqual([404, 'issue.not_found']);
    const tagged = await api(w.staffB, 'PUT', `/issues/${a}/tags`, { tagIds: [w.vip.id] });
    expect([tagged.statusCode, codeOf(tagged)]).toEqual([404, 'issue.not_found']);
    const [row] = await t.db.orm.select().from(issues).where(eq(issues.id, a));
    expect(row!.note).toBe('');
  });

  it('stays hidden from a staff member with no later issue in their scope', async () => {
    for (const path of ['', '/messages', '/activity', '/history']) {
      const res = await api(w.staff2, 'GET', `/issues/${a}${path}`);
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
  });

  it("stays hidden from another organisation's users", async () => {
    const other = await buildWorkspace(t);
    for (const path of ['', '/messages', '/activity']) {
      const res = await other.api(other.admin, 'GET', `/issues/${a}${path}`);
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
  });

  it('answers viewOnly false for an issue in the caller’s scope', async () => {
    expect((await api(w.staffB, 'GET', `/issues/${b}`)).json<IssueDetail>()).toMatchObject({
      id: b,
      transferredFromIssueId: a,
      viewOnly: false,
    });
    expect((await api(w.staff, 'GET', `/issues/${a}`)).json<IssueDetail>().viewOnly).toBe(false);
  });
});

describe('a chain of transfers', () => {
  it('lets the last issue’s agent read every earlier issue', async () => {
    // A (Sam, Alpha) → B (Bob, Beta) → C (Sue, Alpha): Sue sees neither A nor B in her scope.
    const a = (await w.addIssue({ assignee: w.staff })).id;
    const b = await transfer(w.manager, a, w.teamB.id, w.staffB);
    expect((await api(w.staff2, 'GET', `/issues/${a}`)).statusCode).toBe(404);
    const c = await transfer(w.managerB, b, w.teamA.id, w.staff2);
    for (const id of [a, b]) {
      const res = await api(w.staff2, 'GET', `/issues/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<IssueDetail>()).toMatchObject({ id, status: 'transferred', viewOnly: true });
      expect((await api(w.staff2, 'GET', `/issues/${id}/messages`)).statusCode).toBe(200);
      expect((await api(w.staff2, 'GET', `/issues/${id}/activity`)).statusCode).toBe(200);
    }
    const history = await api(w.staff2, 'GET', `/issues/${c}/history`);
    expect(history.json<IssueHistory>().map((h) => [h.issueId, h.isTransferredFrom])).toEqual([
      [b, true],
      [a, false],
    ]);
    // Still no change: Sue's note on A answers 404.
    expect((await api(w.staff2, 'PATCH', `/issues/${a}`, { kind: 'note', note: 'x' })).statusCode).toBe(404);
  });
});
