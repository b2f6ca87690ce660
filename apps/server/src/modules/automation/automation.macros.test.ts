// One database is enough: the checks are an endpoint's validation, permissions, organisation scope and
// answers, over plain reads and writes.
// Macros and bulk actions end to end: personal and shared macros under the canned response
// permission, a run on several issues with each step's outcome (the caller's own rights: a Staff member's
// status step is refused, the others still run), and bulk actions with a result per issue.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkResult, Macro } from '@sabai/contracts';
import { call } from '../../../test/app';
import { startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { collectEvents } from '../../../test/settings';
import { issueActivities, issues, messages, teamMembers } from '../../db/schema';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let adminId: string;
let staff: TestUser;
let staffToken: string;
let tagId: string;
let cannedId: string;
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'b')}`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (token: string) => (method: Method, path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });
const admin = (method: Method, path: string, body?: unknown) => as(h.admin)(method, path, body);

async function customerIssue(text = 'hello') {
  const inbound = await h.sim.line.text(line.externalId, lineUser(), text);
  return (await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id))).issueId;
}

/** An issue of the team given to `userId` (on-going). */
async function assignedIssue(userId: string) {
  const issueId = await customerIssue();
  expect((await admin('PUT', `/issues/${issueId}/assignee`, { userId })).statusCode).toBe(200);
  return issueId;
}

const statusOf = async (issueId: number) =>
  (await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId)))[0]!.status;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  adminId = (await admin('GET', '/me')).json<{ id: string }>().id;
  staff = await buildUser(h.t, h.org, 'Staff');
  staffToken = (await signIn(h.t, staff)).accessToken;
  const hours = { workStart: '00:00', workStop: '23:59', breakStart: '12:00', breakStop: '12:00' };
  await h.t.db.orm.insert(teamMembers).values([
    { teamId: h.teamId, userId: adminId, organizationId: h.org.id, ...hours },
    { teamId: h.teamId, userId: staff.id, organizationId: h.org.id, ...hours },
  ]);
  tagId = (await admin('POST', '/tags', { name: 'Wholesale', colour: '#0958d9', teamId: h.teamId })).json<{
    id: string;
  }>().id;
  const category = (await admin('POST', '/canned-categories', { name: 'Sales' })).json<{ id: string }>();
  const canned = await admin('POST', '/canned-responses', {
    categoryId: category.id,
    name: 'Wholesale prices',
    message: 'Our wholesale price list is on its way.',
  });
  expect(canned.statusCode, canned.body).toBe(201);
  cannedId = canned.json<{ id: string }>().id;
});

const followUp = () => ({
  name: `Wholesale follow-up ${++seq}`,
  isShared: true,
  actions: [
    { type: 'add_tag', tagId },
    { type: 'send_canned', cannedResponseId: cannedId },
    { type: 'set_status', status: 'resolved' },
  ],
});

describe('macros', () => {
  it('keeps personal and shared macros under the canned response permission', async () => {
    const shared = await admin('POST', '/macros', followUp());
    expect(shared.statusCode, shared.body).toBe(201);
    expect(
      (await admin('POST', '/macros', { ...followUp(), name: shared.json<Macro>().name })).statusCode,
    ).toBe(409);
    const staffApi = as(staffToken);
    expect((await staffApi('POST', '/macros', followUp())).statusCode).toBe(403);
    const own = await staffApi('POST', '/macros', { ...followUp(), isShared: false });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<Macro>()).toMatchObject({ isShared: false, canUpdate: true, owner: { id: staff.id } });
    // Staff see the shared ones (read-only) and their own; nobody else's personal macros.
    const theirs = (await admin('POST', '/macros', { ...followUp(), isShared: false })).json<Macro>();
    const listed = (await staffApi('GET', '/macros')).json<Macro[]>();
    const ids = listed.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([shared.json<Macro>().id, own.json<Macro>().id]));
    expect(ids).not.toContain(theirs.id);
    expect(listed.find((m) => m.id === shared.json<Macro>().id)!.canUpdate).toBe(false);
    const edit = await staffApi('PUT', `/macros/${shared.json<Macro>().id}`, {
      ...followUp(),
      isShared: false,
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('macro.not_found');
    const foreign = await admin('POST', '/macros', {
      ...followUp(),
      actions: [{ type: 'add_tag', tagId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(foreign.json().error.code).toBe('automation.reference_missing');
    // A lead editing someone's personal macro leaves it theirs.
    const renamed = await admin('PUT', `/macros/${own.json<Macro>().id}`, { ...followUp(), isShared: false });
    expect(renamed.json<Macro>().owner!.id).toBe(staff.id);
    expect((await staffApi('DELETE', `/macros/${own.json<Macro>().id}`)).statusCode).toBe(204);
  });

  it('runs on three issues: tags, sends the canned response as the agent, resolves, and tells the trail', async () => {
    const macro = (await admin('POST', '/macros', followUp())).json<Macro>();
    const issueIds = [
      await assignedIssue(adminId),
      await assignedIssue(adminId),
      await assignedIssue(adminId),
    ];
    const events = await collectEvents(h.t, h.org.id);
    const res = await admin('POST', `/macros/${macro.id}/run`, { issueIds });
    expect(res.statusCode, res.body).toBe(200);
    const ok = { ok: true, code: null };
    expect(res.json<BulkResult>().results).toEqual(
      issueIds.map((issueId) => ({
        issueId,
        ...ok,
        steps: [
          { type: 'add_tag', ...ok },
          { type: 'send_canned', ...ok },
          { type: 'set_status', ...ok },
        ],
      })),
    );
    for (const issueId of issueIds) {
      expect(await statusOf(issueId)).toBe('resolved');
      const sent = await h.t.db.orm
        .select()
        .from(messages)
        .where(and(eq(messages.issueId, issueId), eq(messages.direction, 'outbound')));
      expect(sent.map((m) => [m.text, m.senderType, m.senderUserId])).toContainEqual([
        'Our wholesale price list is on its way.',
        'agent',
        adminId,
      ]);
      const run = await h.t.db.orm
        .select()
        .from(issueActivities)
        .where(and(eq(issueActivities.issueId, issueId), eq(issueActivities.kind, 'macro_run')));
      expect(run.map((a) => a.actorUserId)).toEqual([adminId]);
      const [tagged] = await h.t.db.orm
        .select()
        .from(issueActivities)
        .where(and(eq(issueActivities.issueId, issueId), eq(issueActivities.kind, 'tag_added')));
      expect(tagged).toMatchObject({
        actorUserId: adminId,
        data: { tagId, automation: { source: 'macro', id: macro.id, name: macro.name } },
      });
    }
    // Lists and open chats hear of each tag change.
    const tagEvents = () =>
      events.received.filter((e) => e.name === 'issue.updated' && JSON.stringify(e.data).includes('"tags"'));
    await vi.waitFor(() =>
      expect(tagEvents().map((e) => e.data)).toEqual(
        issueIds.map((issueId) => ({ issueId, fields: ['tags'] })),
      ),
    );
    await events.close();
    // The customer gets the canned message: LINE (the simulator) took each.
    const delivered = async () =>
      (
        await h.t.db.orm
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.text, 'Our wholesale price list is on its way.'),
              eq(messages.deliveryStatus, 'sent'),
            ),
          )
      ).filter((m) => issueIds.includes(m.issueId)).length;
    await expect.poll(delivered, { timeout: 10_000 }).toBe(3);
  });

  it('runs with the caller’s rights: a Staff member’s status step is refused, the others still run', async () => {
    const macro = (await admin('POST', '/macros', followUp())).json<Macro>();
    const mine = await assignedIssue(staff.id);
    const notMine = await assignedIssue(adminId);
    const res = await as(staffToken)('POST', `/macros/${macro.id}/run`, { issueIds: [mine, notMine] });
    const [first, second] = res.json<BulkResult>().results;
    expect(first).toMatchObject({ issueId: mine, ok: false, code: 'issue.status.staff_cannot_change' });
    expect(first!.steps!.map((s) => s.ok)).toEqual([true, true, false]);
    expect(await statusOf(mine)).toBe('on-going');
    expect(second).toEqual({ issueId: notMine, ok: false, code: 'issue.not_found', steps: null });
  });
});

describe('bulk actions', () => {
  it('tags, resolves and closes several issues with a result per issue', async () => {
    const open = await assignedIssue(adminId);
    const closed = await assignedIssue(adminId);
    await admin('PATCH', `/issues/${closed}`, { kind: 'status', status: 'resolved' });
    const close = await admin('POST', '/issues/bulk', {
      issueIds: [closed],
      action: { type: 'status', status: 'close' },
    });
    expect(close.json<BulkResult>().results).toEqual([
      { issueId: closed, ok: true, code: null, steps: null },
    ]);

    const tagged = await admin('POST', '/issues/bulk', {
      issueIds: [open, closed],
      action: { type: 'add_tag', tagId },
    });
    expect(tagged.json<BulkResult>().results).toEqual([
      { issueId: open, ok: true, code: null, steps: null },
      { issueId: closed, ok: false, code: 'issue.closed', steps: null },
    ]);
    const resolved = await admin('POST', '/issues/bulk', {
      issueIds: [open, closed],
      action: { type: 'status', status: 'resolved' },
    });
    expect(resolved.json<BulkResult>().results.map((r) => [r.ok, r.code])).toEqual([
      [true, null],
      [false, 'issue.status.closed'],
    ]);
    // Assigning is a lead's action, as on a single issue.
    const refused = await as(staffToken)('POST', '/issues/bulk', {
      issueIds: [open],
      action: { type: 'assign', userId: staff.id },
    });
    expect(refused.statusCode).toBe(403);
  });
});
