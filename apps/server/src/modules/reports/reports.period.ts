// Reads one period's counters: the stored days from report_daily, the days not stored yet from the raw facts
// (reports.facts.ts), grouped as the caller asks and merged.
import {
  addCounters,
  addDays,
  daysBetween,
  emptyCounters,
  localDayOf,
  startOfLocalDay,
  type ReportCounters,
  type ReportPeriod,
} from '@sabai/domain';
import type { Executor } from '../../platform/db';
import { readFactCells } from './reports.facts';
import * as repo from './reports.repo';
import type { Grouping, ReportFilter } from './reports.repo';

export type ReportContext = {
  organizationId: string;
  timeZone: string;
  now: Date;
  /** The last stored day (report_rollups), read once per request. */
  rolledThrough: string | null;
  /** Whether queries may run at once (a connection pool rather than one connection). */
  together?: boolean;
};

export type PeriodCounters = {
  groups: Map<Grouping, Map<string, ReportCounters>>;
  tags: Map<string, number>;
  /** Days of the period up to today (what "per day" divides by). */
  days: number;
};

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

const allowed = (list: string[] | null, id: string | null) =>
  list === null || (id !== null && list.includes(id));

function add(map: Map<string, ReportCounters>, key: string, c: ReportCounters) {
  const into = map.get(key);
  if (into) addCounters(into, c);
  else map.set(key, addCounters(emptyCounters(), c));
}

export async function readPeriod(
  ex: Executor,
  ctx: ReportContext,
  period: ReportPeriod,
  filter: ReportFilter,
  groupings: Grouping[],
  withTags = false,
): Promise<PeriodCounters> {
  const today = localDayOf(ctx.now.getTime(), ctx.timeZone);
  const storedTo = ctx.rolledThrough ? minDay(period.to, ctx.rolledThrough) : null;
  const liveFrom = ctx.rolledThrough ? maxDay(period.from, addDays(ctx.rolledThrough, 1)) : period.from;
  const liveTo = minDay(period.to, today);
  const hasStored = storedTo !== null && period.from <= storedTo;
  const hasLive = liveFrom <= liveTo;

  // Each stored row is read once: the total is the sum of any other grouping, a team the sum of its agents.
  const scanned = groupings.filter(
    (g) => g !== 'total' && !(g === 'team' && groupings.includes('teamAgent')),
  );
  if (scanned.length === 0) scanned.push('total');
  const [stored, storedTags, live] = await Promise.all([
    Promise.all(
      scanned.map((g) =>
        hasStored ? repo.sumStored(ex, ctx.organizationId, period.from, storedTo, filter, g) : new Map(),
      ),
    ),
    withTags && hasStored
      ? repo.sumStoredTags(ex, ctx.organizationId, period.from, storedTo, filter)
      : new Map<string, number>(),
    hasLive
      ? readFactCells(
          ex,
          {
            organizationId: ctx.organizationId,
            timeZone: ctx.timeZone,
            start: new Date(startOfLocalDay(liveFrom, ctx.timeZone)),
            end: new Date(startOfLocalDay(addDays(liveTo, 1), ctx.timeZone)),
            withTags,
          },
          ctx.together,
        )
      : null,
  ]);

  const groups = new Map<Grouping, Map<string, ReportCounters>>();
  scanned.forEach((g, i) => groups.set(g, stored[i] as Map<string, ReportCounters>));
  if (!groups.has('team') && groupings.includes('team')) {
    const byTeam = new Map<string, ReportCounters>();
    for (const [key, c] of groups.get('teamAgent')!) add(byTeam, key.split('|')[0]!, c);
    groups.set('team', byTeam);
  }
  if (!groups.has('total')) {
    const total = new Map<string, ReportCounters>();
    for (const c of groups.get(scanned[0]!)!.values()) add(total, '', c);
    groups.set('total', total);
  }
  const tags = storedTags;
  if (live) {
    for (const cell of live.cells) {
      if (!allowed(filter.channelIds, cell.channelId) || !allowed(filter.teamIds, cell.teamId)) continue;
      for (const g of groupings) add(groups.get(g)!, repo.groupKey(g, cell), cell.counters);
    }
    if (withTags) {
      for (const t of live.tags) {
        if (!allowed(filter.channelIds, t.channelId) || !allowed(filter.teamIds, t.teamId)) continue;
        tags.set(t.tagId, (tags.get(t.tagId) ?? 0) + t.issues);
      }
    }
  }
  const days = period.from > today ? 0 : daysBetween(period.from, liveTo);
  return { groups, tags, days };
}
