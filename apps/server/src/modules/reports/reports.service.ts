// The dashboard and the three performance reports: validate the periods, restrict channels and
// teams to the caller's scope (docs/architecture.md "Where rules live": the server filters every call), read
// both periods and derive the figures with packages/domain.
import type {
  Dashboard,
  DaySeriesPoint,
  PerformanceReport,
  ReportFigures,
  ReportFilterOptions,
  ReportKind,
  ReportMember,
  ReportQuery,
  ReportRow,
} from '@sabai/contracts';
import {
  addDays,
  emptyCounters,
  localDayOf,
  metricChanges,
  metricsOf,
  periodProblem,
  type ReportCounters,
  type ReportPeriod,
  type Scope,
} from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { organizationTimeZone } from '../organizations';
import { readPeriod, type PeriodCounters, type ReportContext } from './reports.period';
import * as repo from './reports.repo';
import type { Grouping, ReportFilter } from './reports.repo';

type Periods = { period: ReportPeriod; compare: ReportPeriod | null };

/** The period and compare period of a query; 400 with the domain's code when either cannot be reported on. */
export function periodsOf(q: ReportQuery): Periods {
  const period = { from: q.from, to: q.to };
  const problem = periodProblem(period);
  if (problem) throw badRequest(problem);
  if (!q.compareFrom !== !q.compareTo) throw badRequest('report.invalid_compare');
  if (!q.compareFrom || !q.compareTo) return { period, compare: null };
  const compare = { from: q.compareFrom, to: q.compareTo };
  const compareProblem = periodProblem(compare);
  if (compareProblem)
    throw badRequest(compareProblem === 'report.invalid_period' ? 'report.invalid_compare' : compareProblem);
  return { period, compare };
}

export async function contextOf(deps: Deps, auth: AuthContext): Promise<ReportContext> {
  const [timeZone, rolledThrough] = await Promise.all([
    organizationTimeZone(deps.db.orm, auth.organizationId),
    repo.rolledThrough(deps.db.orm, auth.organizationId),
  ]);
  return {
    organizationId: auth.organizationId,
    timeZone,
    now: deps.clock.now(),
    rolledThrough,
    together: deps.db.kind === 'postgres',
  };
}

/** `requested` narrowed to what the scope allows (null: anything). */
export function restrict(requested: string[] | undefined, permitted: string[] | null): string[] | null {
  if (permitted === null) return requested?.length ? requested : null;
  return requested?.length ? requested.filter((id) => permitted.includes(id)) : permitted;
}

type ScopeLimits = { channelIds: string[] | null; teamIds: string[] | null };

/** Channels (myChannel) or teams (myTeam) the caller's scope limits a report to; null when it does not. */
export async function scopeLimits(deps: Deps, auth: AuthContext, scope: Scope): Promise<ScopeLimits> {
  if (scope === 'all') return { channelIds: null, teamIds: null };
  const teamIds = await repo.teamIdsOf(deps.db.orm, auth.organizationId, auth.userId);
  if (scope === 'myChannel') {
    return { channelIds: await repo.channelIdsOf(deps.db.orm, auth.organizationId, teamIds), teamIds: null };
  }
  // myTeam (and anything narrower, which reports do not grant): the teams they manage or belong to.
  return { channelIds: null, teamIds };
}

export async function filterOptions(
  deps: Deps,
  auth: AuthContext,
  limits: ScopeLimits,
): Promise<ReportFilterOptions> {
  const [channels, teams] = await Promise.all([
    repo.channelsOf(deps.db.orm, auth.organizationId),
    repo.teamsOf(deps.db.orm, auth.organizationId),
  ]);
  return {
    channels: channels
      .filter((c) => !c.deleted && (limits.channelIds === null || limits.channelIds.includes(c.id)))
      .map((c) => ({ id: c.id, name: c.name, type: c.type })),
    teams: teams.filter((t) => limits.teamIds === null || limits.teamIds.includes(t.id)),
  };
}

