// The raw facts the reports add up, recorded as the changes happen: issues started, the waits agent replies ended
// (response_intervals), resolutions and closes (issue_activities), tags of started issues, satisfaction
// surveys sent and rated (csat_surveys), service level targets met or breached (sla_outcomes). Read for a
// span of time and summed per local day × channel × team × agent: the roll-up stores finished days this way,
// and the live part of a report (the days not rolled up yet) is read the same way, so both agree by construction.
import { sql } from 'drizzle-orm';
import {
  addCounters,
  businessSeconds,
  emptyCounters,
  type ReportCounters,
  type SlaTarget,
} from '@sabai/domain';
import { CSAT_SATISFIED_FROM } from '@sabai/contracts';
import { rowsOf, type Executor } from '../../platform/db';
import { channelCalendars } from '../channels';

export type CellKey = { day: string; channelId: string; teamId: string | null; agentUserId: string | null };
export type FactCell = CellKey & { counters: ReportCounters };
export type TagCell = {
  day: string;
  channelId: string;
  teamId: string | null;
  tagId: string;
  issues: number;
};

type Span = {
  organizationId: string;
  timeZone: string;
  start: Date;
  end: Date;
  /** Also the tags of the started issues (the roll-up and the dashboard; the other reports show none). */
  withTags?: boolean;
};

const RESOLVED = sql.raw(`('resolved', 'resolved-success', 'resolved-un-success')`);
const localDay = (column: string, timeZone: string) =>
  sql`((${sql.raw(column)} AT TIME ZONE ${timeZone})::date)::text`;

const keyOf = (k: CellKey) => `${k.day}|${k.channelId}|${k.teamId ?? ''}|${k.agentUserId ?? ''}`;

/** Runs the thunks together (a pool), or one after the other (a transaction's single connection). */
async function runAll(together: boolean, thunks: Array<() => Promise<unknown>>): Promise<unknown[]> {
  if (together) return Promise.all(thunks.map((run) => run()));
  const results: unknown[] = [];
  for (const run of thunks) results.push(await run());
  return results;
}

/**
 * Sums the facts of a span of time per local day × channel × team × agent, and tags per day × channel × team.
 * `together`: the queries may run at once (the executor is a pool, not a transaction).
 */
