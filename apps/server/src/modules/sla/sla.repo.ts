// Storage of service levels: the policies, each tracked issue's clocks, and the targets met or breached.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IssueStatus, SlaTarget } from '@sabai/domain';
import { issueSla, slaOutcomes, slaPolicies } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { sqlRows } from '../../platform/sql-rows';

export type PolicyRow = typeof slaPolicies.$inferSelect;

export function listPolicies(ex: Executor, organizationId: string) {
  return ex
    .select()
    .from(slaPolicies)
    .where(eq(slaPolicies.organizationId, organizationId))
    .orderBy(slaPolicies.name);
}

export async function findPolicy(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select()
    .from(slaPolicies)
    .where(and(eq(slaPolicies.organizationId, organizationId), eq(slaPolicies.id, id)));
  return row ?? null;
}

/** The active policies of the organisations (what the clocks follow). */
export function activePolicies(ex: Executor, organizationIds: string[]) {
  return ex
    .select()
    .from(slaPolicies)
    .where(and(inArray(slaPolicies.organizationId, organizationIds), eq(slaPolicies.isActive, true)));
}

/** What an issue's clocks are computed from, with the clocks stored so far (null fields when untracked). */
export type ClockFacts = {
  id: number;
  organization_id: string;
  status: IssueStatus;
  channel_id: string;
  team_id: string | null;
  assignee_user_id: string | null;
  started_at: Date | string;
  first_response_at: Date | string | null;
  wait_started_at: Date | string | null;
  last_agent_message_at: Date | string | null;
  ended_at: Date | string | null;
  tracked: boolean;
  policy_id: string | null;
  first_response_due_at: Date | string | null;
  next_response_due_at: Date | string | null;
  resolution_due_at: Date | string | null;
  paused_since: Date | string | null;
  paused_seconds: number | null;
};

export async function clockFacts(ex: Executor, issueIds: number[]): Promise<ClockFacts[]> {
  if (issueIds.length === 0) return [];
  return rowsOf<ClockFacts>(
    await ex.execute(sql`
      SELECT i.id::int AS id, i.organization_id, i.status, i.channel_id, i.team_id, i.assignee_user_id,
        coalesce(i.first_customer_message_at, i.start_date) AS started_at, i.first_response_at,
        i.wait_started_at, i.last_agent_message_at, coalesce(i.resolved_at, i.closed_at) AS ended_at,
        (s.issue_id IS NOT NULL) AS tracked, s.policy_id, s.first_response_due_at, s.next_response_due_at,
        s.resolution_due_at, s.paused_since, s.paused_seconds
      FROM issues i LEFT JOIN issue_sla s ON s.issue_id = i.id
      WHERE i.id = ANY(${sql.param(issueIds)}::bigint[]) AND i.kind = 'conversation'`),
  );
}

export type ClockRow = {
  issueId: number;
  organizationId: string;
  policyId: string;
  firstResponseDueAt: Date | null;
  firstResponseWarnAt: Date | null;
  nextResponseDueAt: Date | null;
  nextResponseWarnAt: Date | null;
  resolutionDueAt: Date | null;
  resolutionWarnAt: Date | null;
  pausedSince: Date | null;
  pausedSeconds: number;
  /** The clock due first, for the issue's row. */
  dueAt: Date | null;
  warnAt: Date | null;
  target: SlaTarget | null;
};

/**
 * Stores the clocks of the issues still under a policy, and the clock due first on each issue's row. A policy
 * deleted meanwhile by another process (whose settings cache still held it) is stored as none: the
 * recompute its deletion queued drops those clocks.
 */
