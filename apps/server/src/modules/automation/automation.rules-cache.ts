// The active rules of each organisation, and its channels' business hours, held per process for a few
// seconds: the ingest worker asks for them in every batch. A change made here is seen at once (the settings
// routes forget the organisation); one made by another process within RULES_TTL_MS.
import { aroundTheClock, type BusinessCalendar } from '@sabai/domain';
import type { Executor } from '../../platform/db';
import { channelCalendars } from '../channels';
import { organizationTimeZone } from '../organizations';
import * as repo from './automation.repo';

const RULES_TTL_MS = 5_000;

type Held = {
  rules: repo.RuleRow[];
  loadedAt: number;
  calendars: { timeZone: string; byChannel: Map<string, BusinessCalendar> } | null;
};
const cache = new Map<string, Held>();

export function forgetOrganization(organizationId: string) {
  cache.delete(organizationId);
}

/** Each organisation's active rules, in order. */
export async function activeRulesOf(ex: Executor, organizationIds: string[]) {
  const now = Date.now();
  const stale = organizationIds.filter((id) => {
    const held = cache.get(id);
    return !held || now - held.loadedAt > RULES_TTL_MS;
  });
  if (stale.length > 0) {
    const rules = await repo.activeRules(ex, stale);
    for (const id of stale)
      cache.set(id, { rules: rules.filter((r) => r.organizationId === id), loadedAt: now, calendars: null });
  }
  return new Map(organizationIds.map((id) => [id, cache.get(id)!.rules]));
}

/** A channel's working time (around the clock when it has no hours of its own); after activeRulesOf. */
export async function calendarOf(ex: Executor, organizationId: string, channelId: string) {
  const held = cache.get(organizationId);
  if (!held) throw new Error('activeRulesOf first');
  if (!held.calendars) {
    const timeZone = await organizationTimeZone(ex, organizationId);
    held.calendars = { timeZone, byChannel: await channelCalendars(ex, organizationId, timeZone) };
  }
  return held.calendars.byChannel.get(channelId) ?? aroundTheClock(held.calendars.timeZone);
}
