// Automation rules end to end: the settings API (validation, references, order, copies,
// scope), and the engine through real events: a simulator customer's words route and tag an issue, a
// replayed event fires nothing, a rule's own change never loops and a chain stops after five steps, the
// conditions' verdicts match the "test against an issue" answer, and the rules that wait on time (idle,
// close after inactivity) run from the minute job.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AutomationRule, IssueActivity, RuleTestResult, SaveAutomationRule } from '@sabai/contracts';
import { call } from '../../../test/app';
import { startChannelHarness, storedMessage, type ChannelHarness } from '../../../test/channels';
import { buildOrganization, buildTeam, buildUser, signIn } from '../../../test/factories';
import {
  auditEntries,
  automationFirings,
  issues,
  messages,
  notifications,
  teamMembers,
} from '../../db/schema';
import { sendDueNotices } from '../sla';
import { runTimers } from './automation.timers';

let h: ChannelHarness;
let line: { id: string; externalId: string };
let adminId: string;
let wholesale: { id: string };
let seq = 0;
const lineUser = () => `U${(++seq + Date.now()).toString(16).padStart(32, 'a')}`;
const MINUTE = 60_000;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(h.t.app, method, `/api/v1${path}`, { token: h.admin, ...(body === undefined ? {} : { body }) });

