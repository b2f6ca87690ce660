// The rules screen's service: list, save, duplicate, order, delete, and "test against a past issue". Every
// team, agent, tag, channel and canned response a rule names must be the organisation's. A change is seen by
// this process's engine at once, by others within the rules cache's few seconds.
import {
  AUTOMATION_RULES_MAX,
  type AutomationRule,
  type RuleTestResult,
  type SaveAutomationRule,
  type TestAutomationRule,
} from '@sabai/contracts';
import { checkConditions, isWorkingTime } from '@sabai/domain';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { rowsOf, type Executor } from '../../platform/db';
import type { AuthContext } from '../../ports';
import { findIssueInScope } from '../issues';
import { factsFromRow } from './automation.engine';
import * as repo from './automation.repo';
import { activeRulesOf, calendarOf, forgetOrganization } from './automation.rules-cache';

type ListedRule = Awaited<ReturnType<typeof repo.listRules>>[number];

function present(r: ListedRule): AutomationRule {
  return {
    id: r.id,
    name: r.name,
    isActive: r.isActive,
    position: r.position,
    when: r.when,
    conditions: r.conditions,
    actions: r.actions,
    firings: Number(r.firings),
    lastFiredAt: r.last_fired_at ? new Date(r.last_fired_at).toISOString() : null,
    updatedAt: new Date(r.updatedAt).toISOString(),
  } as AutomationRule;
}

export async function listRules(deps: Deps, auth: AuthContext) {
  return (await repo.listRules(deps.db.orm, auth.organizationId, deps.clock.now())).map(present);
}

export async function getRule(deps: Deps, auth: AuthContext, id: string) {
  const found = (await listRules(deps, auth)).find((r) => r.id === id);
  if (!found) throw notFound('automation.not_found');
  return found;
}

export async function createRule(deps: Deps, auth: AuthContext, input: SaveAutomationRule) {
  await assertReferences(deps.db.orm, auth.organizationId, input, 'sharedCanned');
  const row = await deps.db.orm.transaction(async (tx) => {
    await repo.lockRuleIds(tx, auth.organizationId);
    if ((await repo.countRules(tx, auth.organizationId)) >= AUTOMATION_RULES_MAX)
      throw conflict('automation.too_many');
    return repo.insertRule(tx, auth.organizationId, input);
  });
  forgetOrganization(auth.organizationId);
  return getRule(deps, auth, row.id);
}

