import { and, eq, inArray } from 'drizzle-orm';
import type { ChannelType } from '@sabai/domain';
import { channelHolidays, channelKeywords, channelShifts, channels, teams } from '../../db/schema';
import type { Executor } from '../../platform/db';

export type ChannelRow = typeof channels.$inferSelect;

/** The active channel that owns a provider account (LINE channel id, Page id, Instagram account id). */
export async function findActiveByExternalId(ex: Executor, types: readonly ChannelType[], externalId: string) {
  const [row] = await ex
    .select()
    .from(channels)
    .where(and(inArray(channels.type, [...types]), eq(channels.externalId, externalId), eq(channels.isActive, true)))
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

/** Everything routing on arrival needs: keywords, working shifts and holidays of a channel. */
export async function findRoutingRules(ex: Executor, channelId: string) {
  const [keywords, shifts, holidays] = await Promise.all([
    ex.select({ keyword: channelKeywords.keyword, teamId: channelKeywords.teamId }).from(channelKeywords).where(eq(channelKeywords.channelId, channelId)),
    ex.select({ weekday: channelShifts.weekday, startsAt: channelShifts.startsAt, endsAt: channelShifts.endsAt }).from(channelShifts).where(eq(channelShifts.channelId, channelId)),
    ex.select({ date: channelHolidays.date, message: channelHolidays.autoResponseMessage }).from(channelHolidays).where(eq(channelHolidays.channelId, channelId)),
  ]);
  return { keywords, shifts, holidays };
}

export async function findTeamAutoReply(ex: Executor, teamId: string) {
  const [row] = await ex.select({ autoReplyMessage: teams.autoReplyMessage }).from(teams).where(eq(teams.id, teamId));
  return row?.autoReplyMessage ?? '';
}