function figuresOf(
  current: ReportCounters | undefined,
  currentDays: number,
  previous: ReportCounters | undefined | null,
  previousDays: number,
): ReportFigures {
  const now = metricsOf(current ?? emptyCounters(), currentDays);
  if (previous === null) return { current: now, previous: null, change: null };
  const before = metricsOf(previous ?? emptyCounters(), previousDays);
  return { current: now, previous: before, change: metricChanges(now, before) };
}

async function readBoth(
  deps: Deps,
  ctx: ReportContext,
  periods: Periods,
  filter: ReportFilter,
  groupings: Grouping[],
  withTags = false,
): Promise<{ current: PeriodCounters; previous: PeriodCounters | null }> {
  const [current, previous] = await Promise.all([
    readPeriod(deps.db.orm, ctx, periods.period, filter, groupings, withTags),
    periods.compare ? readPeriod(deps.db.orm, ctx, periods.compare, filter, groupings, withTags) : null,
  ]);
  return { current, previous };
}

function seriesOf(p: PeriodCounters, period: ReportPeriod, ctx: ReportContext): DaySeriesPoint[] {
  const byDay = p.groups.get('day')!;
  const today = localDayOf(ctx.now.getTime(), ctx.timeZone);
  const points: DaySeriesPoint[] = [];
  for (let day = period.from; day <= period.to && day <= today; day = addDays(day, 1)) {
    const c = byDay.get(day);
    points.push({ day, issues: c?.issues ?? 0, resolved: c?.resolved ?? 0, closed: c?.closed ?? 0 });
  }
  return points;
}

/** The dashboard: overall figures, issues per day and the most used tags, both periods. */
export async function dashboard(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: ReportQuery,
): Promise<Dashboard> {
  const periods = periodsOf(q);
  const limits = await scopeLimits(deps, auth, scope);
  const filter = {
    channelIds: restrict(q.channel, limits.channelIds),
    teamIds: restrict(q.team, limits.teamIds),
  };
  const ctx = await contextOf(deps, auth);
  const [{ current, previous }, tags, options] = await Promise.all([
    readBoth(deps, ctx, periods, filter, ['total', 'day'], true),
    repo.tagsOf(deps.db.orm, auth.organizationId),
    filterOptions(deps, auth, limits),
  ]);
  const topTags = tags
    .map((t) => ({
      ...t,
      issues: current.tags.get(t.id) ?? 0,
      previousIssues: previous ? (previous.tags.get(t.id) ?? 0) : null,
    }))
    .filter((t) => t.issues > 0)
    .sort((a, b) => b.issues - a.issues || a.name.localeCompare(b.name))
    .slice(0, 10);
  return {
    period: periods.period,
    compare: periods.compare,
    figures: figuresOf(
      current.groups.get('total')!.get(''),
      current.days,
      previous ? previous.groups.get('total')!.get('') : null,
      previous?.days ?? 0,
    ),
    series: seriesOf(current, periods.period, ctx),
    compareSeries: previous && periods.compare ? seriesOf(previous, periods.compare, ctx) : null,
    topTags,
    options,
  };
}

const GROUPING: Record<ReportKind, Grouping> = { channel: 'channel', team: 'team', agent: 'agent' };