export async function updateRule(deps: Deps, auth: AuthContext, id: string, input: SaveAutomationRule) {
  await assertReferences(deps.db.orm, auth.organizationId, input, 'sharedCanned');
  const row = await repo.updateRule(deps.db.orm, auth.organizationId, id, {
    ...input,
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound('automation.not_found');
  forgetOrganization(auth.organizationId);
  return getRule(deps, auth, id);
}

/** A copy, inactive until reviewed, at the end of the order. */
export async function duplicateRule(deps: Deps, auth: AuthContext, id: string) {
  const rule = await repo.findRule(deps.db.orm, auth.organizationId, id);
  if (!rule) throw notFound('automation.not_found');
  return createRule(deps, auth, {
    name: `${rule.name} (copy)`.slice(0, 100),
    isActive: false,
    when: rule.when,
    conditions: rule.conditions,
    actions: rule.actions,
  } as SaveAutomationRule);
}

export async function deleteRule(deps: Deps, auth: AuthContext, id: string) {
  if (!(await repo.deleteRule(deps.db.orm, auth.organizationId, id))) throw notFound('automation.not_found');
  forgetOrganization(auth.organizationId);
}

/** Puts the rules in the given order; the list must name each rule of the organisation once. */
export async function orderRules(deps: Deps, auth: AuthContext, ids: string[]) {
  await deps.db.orm.transaction(async (tx) => {
    const current = await repo.lockRuleIds(tx, auth.organizationId);
    const same =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => current.includes(id));
    if (!same) throw conflict('automation.order_mismatch');
    await repo.setPositions(tx, ids);
  });
  forgetOrganization(auth.organizationId);
  return listRules(deps, auth);
}

/**
 * Whether the rule, as edited, would fire for an issue now (its trigger aside): each condition's verdict on
 * the issue as it is, reading the customer's latest message for words.
 */
export async function testRule(
  deps: Deps,
  auth: AuthContext,
  input: TestAutomationRule,
): Promise<RuleTestResult> {
  const ex = deps.db.orm;
  const issue = await findIssueInScope(ex, auth.organizationId, auth.userId, 'all', input.issueId);
  if (!issue) throw notFound('issue.not_found');
  const [row] = await repo.issueFacts(ex, [issue.id], true);
  if (!row) throw notFound('issue.not_found');
  await activeRulesOf(ex, [auth.organizationId]);
  const calendar = await calendarOf(ex, auth.organizationId, row.channel_id);
  const facts = factsFromRow(row, isWorkingTime(deps.clock.now().getTime(), calendar));
  const verdict = checkConditions(input.rule.conditions, facts);
  return { wouldFire: verdict.fires, checks: verdict.checks };
}

/** The ids a rule names, by the table that must hold them for the organisation. */
function referencesOf(rule: SaveAutomationRule) {
  const refs = {
    channels: [] as string[],
    teams: [] as string[],
    tags: [] as string[],
    users: [] as string[],
    canned: [] as string[],
  };
  for (const c of rule.conditions) {
    if (c.type === 'channel') refs.channels.push(...c.channelIds);
    if (c.type === 'team') refs.teams.push(...c.teamIds);
    if (c.type === 'tag') refs.tags.push(...c.tagIds);
  }
  for (const a of rule.actions) {
    if (a.type === 'assign_team' || a.type === 'assign_agent') refs.teams.push(a.teamId);
    if (a.type === 'assign_agent') refs.users.push(a.userId);
    if (a.type === 'add_tag' || a.type === 'remove_tag') refs.tags.push(a.tagId);
    if (a.type === 'send_canned') refs.canned.push(a.cannedResponseId);
    if (a.type === 'notify') refs.users.push(...a.userIds);
  }
  return refs;
}

const REFERENCE_TABLES = {
  channels: sql`SELECT id FROM channels WHERE organization_id = `,
  teams: sql`SELECT id FROM teams WHERE organization_id = `,
  tags: sql`SELECT id FROM tags WHERE organization_id = `,
  canned: sql`SELECT id FROM canned_responses WHERE organization_id = `,
  /** A rule is the organisation's: it sends only shared responses (no one's personal one). */
  sharedCanned: sql`SELECT id FROM canned_responses WHERE owner_user_id IS NULL AND organization_id = `,
  users: sql`SELECT user_id AS id FROM memberships WHERE organization_id = `,
};

/**
 * 400 automation.reference_missing when the rule names something that is not the organisation's (with
 * `sharedCanned`, a canned response someone keeps for themselves).
 */
export async function assertReferences(
  ex: Executor,
  organizationId: string,
  rule: Pick<SaveAutomationRule, 'conditions' | 'actions'>,
  cannedTable: 'canned' | 'sharedCanned' = 'canned',
) {
  const refs = referencesOf(rule as SaveAutomationRule);
  for (const [kind, ids] of Object.entries(refs) as Array<[keyof typeof refs, string[]]>) {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) continue;
    const found = rowsOf<{ id: string }>(
      await ex.execute(
        sql`${REFERENCE_TABLES[kind === 'canned' ? cannedTable : kind]}${organizationId} AND ${sql.raw(kind === 'users' ? 'user_id' : 'id')} = ANY(${sql.param(wanted)}::uuid[])`,
      ),
    );
    if (found.length !== wanted.length) throw badRequest('automation.reference_missing');
  }
}
