// The stored side of the reports: finished days' rows (written by the roll-up), their sums per grouping,
// the roll-up's progress, and the names and scopes reports need. The only file here besides reports.facts.ts
// that touches the database; the organisation is always a parameter.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { COUNTER_KEYS, emptyCounters, type ReportCounters } from '@sabai/domain';
import { reportDaily, reportDailyTags, reportRollups } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { wasRemovedSql } from '../people';
import type { FactCell, TagCell } from './reports.facts';

/** How a report groups its counters. */
export type Grouping = 'total' | 'day' | 'channel' | 'team' | 'agent' | 'teamAgent';

/** Channel and team restrictions (null: no restriction); an empty list matches nothing. */
export type ReportFilter = { channelIds: string[] | null; teamIds: string[] | null };

/** The key of a cell in a grouping ('' stands for "no team" / "no agent"). */
export function groupKey(g: Grouping, c: Pick<FactCell, 'day' | 'channelId' | 'teamId' | 'agentUserId'>) {
  switch (g) {
    case 'total':
      return '';
    case 'day':
      return c.day;
    case 'channel':
      return c.channelId;
    case 'team':
      return c.teamId ?? '';
    case 'agent':
      return c.agentUserId ?? '';
    case 'teamAgent':
      return `${c.teamId ?? ''}|${c.agentUserId ?? ''}`;
  }
}

const groupColumn: Record<Grouping, SQL> = {
  total: sql`''`,
  day: sql`day::text`,
  channel: sql`channel_id::text`,
  team: sql`coalesce(team_id::text, '')`,
  agent: sql`coalesce(agent_user_id::text, '')`,
  teamAgent: sql`coalesce(team_id::text, '') || '|' || coalesce(agent_user_id::text, '')`,
};

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function filterSql(f: ReportFilter): SQL {
  const parts: SQL[] = [];
  if (f.channelIds) parts.push(sql`AND channel_id = ANY(${sql.param(f.channelIds)}::uuid[])`);
  if (f.teamIds) parts.push(sql`AND team_id = ANY(${sql.param(f.teamIds)}::uuid[])`);
  return sql.join(parts, sql` `);
}

/** Sums of the stored days `from`–`to` per group. */
export async function sumStored(
  ex: Executor,
  organizationId: string,
  from: string,
  to: string,
  filter: ReportFilter,
  grouping: Grouping,
): Promise<Map<string, ReportCounters>> {
  const sums = sql.raw(COUNTER_KEYS.map((k) => `sum(${snake(k)})::float8 AS "${k}"`).join(', '));
  const rows = rowsOf<Record<string, number | string>>(
    await ex.execute(sql`
      SELECT ${groupColumn[grouping]} AS key, ${sums} FROM report_daily
      WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date ${filterSql(filter)}
      GROUP BY 1`),
  );
  const out = new Map<string, ReportCounters>();
  for (const r of rows) {
    const c = emptyCounters();
    for (const k of COUNTER_KEYS) c[k] = Number(r[k] ?? 0);
    out.set(String(r.key), c);
  }
  return out;
}

/** Issues per tag over the stored days `from`–`to`. */
export async function sumStoredTags(
  ex: Executor,
  organizationId: string,
  from: string,
  to: string,
  filter: ReportFilter,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ tag_id: string; issues: number }>(
    await ex.execute(sql`
      SELECT tag_id, sum(issues)::int AS issues FROM report_daily_tags
      WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date ${filterSql(filter)}
      GROUP BY 1`),
  );
  return new Map(rows.map((r) => [r.tag_id, r.issues]));
}

/** Replaces the stored rows of one day. */
export async function writeDay(
  tx: Executor,
  organizationId: string,
  day: string,
  cells: FactCell[],
  tags: TagCell[],
) {
  await tx
    .delete(reportDaily)
    .where(and(eq(reportDaily.organizationId, organizationId), eq(reportDaily.day, day)));
  await tx
    .delete(reportDailyTags)
    .where(and(eq(reportDailyTags.organizationId, organizationId), eq(reportDailyTags.day, day)));
  for (let i = 0; i < cells.length; i += 500) {
    await tx.insert(reportDaily).values(
      cells.slice(i, i + 500).map((c) => ({
        organizationId,
        day,
        channelId: c.channelId,
        teamId: c.teamId,
        agentUserId: c.agentUserId,
        ...c.counters,
      })),
    );
  }
  for (let i = 0; i < tags.length; i += 1000) {
    await tx
      .insert(reportDailyTags)
      .values(tags.slice(i, i + 1000).map((t) => ({ organizationId, ...t, day })));
  }
}

