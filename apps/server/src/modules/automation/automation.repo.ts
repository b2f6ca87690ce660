// Automation rules' storage: the rules, their firings (one per rule and event: the engine's idempotency),
// the pending closes after inactivity, and what a rule's conditions read of an issue.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { IssueStatus, RuleContactField } from '@sabai/domain';
import { automationCloseTimers, automationRules, macros, memberships, users } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { sqlRows } from '../../platform/sql-rows';
import { activeMemberOf, membershipUser } from '../people';

export type RuleRow = typeof automationRules.$inferSelect;
export type NewRule = Omit<typeof automationRules.$inferInsert, 'organizationId' | 'position'>;

/** The organisation's rules in order, with their firings in the last 30 days. */
export async function listRules(ex: Executor, organizationId: string, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * 3600_000);
  return rowsOf<RuleRow & { firings: number | string; last_fired_at: Date | string | null }>(
    await ex.execute(sql`
      SELECT r.id, r.organization_id AS "organizationId", r.name, r.is_active AS "isActive", r.position,
        r."when", r.conditions, r.actions, r.created_at AS "createdAt", r.updated_at AS "updatedAt",
        (SELECT count(*) FROM automation_firings f WHERE f.rule_id = r.id AND f.fired_at >= ${since}) AS firings,
        (SELECT max(f.fired_at) FROM automation_firings f WHERE f.rule_id = r.id) AS last_fired_at
      FROM automation_rules r WHERE r.organization_id = ${organizationId}
      ORDER BY r.position, r.created_at`),
  );
}

export async function findRule(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.id, id), eq(automationRules.organizationId, organizationId)));
  return row ?? null;
}

export async function countRules(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(automationRules)
    .where(eq(automationRules.organizationId, organizationId));
  return row?.n ?? 0;
}

/** Adds a rule at the end of the order. */
export async function insertRule(ex: Executor, organizationId: string, rule: NewRule) {
  const [row] = await ex
    .insert(automationRules)
    .values({
      ...rule,
      organizationId,
      position: sql`(SELECT coalesce(max(position), 0) + 1 FROM automation_rules WHERE organization_id = ${organizationId})`,
    })
    .returning();
  return row!;
}

