// What computing clocks reads of an organisation besides its issues — its active policies, its time zone
// and its channels' calendars — kept for a few seconds per process, so that the ingest does not read them
// again for every batch. A policy change on this process forgets it at once; other processes see it within
// SETTINGS_TTL_MS (the change's recompute job then runs over the open issues anyway). A channel not seen
// yet (just connected) is read at once.
import { sql } from 'drizzle-orm';
import { aroundTheClock, type BusinessCalendar } from '@sabai/domain';
import { rowsOf, type Executor } from '../../platform/db';
import { channelCalendars } from '../channels';
import { organizationTimeZone } from '../organizations';
import * as repo from './sla.repo';

const SETTINGS_TTL_MS = 5_000;

type Held = {
  policies: repo.PolicyRow[];
  loadedAt: number;
  /** Read on first need: the zone, the channels with custom hours or holidays, every channel's id. */
  calendars: { timeZone: string; byChannel: Map<string, BusinessCalendar>; channelIds: Set<string> } | null;
};

const cache = new Map<string, Held>();

/** Forgets what this process holds of the organisation (its policies changed). */
export function forgetOrganization(organizationId: string) {
  cache.delete(organizationId);
}

/** Each organisation's active policies, read again when older than SETTINGS_TTL_MS. */
export async function activePoliciesOf(ex: Executor, organizationIds: string[]) {
  const now = Date.now();
  const stale = organizationIds.filter((id) => {
    const held = cache.get(id);
    return !held || now - held.loadedAt > SETTINGS_TTL_MS;
  });
  if (stale.length > 0) {
    const policies = await repo.activePolicies(ex, stale);
    for (const id of stale)
      cache.set(id, {
        policies: policies.filter((p) => p.organizationId === id),
        loadedAt: now,
        calendars: null,
      });
  }
  return new Map(organizationIds.map((id) => [id, cache.get(id)!.policies]));
}

/** The working time a clock counts: the channel's calendar, or around the clock (channelId null, or 24x7). */
export async function calendarOf(
  ex: Executor,
  organizationId: string,
  channelId: string | null,
): Promise<BusinessCalendar> {
  const held = cache.get(organizationId);
  if (!held) throw new Error('activePoliciesOf first');
  if (!held.calendars || (channelId !== null && !held.calendars.channelIds.has(channelId))) {
    const timeZone = await organizationTimeZone(ex, organizationId);
    held.calendars = {
      timeZone,
      byChannel: await channelCalendars(ex, organizationId, timeZone),
      channelIds: new Set(
        rowsOf<{ id: string }>(
          await ex.execute(sql`SELECT id FROM channels WHERE organization_id = ${organizationId}`),
        ).map((r) => r.id),
      ),
    };
  }
  return (channelId && held.calendars.byChannel.get(channelId)) || aroundTheClock(held.calendars.timeZone);
}