/** The last stored day of the organisation, or null before its first roll-up. */
export async function rolledThrough(ex: Executor, organizationId: string): Promise<string | null> {
  const [row] = await ex
    .select({ day: reportRollups.rolledThrough })
    .from(reportRollups)
    .where(eq(reportRollups.organizationId, organizationId));
  return row?.day ?? null;
}

export async function setRolledThrough(tx: Executor, organizationId: string, day: string, now: Date) {
  await tx
    .insert(reportRollups)
    .values({ organizationId, rolledThrough: day, updatedAt: now })
    .onConflictDoUpdate({
      target: reportRollups.organizationId,
      set: { rolledThrough: day, updatedAt: now },
    });
}

/** Forgets every stored row of the organisation (the rebuild starts over). */
export async function clearStored(tx: Executor, organizationId: string) {
  await tx.delete(reportDaily).where(eq(reportDaily.organizationId, organizationId));
  await tx.delete(reportDailyTags).where(eq(reportDailyTags.organizationId, organizationId));
  await tx.delete(reportRollups).where(eq(reportRollups.organizationId, organizationId));
}

/** The instant of the organisation's first fact (its first issue), or null. */
export async function firstFactAt(ex: Executor, organizationId: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await ex.execute(sql`SELECT min(start_date) AS at FROM issues WHERE organization_id = ${organizationId}`),
  );
  return row?.at ? new Date(row.at) : null;
}

export async function organizations(ex: Executor) {
  return rowsOf<{ id: string; time_zone: string }>(
    await ex.execute(sql`SELECT id, time_zone FROM organizations ORDER BY id`),
  );
}

/** Teams the user manages or belongs to (scope myTeam). */
export async function teamIdsOf(ex: Executor, organizationId: string, userId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await ex.execute(sql`
      SELECT tm.team_id AS id FROM team_members tm WHERE tm.user_id = ${userId} AND tm.organization_id = ${organizationId}
      UNION SELECT t.id FROM teams t WHERE t.manager_user_id = ${userId} AND t.organization_id = ${organizationId}`),
  );
  return rows.map((r) => r.id);
}

/** Channels served by the user's teams: assigned, reserved or keyword team (scope myChannel). */
export async function channelIdsOf(
  ex: Executor,
  organizationId: string,
  teamIds: string[],
): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await ex.execute(sql`
      SELECT c.id FROM channels c WHERE c.organization_id = ${organizationId} AND (
        c.assigned_team_id = ANY(${sql.param(teamIds)}::uuid[]) OR c.reserved_team_id = ANY(${sql.param(teamIds)}::uuid[])
        OR EXISTS (SELECT 1 FROM channel_keywords k WHERE k.channel_id = c.id AND k.team_id = ANY(${sql.param(teamIds)}::uuid[])))`),
  );
  return rows.map((r) => r.id);
}

export async function channelsOf(ex: Executor, organizationId: string) {
  return rowsOf<{ id: string; name: string; type: 'line' | 'facebook' | 'instagram'; deleted: boolean }>(
    await ex.execute(sql`
      SELECT id, name, type, deleted_at IS NOT NULL AS deleted FROM channels
      WHERE organization_id = ${organizationId} ORDER BY deleted_at IS NOT NULL, name`),
  );
}

export async function teamsOf(ex: Executor, organizationId: string) {
  return rowsOf<{ id: string; name: string }>(
    await ex.execute(sql`SELECT id, name FROM teams WHERE organization_id = ${organizationId} ORDER BY name`),
  );
}

/** Display names of users (first and last name, else the username), and whether they were deleted there. */
export async function userNames(
  ex: Executor,
  organizationId: string,
  ids: string[],
): Promise<Map<string, { name: string; deleted: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string; deleted: boolean }>(
    await ex.execute(sql`
      SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) AS name,
        ${wasRemovedSql(organizationId, sql`users.id`)} AS deleted
      FROM users WHERE id = ANY(${sql.param(ids)}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, deleted: r.deleted }]));
}

export async function tagsOf(ex: Executor, organizationId: string) {
  return rowsOf<{ id: string; name: string; colour: string }>(
    await ex.execute(sql`SELECT id, name, colour FROM tags WHERE organization_id = ${organizationId}`),
  );
}