export async function updateRule(ex: Executor, organizationId: string, id: string, set: Partial<NewRule>) {
  const [row] = await ex
    .update(automationRules)
    .set(set)
    .where(and(eq(automationRules.id, id), eq(automationRules.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

export async function deleteRule(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .delete(automationRules)
    .where(and(eq(automationRules.id, id), eq(automationRules.organizationId, organizationId)))
    .returning({ id: automationRules.id });
  return row ?? null;
}

/** The organisation's rule ids, locked (a reorder and a create at once cannot both number the same place). */
export async function lockRuleIds(ex: Executor, organizationId: string) {
  const rows = await ex
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(eq(automationRules.organizationId, organizationId))
    .orderBy(asc(automationRules.position))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setPositions(ex: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await ex.execute(sql`
    UPDATE automation_rules r SET position = o.position
    FROM unnest(${sql.param(ids)}::uuid[]) WITH ORDINALITY AS o(id, position) WHERE r.id = o.id`);
}

/** The active rules of organisations, in order. */
export function activeRules(ex: Executor, organizationIds: string[]) {
  return ex
    .select()
    .from(automationRules)
    .where(and(inArray(automationRules.organizationId, organizationIds), eq(automationRules.isActive, true)))
    .orderBy(asc(automationRules.position), asc(automationRules.createdAt));
}

export type Firing = { ruleId: string; issueId: number; eventKey: string; organizationId: string };

/**
 * Records firings; resolves to those new (a firing already recorded for its event is not one). A rule deleted
 * meanwhile by another process (whose rules cache still held it) does not fire.
 */
export async function recordFirings(ex: Executor, firings: Firing[], at: Date) {
  if (firings.length === 0) return new Set<string>();
  const rows = rowsOf<{ rule_id: string; event_key: string }>(
    await ex.execute(sql`
      INSERT INTO automation_firings (organization_id, rule_id, issue_id, event_key, fired_at)
      SELECT f."organizationId", f."ruleId", f."issueId", f."eventKey", ${at}
      FROM ${sqlRows(firings, { organizationId: 'uuid', ruleId: 'uuid', issueId: 'bigint', eventKey: 'text' }, 'f')}
      WHERE EXISTS (SELECT 1 FROM automation_rules r WHERE r.id = f."ruleId")
      ON CONFLICT (rule_id, event_key) DO NOTHING
      RETURNING rule_id, event_key`),
  );
  return new Set(rows.map((r) => firingKey({ ruleId: r.rule_id, eventKey: r.event_key })));
}

export const firingKey = (f: { ruleId: string; eventKey: string }) => `${f.ruleId}|${f.eventKey}`;

/** What conditions read of an issue (the customer's latest message only when asked). */
export type IssueFactsRow = {
  id: number | string;
  organization_id: string;
  channel_id: string;
  team_id: string | null;
  status: IssueStatus;
  tag_ids: string[] | null;
  first_issue: boolean;
  latest_text: string | null;
} & Record<RuleContactField, string | null>;

export async function issueFacts(ex: Executor, issueIds: number[], withLatestText: boolean) {
  if (issueIds.length === 0) return [];
  const latestText = withLatestText
    ? sql`(SELECT m.text FROM messages m WHERE m.issue_id = i.id AND m.direction = 'inbound'
           ORDER BY m.id DESC LIMIT 1)`
    : sql`NULL::text`;
  return rowsOf<IssueFactsRow>(
    await ex.execute(sql`
      SELECT i.id, i.organization_id, i.channel_id, i.team_id, i.status,
        (SELECT array_agg(t.tag_id::text) FROM issue_tags t WHERE t.issue_id = i.id) AS tag_ids,
        NOT EXISTS (SELECT 1 FROM issues e WHERE e.contact_id = i.contact_id AND e.id < i.id) AS first_issue,
        ${latestText} AS latest_text,
        coalesce(nullif(c.name, ''), nullif(c.display_name, '')) AS name, c.email,
        c.mobile_number AS "mobileNumber", c.province, c.gender
      FROM issues i JOIN contacts c ON c.id = i.contact_id
      WHERE i.id = ANY(${sql.param(issueIds)}::bigint[])`),
  );
}

/** Open issues in `status` whose last message (either side) is older than `cutoff`, not yet fired for. */
export async function idleIssues(
  ex: Executor,
  rule: { id: string; organizationId: string; createdAt: Date },
  status: IssueStatus,
  minutes: number,
  now: Date,
  limit: number,
) {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  // Idle periods that ended before the rule existed are not its business (no flood on creation).
  const since = new Date(rule.createdAt.getTime() - minutes * 60_000);
  return rowsOf<{ id: number | string; last_response_at: Date | string }>(
    await ex.execute(sql`
      SELECT i.id, i.last_response_at FROM issues i
      WHERE i.organization_id = ${rule.organizationId} AND i.status = ${status}
        AND i.last_response_at <= ${cutoff} AND i.last_response_at >= ${since}
        AND NOT EXISTS (SELECT 1 FROM automation_firings f WHERE f.rule_id = ${rule.id}
          AND f.event_key = ${idleKeyPrefix} || i.id || ':' || (extract(epoch FROM i.last_response_at) * 1000)::bigint)
      ORDER BY i.last_response_at LIMIT ${limit}`),
  );
}

const idleKeyPrefix = 'i:';
/** An idle period's event key: the issue and the time of the last message that started it. */
export const idleKey = (issueId: number, lastResponseAt: Date) =>
  `${idleKeyPrefix}${issueId}:${lastResponseAt.getTime()}`;

export type CloseTimer = typeof automationCloseTimers.$inferSelect;

/** Sets (or replaces) an issue's pending close. */
export async function setCloseTimer(ex: Executor, timer: CloseTimer) {
  await ex
    .insert(automationCloseTimers)
    .values(timer)
    .onConflictDoUpdate({
      target: automationCloseTimers.issueId,
      set: {
        ruleId: timer.ruleId,
        ruleName: timer.ruleName,
        message: timer.message,
        customerMessageAt: timer.customerMessageAt,
        setAt: timer.setAt,
        dueAt: timer.dueAt,
      },
    });
}

export async function dueCloseTimers(ex: Executor, now: Date, limit: number) {
  return ex
    .select()
    .from(automationCloseTimers)
    .where(lte(automationCloseTimers.dueAt, now))
    .orderBy(asc(automationCloseTimers.dueAt))
    .limit(limit);
}

/** Takes a due close (null when another worker took it first). */
export async function takeCloseTimer(ex: Executor, issueId: number, now: Date) {
  const [row] = await ex
    .delete(automationCloseTimers)
    .where(and(eq(automationCloseTimers.issueId, issueId), lte(automationCloseTimers.dueAt, now)))
    .returning();
  return row ?? null;
}

/** Organisations with an active idle rule, with those rules. */
export function activeIdleRules(ex: Executor) {
  return ex
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.isActive, true), sql`${automationRules.when}->>'trigger' = 'idle'`));
}

export async function teamExists(ex: Executor, organizationId: string, teamId: string) {
  const rows = rowsOf(
    await ex.execute(sql`SELECT 1 FROM teams WHERE id = ${teamId} AND organization_id = ${organizationId}`),
  );
  return rows.length > 0;
}

export async function assigneeOf(ex: Executor, issueId: number) {
  const [row] = rowsOf<{ assignee_user_id: string | null }>(
    await ex.execute(sql`SELECT assignee_user_id FROM issues WHERE id = ${issueId}`),
  );
  return row?.assignee_user_id ?? null;
}

/** The given users that are active in the organisation. */
export async function activeUsers(ex: Executor, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await ex
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, membershipUser)
    .where(and(activeMemberOf(organizationId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

// ---- macros ----------------------------------------------------------------------------------------------

export type MacroRow = typeof macros.$inferSelect & {
  owner: {
    id: string;
    email: string;
    username: string;
    firstName: string;
    lastName: string;
    avatarFileId: string | null;
  } | null;
};

/** The macros a caller reaches: everyone's (scope all), or the shared ones and their own. */
export async function listMacros(ex: Executor, organizationId: string, userId: string, everyone: boolean) {
  const rows = await ex
    .select({ macro: macros, owner: users })
    .from(macros)
    .leftJoin(users, eq(users.id, macros.ownerUserId))
    .where(
      and(
        eq(macros.organizationId, organizationId),
        everyone ? undefined : or(isNull(macros.ownerUserId), eq(macros.ownerUserId, userId)),
      ),
    )
    .orderBy(asc(sql`lower(${macros.name})`));
  return rows.map(({ macro, owner }): MacroRow => ({ ...macro, owner }));
}

export async function findMacro(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select()
    .from(macros)
    .where(and(eq(macros.id, id), eq(macros.organizationId, organizationId)));
  return row ?? null;
}

export async function insertMacro(ex: Executor, values: typeof macros.$inferInsert) {
  const [row] = await ex.insert(macros).values(values).returning();
  return row!;
}

export async function updateMacro(ex: Executor, id: string, set: Partial<typeof macros.$inferInsert>) {
  await ex.update(macros).set(set).where(eq(macros.id, id));
}

export async function deleteMacro(ex: Executor, id: string) {
  await ex.delete(macros).where(eq(macros.id, id));
}
