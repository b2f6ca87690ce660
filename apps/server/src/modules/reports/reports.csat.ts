// The CSAT report: each rating received in the period with its comment, contact, channel,
// team and agent, newest first, and the period's summary (surveys sent, ratings, response rate, CSAT %,
// average, how many of each rating). The caller's scope narrows channels and teams as in every report.
import { sql, type SQL } from 'drizzle-orm';
import {
  CSAT_SATISFIED_FROM,
  type CsatRating,
  type CsatReport,
  type CsatReportQuery,
  type CsatSummary,
} from '@sabai/contracts';
import { addDays, startOfLocalDay, type Scope } from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { rowsOf } from '../../platform/db';
import type { AuthContext } from '../../ports';
import * as repo from './reports.repo';
import { contextOf, filterOptions, periodsOf, restrict, scopeLimits } from './reports.service';

type Filter = {
  organizationId: string;
  start: Date;
  end: Date;
  channelIds: string[] | null;
  teamIds: string[] | null;
  agentIds: string[] | null;
};

/** Where a survey belongs to the caller's channels, teams and agents. */
function surveysOf(f: Filter): SQL {
  const parts = [sql`s.organization_id = ${f.organizationId}`];
  if (f.channelIds) parts.push(sql`s.channel_id = ANY(${sql.param(f.channelIds)}::uuid[])`);
  if (f.teamIds) parts.push(sql`s.team_id = ANY(${sql.param(f.teamIds)}::uuid[])`);
  if (f.agentIds) parts.push(sql`s.agent_user_id = ANY(${sql.param(f.agentIds)}::uuid[])`);
  return sql.join(parts, sql` AND `);
}

/** The list's position: the last rating shown (time and id), opaque to the client. */
type Cursor = { at: string; id: number };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
    if (typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)) && Number.isInteger(c.id)) return c;
  } catch {
    // Falls through to the 400.
  }
  throw badRequest('report.invalid_cursor');
}

export async function csatReport(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: CsatReportQuery,
  limit: number | null = q.limit,
): Promise<CsatReport> {
  const { period } = periodsOf(q);
  const limits = await scopeLimits(deps, auth, scope);
  const ctx = await contextOf(deps, auth);
  const filter: Filter = {
    organizationId: auth.organizationId,
    start: new Date(startOfLocalDay(period.from, ctx.timeZone)),
    end: new Date(startOfLocalDay(addDays(period.to, 1), ctx.timeZone)),
    channelIds: restrict(q.channel, limits.channelIds),
    teamIds: restrict(q.team, limits.teamIds),
    agentIds: q.agent?.length ? q.agent : null,
  };
  const [items, summary, options, agents] = await Promise.all([
    ratings(deps, filter, q, limit),
    summaryOf(deps, filter),
    filterOptions(deps, auth, limits),
    agentOptions(deps, filter),
  ]);
  const shown = limit === null ? items : items.slice(0, limit);
  return {
    period,
    summary,
    items: shown,
    nextCursor:
      limit !== null && items.length > limit
        ? encodeCursor({ at: shown.at(-1)!.ratedAt, id: shown.at(-1)!.id })
        : null,
    options: { ...options, agents },
  };
}