export async function saveClocks(ex: Executor, rows: ClockRow[]) {
  if (rows.length === 0) return;
  await ex.execute(sql`
    INSERT INTO issue_sla (issue_id, organization_id, policy_id, first_response_due_at, first_response_warn_at,
      next_response_due_at, next_response_warn_at, resolution_due_at, resolution_warn_at, paused_since,
      paused_seconds, updated_at)
    SELECT "issueId", "organizationId", (SELECT p.id FROM sla_policies p WHERE p.id = v."policyId"),
      "firstResponseDueAt", "firstResponseWarnAt",
      "nextResponseDueAt", "nextResponseWarnAt", "resolutionDueAt", "resolutionWarnAt", "pausedSince",
      "pausedSeconds", now()
    FROM ${sqlRows(
      rows,
      {
        issueId: 'bigint',
        organizationId: 'uuid',
        policyId: 'uuid',
        firstResponseDueAt: 'timestamptz',
        firstResponseWarnAt: 'timestamptz',
        nextResponseDueAt: 'timestamptz',
        nextResponseWarnAt: 'timestamptz',
        resolutionDueAt: 'timestamptz',
        resolutionWarnAt: 'timestamptz',
        pausedSince: 'timestamptz',
        pausedSeconds: 'float8',
      },
      'v',
    )}
    ON CONFLICT (issue_id) DO UPDATE SET policy_id = excluded.policy_id,
      first_response_due_at = excluded.first_response_due_at, first_response_warn_at = excluded.first_response_warn_at,
      next_response_due_at = excluded.next_response_due_at, next_response_warn_at = excluded.next_response_warn_at,
      resolution_due_at = excluded.resolution_due_at, resolution_warn_at = excluded.resolution_warn_at,
      paused_since = excluded.paused_since, paused_seconds = excluded.paused_seconds, updated_at = now()`);
  await ex.execute(sql`
    UPDATE issues SET sla_due_at = v."dueAt", sla_warn_at = v."warnAt", sla_target = v.target
    FROM ${sqlRows(rows, { issueId: 'bigint', dueAt: 'timestamptz', warnAt: 'timestamptz', target: 'text' }, 'v')}
    WHERE issues.id = v."issueId"`);
}

/** The NOTIFY channel on which saved clocks announce their soonest moment; the payload is its epoch milliseconds. */
export const CLOCKS_CHANNEL = 'sabai_sla_clocks';
/** How far ahead a notice's moment is woken for: later ones are for the minute's run to see coming. */
export const WAKE_AHEAD_MS = 60_000;

/**
 * Tells the notice job, once this transaction commits, of the soonest amber moment among `rows` when it
 * falls within the wake window: most clocks are minutes or hours away, and a NOTIFY is not free on the
 * ingest's path (commits that notify are serialised).
 */
export async function announceSoonClocks(ex: Executor, rows: ClockRow[], now: Date) {
  const soonest = rows.reduce((min, r) => Math.min(min, (r.warnAt ?? r.dueAt)?.getTime() ?? min), Infinity);
  if (soonest - now.getTime() > WAKE_AHEAD_MS) return;
  await ex.execute(sql`SELECT pg_notify(${CLOCKS_CHANNEL}, ${String(soonest)})`);
}

/** Forgets the clocks of issues no longer under a policy (ended, or their policy went). */
export async function dropClocks(ex: Executor, issueIds: number[]) {
  if (issueIds.length === 0) return;
  await ex.delete(issueSla).where(inArray(issueSla.issueId, issueIds));
  await ex.execute(sql`
    UPDATE issues SET sla_due_at = NULL, sla_warn_at = NULL, sla_target = NULL
    WHERE id = ANY(${sql.param(issueIds)}::bigint[]) AND sla_target IS NOT NULL`);
}

/** Forgets every clock of the organisation (its last policy went). */
export async function dropOrganizationClocks(ex: Executor, organizationId: string) {
  await ex.execute(sql`
    UPDATE issues SET sla_due_at = NULL, sla_warn_at = NULL, sla_target = NULL
    WHERE id IN (SELECT issue_id FROM issue_sla WHERE organization_id = ${organizationId})`);
  await ex.delete(issueSla).where(eq(issueSla.organizationId, organizationId));
}

export type NewOutcome = typeof slaOutcomes.$inferInsert;