export async function readFactCells(
  ex: Executor,
  span: Span,
  together = false,
): Promise<{ cells: FactCell[]; tags: TagCell[] }> {
  const { organizationId: org, timeZone: tz, start, end, withTags = true } = span;
  const calendars = await channelCalendars(ex, org, tz);
  const withCalendar = [...calendars.keys()];
  const noCalendar = withCalendar.length
    ? sql`AND NOT (r.channel_id = ANY(${sql.param(withCalendar)}::uuid[]))`
    : sql``;
  const onlyCalendar = sql`AND r.channel_id = ANY(${sql.param(withCalendar)}::uuid[])`;

  const [started, plainWaits, calendarWaits, resolutions, closes, tags, surveys, ratings, slaDone] =
    await runAll(together, [
      () =>
        ex.execute(sql`
        SELECT ${localDay('i.start_date', tz)} AS day, i.channel_id, i.team_id, i.assignee_user_id AS agent_user_id,
          count(*)::int AS n
        FROM issues i WHERE i.organization_id = ${org} AND i.start_date >= ${start} AND i.start_date < ${end}
        GROUP BY 1, 2, 3, 4`),
      // Channels open 24x7 without holidays: working time is the whole wait, summed by the database.,
      () =>
        ex.execute(sql`
        SELECT day, channel_id, team_id, agent_user_id, count(*)::int AS responses, sum(secs)::float8 AS seconds,
          (count(*) FILTER (WHERE first))::int AS first_responses,
          coalesce(sum(secs) FILTER (WHERE first), 0)::float8 AS first_seconds
        FROM (SELECT ${localDay('r.replied_at', tz)} AS day, r.channel_id, r.team_id, r.agent_user_id,
                greatest(0, extract(epoch FROM r.replied_at - r.customer_at)) AS secs, r.is_first_response AS first
              FROM response_intervals r
              WHERE r.organization_id = ${org} AND r.replied_at >= ${start} AND r.replied_at < ${end} ${noCalendar}) x
        GROUP BY 1, 2, 3, 4`),
      () =>
        withCalendar.length
          ? ex.execute(sql`
            SELECT ${localDay('r.replied_at', tz)} AS day, r.channel_id, r.team_id, r.agent_user_id,
              r.customer_at, r.replied_at, r.is_first_response AS first
            FROM response_intervals r
            WHERE r.organization_id = ${org} AND r.replied_at >= ${start} AND r.replied_at < ${end} ${onlyCalendar}`)
          : Promise.resolve({ rows: [] }),
      () =>
        ex.execute(sql`
        SELECT ${localDay('a.created_at', tz)} AS day, i.channel_id, i.team_id, i.assignee_user_id AS agent_user_id,
          a.to_status, i.start_date, a.created_at AS resolved_at, (i.ad_id IS NOT NULL) AS from_ad
        FROM issue_activities a JOIN issues i ON i.id = a.issue_id
        WHERE a.organization_id = ${org} AND a.kind = 'status' AND a.to_status IN ${RESOLVED}
          AND a.created_at >= ${start} AND a.created_at < ${end}`),
      () =>
        ex.execute(sql`
        SELECT ${localDay('a.created_at', tz)} AS day, i.channel_id, i.team_id, i.assignee_user_id AS agent_user_id,
          count(*)::int AS closed, (count(*) FILTER (WHERE a.from_status = 'resolved-success'))::int AS closed_success
        FROM issue_activities a JOIN issues i ON i.id = a.issue_id
        WHERE a.organization_id = ${org} AND a.kind = 'status' AND a.to_status = 'close'
          AND a.created_at >= ${start} AND a.created_at < ${end}
        GROUP BY 1, 2, 3, 4`),
      () =>
        !withTags
          ? Promise.resolve({ rows: [] })
          : ex.execute(sql`
        SELECT ${localDay('i.start_date', tz)} AS day, i.channel_id, i.team_id, it.tag_id, count(*)::int AS issues
        FROM issues i JOIN issue_tags it ON it.issue_id = i.id
        WHERE i.organization_id = ${org} AND i.start_date >= ${start} AND i.start_date < ${end}
        GROUP BY 1, 2, 3, 4`),
      // Satisfaction: surveys on the day they were sent, ratings on the day they came, credited to the team
      // and agent the issue had when the survey went out.
      () =>
        ex.execute(sql`
        SELECT ${localDay('s.sent_at', tz)} AS day, s.channel_id, s.team_id, s.agent_user_id, count(*)::int AS n
        FROM csat_surveys s
        WHERE s.organization_id = ${org} AND s.sent_at >= ${start} AND s.sent_at < ${end}
        GROUP BY 1, 2, 3, 4`),
      () =>
        ex.execute(sql`
        SELECT ${localDay('s.rated_at', tz)} AS day, s.channel_id, s.team_id, s.agent_user_id, count(*)::int AS n,
          (count(*) FILTER (WHERE s.rating >= ${CSAT_SATISFIED_FROM}))::int AS satisfied, sum(s.rating)::int AS total
        FROM csat_surveys s
        WHERE s.organization_id = ${org} AND s.rated_at >= ${start} AND s.rated_at < ${end}
        GROUP BY 1, 2, 3, 4`),
      // Service level targets on the day they completed, met or breached.
      () =>
        ex.execute(sql`
        SELECT ${localDay('o.at', tz)} AS day, o.channel_id, o.team_id, o.agent_user_id, o.target, o.met,
          count(*)::int AS n
        FROM sla_outcomes o
        WHERE o.organization_id = ${org} AND o.at >= ${start} AND o.at < ${end}
        GROUP BY 1, 2, 3, 4, 5, 6`),
    ]);

  const cells = new Map<string, FactCell>();
  const cellOf = (r: {
    day: string;
    channel_id: string;
    team_id: string | null;
    agent_user_id: string | null;
  }) => {
    const key: CellKey = {
      day: r.day,
      channelId: r.channel_id,
      teamId: r.team_id,
      agentUserId: r.agent_user_id,
    };
    const k = keyOf(key);
    let cell = cells.get(k);
    if (!cell) cells.set(k, (cell = { ...key, counters: emptyCounters() }));
    return cell.counters;
  };
  type Dims = { day: string; channel_id: string; team_id: string | null; agent_user_id: string | null };

  for (const r of rowsOf<Dims & { n: number }>(started)) cellOf(r).issues += r.n;
  for (const r of rowsOf<
    Dims & { responses: number; seconds: number; first_responses: number; first_seconds: number }
  >(plainWaits)) {
    addCounters(cellOf(r), {
      ...emptyCounters(),
      responses: r.responses,
      responseSeconds: r.seconds,
      responseBusinessSeconds: r.seconds,
      firstResponses: r.first_responses,
      firstResponseSeconds: r.first_seconds,
      firstResponseBusinessSeconds: r.first_seconds,
    });
  }
  for (const r of rowsOf<Dims & { customer_at: string | Date; replied_at: string | Date; first: boolean }>(
    calendarWaits,
  )) {
    const from = new Date(r.customer_at).getTime();
    const to = new Date(r.replied_at).getTime();
    const seconds = Math.max(0, (to - from) / 1000);
    const business = businessSeconds(from, to, calendars.get(r.channel_id)!);
    const c = cellOf(r);
    c.responses += 1;
    c.responseSeconds += seconds;
    c.responseBusinessSeconds += business;
    if (r.first) {
      c.firstResponses += 1;
      c.firstResponseSeconds += seconds;
      c.firstResponseBusinessSeconds += business;
    }
  }
  for (const r of rowsOf<
    Dims & { to_status: string; start_date: string | Date; resolved_at: string | Date; from_ad: boolean }
  >(resolutions)) {
    const from = new Date(r.start_date).getTime();
    const to = new Date(r.resolved_at).getTime();
    const calendar = calendars.get(r.channel_id);
    const success = r.to_status === 'resolved-success';
    const c = cellOf(r);
    c.resolved += 1;
    c.resolvedSeconds += Math.max(0, (to - from) / 1000);
    c.resolvedBusinessSeconds += calendar
      ? businessSeconds(from, to, calendar)
      : Math.max(0, (to - from) / 1000);
    if (success) c.resolvedSuccess += 1;
    if (r.from_ad) {
      c.adResolved += 1;
      if (success) c.adResolvedSuccess += 1;
    }
  }
  for (const r of rowsOf<Dims & { closed: number; closed_success: number }>(closes)) {
    const c = cellOf(r);
    c.closed += r.closed;
    c.closedSuccess += r.closed_success;
  }
  for (const r of rowsOf<Dims & { n: number }>(surveys)) cellOf(r).csatSent += r.n;
  for (const r of rowsOf<Dims & { n: number; satisfied: number; total: number }>(ratings)) {
    const c = cellOf(r);
    c.csatResponses += r.n;
    c.csatSatisfied += r.satisfied;
    c.csatRatingSum += r.total;
  }
  const SLA_COUNTERS = {
    firstResponse: ['slaFirstResponseMet', 'slaFirstResponseBreached'],
    nextResponse: ['slaNextResponseMet', 'slaNextResponseBreached'],
    resolution: ['slaResolutionMet', 'slaResolutionBreached'],
  } as const satisfies Record<SlaTarget, readonly [keyof ReportCounters, keyof ReportCounters]>;
  for (const r of rowsOf<Dims & { target: SlaTarget; met: boolean; n: number }>(slaDone)) {
    const [met, breached] = SLA_COUNTERS[r.target];
    cellOf(r)[r.met ? met : breached] += r.n;
  }
  return {
    cells: [...cells.values()],
    tags: rowsOf<{ day: string; channel_id: string; team_id: string | null; tag_id: string; issues: number }>(
      tags,
    ).map((r) => ({
      day: r.day,
      channelId: r.channel_id,
      teamId: r.team_id,
      tagId: r.tag_id,
      issues: r.issues,
    })),
  };
}