async function createTag(name: string) {
  const res = await api('POST', '/tags', { name, colour: '#0958d9', teamId: h.teamId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function createRule(rule: Partial<SaveAutomationRule> & Pick<SaveAutomationRule, 'when' | 'actions'>) {
  const res = await api('POST', '/automation-rules', { name: `Rule ${++seq}`, conditions: [], ...rule });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AutomationRule>();
}

/** Rules of one test stay out of the next: each test deactivates what it made. */
async function deactivate(...rules: AutomationRule[]) {
  for (const r of rules) {
    const { id: _id, position: _p, firings: _f, lastFiredAt: _l, updatedAt: _u, ...save } = r;
    expect((await api('PUT', `/automation-rules/${r.id}`, { ...save, isActive: false })).statusCode).toBe(
      200,
    );
  }
}

async function lineCustomer(text: string, userId = lineUser()) {
  const inbound = await h.sim.line.text(line.externalId, userId, text);
  const row = await storedMessage(h.t, line.id, String(inbound.body.events[0]!.message!.id));
  return { userId, issueId: row.issueId };
}

const trail = async (issueId: number) =>
  (await api('GET', `/issues/${issueId}/activity`)).json<IssueActivity[]>();
const issueRow = async (issueId: number) =>
  (await h.t.db.orm.select().from(issues).where(eq(issues.id, issueId)))[0]!;
const firingsOf = (ruleId: string) =>
  h.t.db.orm.select().from(automationFirings).where(eq(automationFirings.ruleId, ruleId));

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  adminId = (await api('GET', '/me')).json<{ id: string }>().id;
  wholesale = await buildTeam(h.t, h.org);
  // The admin can be given issues of both teams.
  const hours = { workStart: '00:00', workStop: '23:59', breakStart: '12:00', breakStop: '12:00' };
  await h.t.db.orm.insert(teamMembers).values([
    { teamId: h.teamId, userId: adminId, organizationId: h.org.id, ...hours },
    { teamId: wholesale.id, userId: adminId, organizationId: h.org.id, ...hours },
  ]);
});

describe('the rules API', () => {
  it('validates rules, keeps their order, copies them inactive and stays inside the organisation', async () => {
    const invalid = await api('POST', '/automation-rules', {
      name: 'No actions',
      when: { trigger: 'customer_message' },
      conditions: [],
      actions: [],
    });
    expect(invalid.statusCode).toBe(400);
    const strangerTeam = await buildTeam(h.t, await buildOrganization(h.t));
    const foreign = await api('POST', '/automation-rules', {
      name: 'Foreign team',
      when: { trigger: 'issue_created' },
      conditions: [],
      actions: [{ type: 'assign_team', teamId: strangerTeam.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('automation.reference_missing');
    // A rule sends only the organisation's shared canned responses, not someone's personal one.
    const staffMember = await buildUser(h.t, h.org, 'Staff');
    const staffToken = (await signIn(h.t, staffMember)).accessToken;
    const category = await call(h.t.app, 'POST', '/api/v1/canned-categories', {
      token: staffToken,
      body: { name: `Mine ${seq}` },
    });
    const personal = await call(h.t.app, 'POST', '/api/v1/canned-responses', {
      token: staffToken,
      body: { categoryId: category.json<{ id: string }>().id, name: 'Mine', message: 'Only mine' },
    });
    expect(personal.statusCode, personal.body).toBe(201);
    const sendsPersonal = await api('POST', '/automation-rules', {
      name: 'Personal answer',
      when: { trigger: 'issue_created' },
      conditions: [],
      actions: [{ type: 'send_canned', cannedResponseId: personal.json<{ id: string }>().id }],
    });
    expect(sendsPersonal.json().error.code).toBe('automation.reference_missing');

    const first = await createRule({
      isActive: false,
      when: { trigger: 'issue_created' },
      actions: [{ type: 'auto_assign' }],
    });
    const second = await createRule({
      isActive: false,
      when: { trigger: 'idle', status: 'waiting', minutes: 60 },
      actions: [{ type: 'add_note', text: 'Quiet for an hour' }],
    });
    expect(second.position).toBe(first.position + 1);
    const copy = await api('POST', `/automation-rules/${first.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<AutomationRule>()).toMatchObject({ name: `${first.name} (copy)`, isActive: false });

    const ids = (await api('GET', '/automation-rules')).json<AutomationRule[]>().map((r) => r.id);
    const reversed = [...ids].reverse();
    const ordered = await api('PUT', '/automation-rules/order', { ids: reversed });
    expect(ordered.json<AutomationRule[]>().map((r) => r.id)).toEqual(reversed);
    const partial = await api('PUT', '/automation-rules/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error.code).toBe('automation.order_mismatch');

    expect((await api('DELETE', `/automation-rules/${copy.json<AutomationRule>().id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/automation-rules/${copy.json<AutomationRule>().id}`)).statusCode).toBe(404);
    // Each change is in the audit trail, with the rule before and after.
    const audited = await h.t.db.orm
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organizationId, h.org.id), eq(auditEntries.area, 'automation')));
    expect(audited.length).toBeGreaterThanOrEqual(5);

    const stranger = await buildUser(h.t, await buildOrganization(h.t), 'Admin');
    const theirs = await call(h.t.app, 'GET', '/api/v1/automation-rules', {
      token: (await signIn(h.t, stranger)).accessToken,
    });
    expect(theirs.json()).toEqual([]);
    const staff = await buildUser(h.t, h.org, 'Staff');
    const refused = await call(h.t.app, 'POST', '/api/v1/automation-rules', {
      token: (await signIn(h.t, staff)).accessToken,
      body: {
        name: 'x',
        when: { trigger: 'issue_created' },
        conditions: [],
        actions: [{ type: 'auto_assign' }],
      },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the engine', () => {
  it('routes a customer’s message by its words (Thai and English), tags it, and tells the trail', async () => {
    const vip = await createTag(`VIP ${seq}`);
    const rule = await createRule({
      name: 'VIP to Wholesale',
      when: { trigger: 'customer_message' },
      conditions: [{ type: 'message_text', words: ['wholesale', 'ขายส่ง'] }],
      actions: [
        { type: 'assign_team', teamId: wholesale.id },
        { type: 'add_tag', tagId: vip },
      ],
    });
    const thai = await lineCustomer('สนใจขายส่งค่ะ');
    const english = await lineCustomer('Do you sell WHOLESALE?');
    const other = await lineCustomer('wholesaler prices please'); // a Latin word matches whole words only
    for (const { issueId } of [thai, english]) {
      expect((await issueRow(issueId)).teamId).toBe(wholesale.id);
      const lines = await trail(issueId);
      const assigned = lines.find((l) => l.kind === 'assigned')!;
      expect(assigned.actor).toBeNull();
      expect(assigned.automation).toMatchObject({ source: 'rule', id: rule.id, name: 'VIP to Wholesale' });
      expect(lines.find((l) => l.kind === 'tag_added')!.tag!.id).toBe(vip);
      const fired = lines.find((l) => l.kind === 'rule_fired')!;
      expect(fired.automation!.steps).toEqual([
        { type: 'assign_team', ok: true, code: null },
        { type: 'add_tag', ok: true, code: null },
      ]);
    }
    expect((await issueRow(other.issueId)).teamId).toBe(h.teamId);
    expect((await trail(other.issueId)).some((l) => l.kind === 'rule_fired')).toBe(false);
    // The next message of the same customer fires the rule again (a new event), the tag is already there.
    await h.sim.line.text(line.externalId, thai.userId, 'ขายส่งอีกครั้ง');
    await expect.poll(async () => (await firingsOf(rule.id)).length).toBe(3);
    await deactivate(rule);
  });

  it('fires once per event: the same event run again fires nothing more', async () => {
    const rule = await createRule({
      when: { trigger: 'customer_message' },
      actions: [{ type: 'auto_assign' }],
    });
    const { issueId } = await lineCustomer('hello again');
    expect(await firingsOf(rule.id)).toHaveLength(1);
    const [message] = await h.t.db.orm.select().from(messages).where(eq(messages.issueId, issueId));
    const event = {
      trigger: 'customer_message' as const,
      organizationId: h.org.id,
      issueId,
      key: `m:${message!.id}`,
      messageText: 'hello again',
    };
    await h.t.db.orm.transaction((tx) => h.t.deps.automation.run(h.t.deps, tx, [event, event]));
    expect(await firingsOf(rule.id)).toHaveLength(1);
    expect((await trail(issueId)).filter((l) => l.kind === 'rule_fired')).toHaveLength(1);
    await deactivate(rule);
  });

  it('leaves no trail line when a rule finds its tag already there, but counts the firing', async () => {
    const asked = await createTag(`Asked ${seq}`);
    const rule = await createRule({
      when: { trigger: 'customer_message' },
      actions: [{ type: 'add_tag', tagId: asked }],
    });
    const { userId, issueId } = await lineCustomer('first question');
    await h.sim.line.text(line.externalId, userId, 'second question');
    await expect.poll(async () => (await firingsOf(rule.id)).length).toBe(2);
    expect((await trail(issueId)).filter((l) => l.kind === 'rule_fired')).toHaveLength(1);
    expect((await trail(issueId)).filter((l) => l.kind === 'tag_added')).toHaveLength(1);
    await deactivate(rule);
  });

  it('reads the status a customer’s message left: a waiting issue the customer writes to is on-going', async () => {
    const ongoing = await createRule({
      when: { trigger: 'customer_message' },
      conditions: [
        { type: 'status', statuses: ['on-going'] },
        { type: 'channel', channelIds: [line.id] },
      ],
      actions: [{ type: 'add_note', text: 'Back with us' }],
    });
    const waiting = await createRule({
      when: { trigger: 'customer_message' },
      conditions: [{ type: 'status', statuses: ['waiting'] }],
      actions: [{ type: 'add_note', text: 'Still waiting' }],
    });
    const { userId, issueId } = await lineCustomer('a question');
    expect(await firingsOf(ongoing.id)).toHaveLength(0); // un-assigned
    await h.t.db.orm.update(issues).set({ status: 'waiting' }).where(eq(issues.id, issueId));
    await h.sim.line.text(line.externalId, userId, 'any news?');
    await expect.poll(async () => (await firingsOf(ongoing.id)).length).toBe(1);
    expect((await issueRow(issueId)).status).toBe('on-going');
    expect(await firingsOf(waiting.id)).toHaveLength(0);
    await deactivate(ongoing, waiting);
  });

  it('never loops: a rule’s change does not fire it again, and a chain stops after five rule-made steps', async () => {
    // Two rules that undo each other: waiting → on-going → waiting, then the first may not fire again.
    const back = await createRule({
      when: { trigger: 'status_changed', to: 'waiting' },
      actions: [{ type: 'set_status', status: 'on-going' }],
    });
    const forth = await createRule({
      when: { trigger: 'status_changed', to: 'on-going' },
      actions: [{ type: 'set_status', status: 'waiting' }],
    });
    const { issueId } = await lineCustomer('ping');
    expect((await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId })).statusCode).toBe(200);
    expect((await api('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'waiting' })).statusCode).toBe(
      200,
    );
    expect(await firingsOf(back.id)).toHaveLength(1);
    expect(await firingsOf(forth.id)).toHaveLength(1);
    expect((await issueRow(issueId)).status).toBe('waiting');
    await deactivate(back, forth);

    // Seven rules, each handing a token tag to the next as it flips the status: five run, then the chain stops.
    const tokens = [];
    for (let i = 0; i < 7; i++) tokens.push(await createTag(`Token ${seq}-${i}`));
    const chain = [];
    for (let i = 0; i < 6; i++)
      chain.push(
        await createRule({
          when: { trigger: 'status_changed', to: null },
          conditions: [{ type: 'tag', tagIds: [tokens[i]!], has: true }],
          actions: [
            { type: 'remove_tag', tagId: tokens[i]! },
            { type: 'add_tag', tagId: tokens[i + 1]! },
            { type: 'set_status', status: i % 2 === 0 ? 'on-going' : 'waiting' },
          ],
        }),
      );
    const next = await lineCustomer('chain');
    await api('PUT', `/issues/${next.issueId}/assignee`, { userId: adminId });
    await api('PUT', `/issues/${next.issueId}/tags`, { tagIds: [tokens[0]] });
    expect(
      (await api('PATCH', `/issues/${next.issueId}`, { kind: 'status', status: 'waiting' })).statusCode,
    ).toBe(200);
    const fired = [];
    for (const r of chain) fired.push((await firingsOf(r.id)).length);
    expect(fired).toEqual([1, 1, 1, 1, 1, 0]);
    const tags = (await api('GET', `/issues/${next.issueId}/tags`)).json<Array<{ id: string }>>();
    expect(tags.map((t) => t.id)).toEqual([tokens[5]]);
    await deactivate(...chain);
  });

  it('answers "test against an issue" with the verdict the engine acts on', async () => {
    const { issueId } = await lineCustomer('ราคาส่งเท่าไหร่คะ');
    const rule: SaveAutomationRule = {
      name: 'Dry run',
      isActive: true,
      when: { trigger: 'customer_message' },
      conditions: [
        { type: 'message_text', words: ['ราคาส่ง'] },
        { type: 'first_issue', value: true },
        { type: 'status', statuses: ['on-going'] },
        { type: 'contact', field: 'email', operator: 'isNotSet', value: '' },
        { type: 'business_hours', inside: true },
      ],
      actions: [{ type: 'auto_assign' }],
    };
    const res = await api('POST', '/automation-rules/test', { rule, issueId });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<RuleTestResult>();
    expect(result.wouldFire).toBe(false);
    expect(result.checks.map((c) => [c.type, c.holds, c.actual])).toEqual([
      ['message_text', true, 'ราคาส่ง'],
      ['first_issue', true, 'true'],
      ['status', false, 'un-assigned'],
      ['contact', true, null],
      ['business_hours', true, 'true'],
    ]);
    const missing = await api('POST', '/automation-rules/test', { rule, issueId: 999_999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('runs the rules that wait: idle for an hour adds a note, then the quiet issue closes with a last message', async () => {
    const idle = await createRule({
      name: 'Nudge and close',
      when: { trigger: 'idle', status: 'waiting', minutes: 60 },
      actions: [
        { type: 'add_note', text: 'No answer for an hour' },
        {
          type: 'close_after_inactivity',
          minutes: 30,
          message: 'We close this chat for now. Write any time!',
        },
      ],
    });
    const quiet = await lineCustomer('need help');
    const talks = await lineCustomer('need help too');
    // The agent sets the issue waiting before replying: a delivered reply also hands an on-going issue to
    // the customer, and the trail below expects the agent's own change.
    for (const { issueId } of [quiet, talks]) {
      expect((await api('PUT', `/issues/${issueId}/assignee`, { userId: adminId })).statusCode).toBe(200);
      const waiting = await api('PATCH', `/issues/${issueId}`, { kind: 'status', status: 'waiting' });
      expect(waiting.statusCode, waiting.body).toBe(200);
      const reply = await api('POST', `/issues/${issueId}/messages`, {
        text: 'Could you send your order number?',
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    h.t.clock.advance(61 * MINUTE);
    h.admin = await h.signInAdmin();
    await runTimers(h.t.deps);
    await runTimers(h.t.deps); // a second run in the same quiet period fires nothing more
    const fired = (await firingsOf(idle.id)).map((f) => f.issueId);
    expect(fired.filter((id) => id === quiet.issueId || id === talks.issueId)).toHaveLength(2);
    const notes = await h.t.db.orm
      .select()
      .from(messages)
      .where(and(eq(messages.issueId, quiet.issueId), eq(messages.isPrivateNote, true)));
    expect(notes.map((n) => n.text)).toEqual(['No answer for an hour']);

    // One customer answers; after 30 minutes only the quiet issue closes, with its last message.
    await h.sim.line.text(line.externalId, talks.userId, 'here it is: 1234');
    await expect.poll(async () => (await issueRow(talks.issueId)).status).toBe('on-going');
    h.t.clock.advance(31 * MINUTE);
    h.admin = await h.signInAdmin();
    await runTimers(h.t.deps);
    expect((await issueRow(quiet.issueId)).status).toBe('close');
    expect((await issueRow(talks.issueId)).status).toBe('on-going');
    const last = await h.t.db.orm
      .select()
      .from(messages)
      .where(and(eq(messages.issueId, quiet.issueId), eq(messages.senderType, 'system')));
    expect(last.map((m) => m.text)).toContain('We close this chat for now. Write any time!');
    const statuses = (await trail(quiet.issueId)).filter((l) => l.kind === 'status');
    expect(statuses.map((l) => [l.toStatus, l.automation?.name ?? l.actor?.id])).toEqual([
      ['waiting', adminId],
      ['on-going', 'Nudge and close'],
      ['resolved', 'Nudge and close'],
      ['close', 'Nudge and close'],
    ]);
    await deactivate(idle);
  });

  it('notifies the chosen users and the agent when a service level clock is breached', async () => {
    const rule = await createRule({
      when: { trigger: 'sla_breached' },
      actions: [{ type: 'notify', userIds: [adminId], assignee: true, text: 'A promise was broken' }],
    });
    const policy = await api('POST', '/sla-policies', {
      name: 'Quick',
      teamId: null,
      channelId: line.id,
      firstResponseMinutes: 5,
      nextResponseMinutes: null,
      resolutionMinutes: null,
      businessHours: false,
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const { issueId } = await lineCustomer('anyone?');
    h.t.clock.advance(6 * MINUTE);
    h.admin = await h.signInAdmin();
    await sendDueNotices(h.t.deps);
    const notices = await h.t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.issueId, issueId), eq(notifications.type, 'automation')));
    expect(notices.map((n) => [n.userId, n.content])).toEqual([[adminId, 'A promise was broken']]);
    // Once for this issue's breach (other open issues of the channel may have breached too).
    expect((await firingsOf(rule.id)).filter((f) => f.issueId === issueId)).toHaveLength(1);
    await deactivate(rule);
    await api('DELETE', `/sla-policies/${policy.json<{ id: string }>().id}`);
  });
});