/** Records targets met or breached; a target's clock is recorded once (issue, target, due time). */
export async function recordOutcomes(ex: Executor, rows: NewOutcome[]) {
  if (rows.length > 0) await ex.insert(slaOutcomes).values(rows).onConflictDoNothing();
}

/** Open issues of the organisation (a policy changed: their clocks are computed again). */
export async function openIssueIds(ex: Executor, organizationId: string, afterId: number, limit: number) {
  return rowsOf<{ id: number }>(
    await ex.execute(sql`
      SELECT id::int AS id FROM issues
      WHERE organization_id = ${organizationId} AND kind = 'conversation'
        AND status IN ('un-assigned', 'on-going', 'waiting') AND id > ${afterId}
      ORDER BY id LIMIT ${limit}`),
  ).map((r) => r.id);
}

/** Clocks whose amber or due time has come and whose notice was not sent yet. */
export type DueNotice = {
  issue_id: number;
  organization_id: string;
  assignee_user_id: string | null;
  manager_user_id: string | null;
  target: SlaTarget;
  kind: 'warn' | 'breach';
  due_at: Date | string;
};

/** Each clock's moments a notice is due at (`at`), with the due time that names the notice. */
const THRESHOLDS = sql`CROSS JOIN LATERAL (VALUES
        ('firstResponse', 'warn', s.first_response_warn_at, s.first_response_due_at),
        ('firstResponse', 'breach', s.first_response_due_at, s.first_response_due_at),
        ('nextResponse', 'warn', s.next_response_warn_at, s.next_response_due_at),
        ('nextResponse', 'breach', s.next_response_due_at, s.next_response_due_at),
        ('resolution', 'warn', s.resolution_warn_at, s.resolution_due_at),
        ('resolution', 'breach', s.resolution_due_at, s.resolution_due_at)
      ) AS c(target, kind, at, due_at)`;
const UNSENT = sql`NOT s.notified ? (c.target || ':' || c.kind || ':' || extract(epoch FROM c.due_at)::bigint)`;

export async function noticesDue(ex: Executor, now: Date): Promise<DueNotice[]> {
  return rowsOf<DueNotice>(
    await ex.execute(sql`
      SELECT s.issue_id::int AS issue_id, s.organization_id, i.assignee_user_id, t.manager_user_id, c.target, c.kind,
        c.due_at
      FROM issue_sla s
      JOIN issues i ON i.id = s.issue_id
      LEFT JOIN teams t ON t.id = i.team_id
      ${THRESHOLDS}
      WHERE c.at IS NOT NULL AND c.at <= ${now} AND ${UNSENT}
      ORDER BY s.issue_id
      LIMIT 500`),
  );
}

/** The next moment after `now` a notice falls due, if any comes before `until`. */
export async function nextNoticeAt(ex: Executor, now: Date, until: Date): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await ex.execute(sql`
      SELECT min(c.at) AS at FROM issue_sla s ${THRESHOLDS}
      WHERE c.at > ${now} AND c.at < ${until} AND ${UNSENT}`),
  );
  return row?.at ? new Date(row.at) : null;
}

export const noticeKey = (n: Pick<DueNotice, 'target' | 'kind' | 'due_at'>) =>
  `${n.target}:${n.kind}:${Math.floor(new Date(n.due_at).getTime() / 1000)}`;

/** The notices sent for the issue's clocks, locked for this transaction; null when it has none any more. */
export async function lockNotified(ex: Executor, issueId: number): Promise<string[] | null> {
  const [row] = await ex
    .select({ notified: issueSla.notified })
    .from(issueSla)
    .where(eq(issueSla.issueId, issueId))
    .for('update');
  return row?.notified ?? null;
}

export async function markNotified(ex: Executor, issueId: number, keys: string[]) {
  await ex.execute(sql`
    UPDATE issue_sla SET notified = notified || ${JSON.stringify(keys)}::jsonb WHERE issue_id = ${issueId}`);
}