/** Channel, team or agent performance: a row per channel, team or agent, and the total. */
export async function performanceReport(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  kind: ReportKind,
  q: ReportQuery,
): Promise<PerformanceReport> {
  const periods = periodsOf(q);
  const limits = await scopeLimits(deps, auth, scope);
  const filter = {
    channelIds: restrict(q.channel, limits.channelIds),
    teamIds: restrict(q.team, limits.teamIds),
  };
  const ctx = await contextOf(deps, auth);
  const grouping = GROUPING[kind];
  const groupings: Grouping[] = kind === 'team' ? ['total', 'team', 'teamAgent'] : ['total', grouping];
  const [{ current, previous }, options] = await Promise.all([
    readBoth(deps, ctx, periods, filter, groupings),
    filterOptions(deps, auth, limits),
  ]);
  const rowsNow = current.groups.get(grouping)!;
  const rowsBefore = previous?.groups.get(grouping) ?? null;
  const figures = (key: string) =>
    figuresOf(rowsNow.get(key), current.days, rowsBefore ? rowsBefore.get(key) : null, previous?.days ?? 0);

  let rows: ReportRow[];
  if (kind === 'channel') {
    const shown = options.channels.filter(
      (c) => filter.channelIds === null || filter.channelIds.includes(c.id),
    );
    rows = shown.map((c) => ({ id: c.id, name: c.name, channelType: c.type, ...figures(c.id) }));
  } else if (kind === 'team') {
    const shown = options.teams.filter((t) => filter.teamIds === null || filter.teamIds.includes(t.id));
    const members = await topMembersOf(deps, auth, current.groups.get('teamAgent')!, current.days);
    rows = shown.map((t) => ({
      id: t.id,
      name: t.name,
      ...figures(t.id),
      topMembers: members.get(t.id) ?? [],
    }));
  } else {
    const keys = new Set([...rowsNow.keys(), ...(rowsBefore?.keys() ?? [])].filter((k) => k !== ''));
    const names = await repo.userNames(deps.db.orm, auth.organizationId, [...keys]);
    rows = [...keys]
      .map((id) => ({ id, ...personOf(names.get(id)), ...figures(id) }))
      .sort((a, b) => b.current.issues - a.current.issues || a.name.localeCompare(b.name));
  }
  return {
    kind,
    period: periods.period,
    compare: periods.compare,
    total: figuresOf(
      current.groups.get('total')!.get(''),
      current.days,
      previous ? previous.groups.get('total')!.get('') : null,
      previous?.days ?? 0,
    ),
    rows,
    options,
  };
}

/** Most issues resolved, then the fastest first response. */
async function topMembersOf(
  deps: Deps,
  auth: AuthContext,
  byTeamAgent: Map<string, ReportCounters>,
  days: number,
): Promise<Map<string, ReportMember[]>> {
  const perTeam = new Map<string, Array<{ id: string; counters: ReportCounters }>>();
  for (const [key, counters] of byTeamAgent) {
    const [teamId, agentId] = key.split('|') as [string, string];
    if (!teamId || !agentId) continue;
    const list = perTeam.get(teamId) ?? [];
    list.push({ id: agentId, counters });
    perTeam.set(teamId, list);
  }
  const ids = new Set<string>();
  const top = new Map<string, ReportMember[]>();
  for (const [teamId, list] of perTeam) {
    const ranked = list
      .map((m) => ({ id: m.id, metrics: metricsOf(m.counters, days) }))
      .sort(
        (a, b) =>
          b.metrics.resolved - a.metrics.resolved ||
          (a.metrics.firstResponseSeconds ?? Infinity) - (b.metrics.firstResponseSeconds ?? Infinity) ||
          a.id.localeCompare(b.id),
      )
      .slice(0, 3);
    ranked.forEach((m) => ids.add(m.id));
    top.set(
      teamId,
      ranked.map((m) => ({
        id: m.id,
        name: '',
        resolved: m.metrics.resolved,
        firstResponseSeconds: m.metrics.firstResponseSeconds,
        successRate: m.metrics.successRate,
      })),
    );
  }
  const names = await repo.userNames(deps.db.orm, auth.organizationId, [...ids]);
  for (const list of top.values()) for (const m of list) Object.assign(m, personOf(names.get(m.id)));
  return top;
}

/** An agent's name in a report, flagged when they were deleted from the organisation. */
const personOf = (found: { name: string; deleted: boolean } | undefined) => ({
  name: found?.name ?? '',
  ...(found?.deleted ? { deleted: true as const } : {}),
});