/** The ratings in the period, newest first: `limit` + 1 to know whether more follow (all when null). */
async function ratings(deps: Deps, f: Filter, q: CsatReportQuery, limit: number | null) {
  const conditions = [surveysOf(f), sql`s.rated_at >= ${f.start} AND s.rated_at < ${f.end}`];
  if (q.rating?.length) conditions.push(sql`s.rating = ANY(${sql.param(q.rating)}::int[])`);
  if (q.withComment === 'true') conditions.push(sql`s.comment IS NOT NULL`);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(sql`(s.rated_at, s.id) < (${new Date(c.at)}::timestamptz, ${c.id})`);
  }
  const rows = rowsOf<{
    id: number | string;
    issue_id: number | string;
    rating: number;
    comment: string | null;
    rated_at: Date | string;
    contact_name: string;
    channel_id: string;
    channel_name: string;
    channel_type: CsatRating['channel']['type'];
    team_id: string | null;
    team_name: string | null;
    agent_id: string | null;
    agent_name: string | null;
  }>(
    await deps.db.orm.execute(sql`
      SELECT s.id, s.issue_id, s.rating, s.comment, s.rated_at,
        coalesce(nullif(ct.display_name, ''), ct.name) AS contact_name,
        c.id AS channel_id, c.name AS channel_name, c.type AS channel_type,
        t.id AS team_id, t.name AS team_name,
        u.id AS agent_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) AS agent_name
      FROM csat_surveys s
      JOIN issues i ON i.id = s.issue_id
      JOIN contacts ct ON ct.id = i.contact_id
      JOIN channels c ON c.id = s.channel_id
      LEFT JOIN teams t ON t.id = s.team_id
      LEFT JOIN users u ON u.id = s.agent_user_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY s.rated_at DESC, s.id DESC
      ${limit === null ? sql`` : sql`LIMIT ${limit + 1}`}`),
  );
  return rows.map((r): CsatRating => ({
    id: Number(r.id),
    issueId: Number(r.issue_id),
    rating: r.rating,
    comment: r.comment,
    ratedAt: new Date(r.rated_at).toISOString(),
    contactName: r.contact_name,
    channel: { id: r.channel_id, name: r.channel_name, type: r.channel_type },
    team: r.team_id ? { id: r.team_id, name: r.team_name ?? '' } : null,
    agent: r.agent_id ? { id: r.agent_id, name: r.agent_name ?? '' } : null,
  }));
}

async function summaryOf(deps: Deps, f: Filter): Promise<CsatSummary> {
  const [row] = rowsOf<{
    sent: number;
    responses: number;
    satisfied: number;
    total: number | null;
    r1: number;
    r2: number;
    r3: number;
    r4: number;
    r5: number;
  }>(
    await deps.db.orm.execute(sql`
      SELECT
        (count(*) FILTER (WHERE s.sent_at >= ${f.start} AND s.sent_at < ${f.end}))::int AS sent,
        (count(*) FILTER (WHERE rated))::int AS responses,
        (count(*) FILTER (WHERE rated AND s.rating >= ${CSAT_SATISFIED_FROM}))::int AS satisfied,
        (sum(s.rating) FILTER (WHERE rated))::int AS total,
        ${sql.join(
          [1, 2, 3, 4, 5].map(
            (r) => sql`(count(*) FILTER (WHERE rated AND s.rating = ${r}))::int AS ${sql.raw(`r${r}`)}`,
          ),
          sql`, `,
        )}
      FROM (SELECT s.*, (s.rated_at >= ${f.start} AND s.rated_at < ${f.end}) AS rated FROM csat_surveys s
            WHERE ${surveysOf(f)}
              AND ((s.sent_at >= ${f.start} AND s.sent_at < ${f.end})
                OR (s.rated_at >= ${f.start} AND s.rated_at < ${f.end}))) s`),
  );
  const r = row!;
  const percent = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);
  return {
    sent: r.sent,
    responses: r.responses,
    responseRate: percent(r.responses, r.sent),
    csatPercent: percent(r.satisfied, r.responses),
    average: r.responses > 0 ? (r.total ?? 0) / r.responses : null,
    distribution: [r.r1, r.r2, r.r3, r.r4, r.r5],
  };
}

/** The agent filter's choices: the members and managers of the teams the caller may report on. */
async function agentOptions(deps: Deps, f: Filter) {
  const inTeams = f.teamIds ? sql`AND t.id = ANY(${sql.param(f.teamIds)}::uuid[])` : sql``;
  const ids = rowsOf<{ id: string }>(
    await deps.db.orm.execute(sql`
      SELECT m.user_id AS id FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE t.organization_id = ${f.organizationId} ${inTeams}
      UNION
      SELECT t.manager_user_id FROM teams t
      WHERE t.organization_id = ${f.organizationId} AND t.manager_user_id IS NOT NULL ${inTeams}`),
  ).map((r) => r.id);
  const names = await repo.userNames(deps.db.orm, f.organizationId, ids);
  return [...names]
    .filter(([, n]) => !n.deleted)
    .map(([id, n]) => ({ id, name: n.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
