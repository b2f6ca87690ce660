import { and, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { BusinessCalendar, ChannelType } from '@sabai/domain';
import {
  channelHolidays,
  channelKeywords,
  channelShifts,
  channels,
  metaConnections,
  organizations,
  teams,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { refreshedPerKey } from '../../platform/refreshed';
import { idsInOrganization } from '../../db/list-helpers';

export type ChannelRow = typeof channels.$inferSelect;

/** The active channel that owns a provider account (LINE channel id, Page id, Instagram account id). */
export async function findActiveByExternalId(
  ex: Executor,
  types: readonly ChannelType[],
  externalId: string,
) {
  const [row] = await ex
    .select()
    .from(channels)
    .where(
      and(
        inArray(channels.type, [...types]),
        eq(channels.externalId, externalId),
        eq(channels.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findChannel(ex: Executor, organizationId: string, id: string) {
  const [row] = await ex
    .select()
    .from(channels)
    .where(and(eq(channels.organizationId, organizationId), eq(channels.id, id)));
  return row ?? null;
}

/**
 * Everything routing on arrival needs: keywords, working shifts and holidays of a channel. Read one after
 * another: it runs inside the inbound transaction, whose one connection takes one query at a time.
 */
export async function findRoutingRules(ex: Executor, channelId: string) {
  // Read live: a keyword names a team, and a team deleted meanwhile must not get the channel's issues.
  const keywords = await ex
    .select({ keyword: channelKeywords.keyword, teamId: channelKeywords.teamId })
    .from(channelKeywords)
    .where(eq(channelKeywords.channelId, channelId));
  return { keywords, ...(await businessHours.get(ex, channelId)) };
}

// Read for every batch of new customers and every first responder job, changed only by saving the channel:
// kept a few seconds per process. A save on this node is seen at once (forgetBusinessHours), on another
// within the time to live, as the automation rules are.
const businessHours = refreshedPerKey(5_000, async (ex, channelId: string) => {
  const shifts = await ex
    .select({
      weekday: channelShifts.weekday,
      startsAt: channelShifts.startsAt,
      endsAt: channelShifts.endsAt,
    })
    .from(channelShifts)
    .where(eq(channelShifts.channelId, channelId));
  const holidays = await ex
    .select({ date: channelHolidays.date, message: channelHolidays.autoResponseMessage })
    .from(channelHolidays)
    .where(eq(channelHolidays.channelId, channelId));
  return { shifts, holidays };
});

/** The channel's shifts and holidays are read again on their next use (call once a save has committed). */
export const forgetBusinessHours = (channelId: string) => businessHours.forget(channelId);

/** What a new issue of the team gets: its automatic reply, and whether the team assigns automatically. */
export async function findTeamIntake(ex: Executor, teamId: string) {
  const [row] = await ex
    .select({ autoReplyMessage: teams.autoReplyMessage, assignmentMode: teams.assignmentMode })
    .from(teams)
    .where(eq(teams.id, teamId));
  return {
    autoReply: row?.autoReplyMessage.trim() ?? '',
    assignsAutomatically: row?.assignmentMode === 'auto',
  };
}

/** The organisation's channels (deleted ones hidden), oldest first. */
export async function listChannels(ex: Executor, organizationId: string) {
  return ex
    .select()
    .from(channels)
    .where(and(eq(channels.organizationId, organizationId), isNull(channels.deletedAt)))
    .orderBy(channels.createdAt);
}

export async function childrenOf(ex: Executor, channelIds: string[]) {
  if (channelIds.length === 0) return { keywords: [], shifts: [], holidays: [] };
  const [keywords, shifts, holidays] = await Promise.all([
    ex.select().from(channelKeywords).where(inArray(channelKeywords.channelId, channelIds)),
    ex
      .select()
      .from(channelShifts)
      .where(inArray(channelShifts.channelId, channelIds))
      .orderBy(channelShifts.weekday, channelShifts.startsAt),
    ex
      .select()
      .from(channelHolidays)
      .where(inArray(channelHolidays.channelId, channelIds))
      .orderBy(channelHolidays.date),
  ]);
  return { keywords, shifts, holidays };
}

export async function countActiveChannels(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(channels)
    .where(and(eq(channels.organizationId, organizationId), eq(channels.isActive, true)));
  return row?.n ?? 0;
}

export async function planMaxChannels(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ max: organizations.planMaxChannels })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.max ?? 0;
}

/** Teams of the organisation among `ids` (to refuse another organisation's team ids). */
export const teamsInOrganization = (ex: Executor, organizationId: string, ids: string[]) =>
  idsInOrganization(ex, teams, organizationId, ids);

export async function deactivateChannel(ex: Executor, id: string, now: Date, deleted: boolean) {
  await ex
    .update(channels)
    .set({ isActive: false, updatedAt: now, ...(deleted ? { deletedAt: now } : {}) })
    .where(eq(channels.id, id));
}

/** Another organisation took the provider account over: the row stays, inactive, and says when. */
export async function markTakenOver(ex: Executor, id: string, now: Date) {
  await ex
    .update(channels)
    .set({ isActive: false, takenOverAt: now, updatedAt: now })
    .where(eq(channels.id, id));
}

export async function insertChannel(ex: Executor, values: typeof channels.$inferInsert) {
  const [row] = await ex.insert(channels).values(values).returning();
  return row!;
}

export async function updateChannel(ex: Executor, id: string, values: Partial<typeof channels.$inferInsert>) {
  const [row] = await ex.update(channels).set(values).where(eq(channels.id, id)).returning();
  return row!;
}

/** Replaces keywords and shifts, and upserts holidays (ids kept so the UI can refer to them). */
export async function replaceChildren(
  ex: Executor,
  channelId: string,
  v: {
    keywords: Array<{ keyword: string; teamId: string }>;
    shifts: Array<{ weekday: number; startsAt: string; endsAt: string }>;
    holidays: Array<{ id?: string; name: string; date: string; autoResponseMessage: string }>;
  },
) {
  await ex.delete(channelKeywords).where(eq(channelKeywords.channelId, channelId));
  if (v.keywords.length)
    await ex.insert(channelKeywords).values(v.keywords.map((k) => ({ channelId, ...k })));
  await ex.delete(channelShifts).where(eq(channelShifts.channelId, channelId));
  if (v.shifts.length) await ex.insert(channelShifts).values(v.shifts.map((s) => ({ channelId, ...s })));
  const keep = v.holidays.map((h) => h.id).filter((id): id is string => Boolean(id));
  await ex
    .delete(channelHolidays)
    .where(
      and(
        eq(channelHolidays.channelId, channelId),
        keep.length ? notInArray(channelHolidays.id, keep) : undefined,
      ),
    );
  for (const h of v.holidays) {
    if (h.id) {
      await ex
        .update(channelHolidays)
        .set({ name: h.name, date: h.date, autoResponseMessage: h.autoResponseMessage })
        .where(and(eq(channelHolidays.id, h.id), eq(channelHolidays.channelId, channelId)));
    } else {
      await ex
        .insert(channelHolidays)
        .values({ channelId, name: h.name, date: h.date, autoResponseMessage: h.autoResponseMessage });
    }
  }
}

export async function insertMetaConnection(ex: Executor, v: typeof metaConnections.$inferInsert) {
  const [row] = await ex.insert(metaConnections).values(v).returning({ id: metaConnections.id });
  return row!.id;
}

export async function findMetaConnection(ex: Executor, organizationId: string, id: string, now: Date) {
  const [row] = await ex
    .select()
    .from(metaConnections)
    .where(
      and(
        eq(metaConnections.id, id),
        eq(metaConnections.organizationId, organizationId),
        gt(metaConnections.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** The working-time calendars of the organisation's channels that have one (custom hours or holidays). */
export async function channelCalendars(
  ex: Executor,
  organizationId: string,
  timeZone: string,
): Promise<Map<string, BusinessCalendar>> {
  const rows = rowsOf<{
    id: string;
    mode: '24x7' | 'custom';
    shifts: Array<{ weekday: number; startsAt: string; endsAt: string }> | null;
    holidays: string[] | null;
  }>(
    await ex.execute(sql`
      SELECT c.id, c.business_hours_mode AS mode,
        (SELECT json_agg(json_build_object('weekday', s.weekday, 'startsAt', s.starts_at::text, 'endsAt', s.ends_at::text))
           FROM channel_shifts s WHERE s.channel_id = c.id) AS shifts,
        (SELECT json_agg(h.date::text) FROM channel_holidays h WHERE h.channel_id = c.id) AS holidays
      FROM channels c WHERE c.organization_id = ${organizationId}`),
  );
  const calendars = new Map<string, BusinessCalendar>();
  for (const r of rows) {
    if (r.mode === '24x7' && !r.holidays?.length) continue;
    calendars.set(r.id, {
      mode: r.mode,
      shifts: r.shifts ?? [],
      holidays: new Set(r.holidays ?? []),
      timeZone,
    });
  }
  return calendars;
}
