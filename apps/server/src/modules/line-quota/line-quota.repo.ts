import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LINE_MESSAGES_PER_REQUEST, type LineQuotaThreshold } from '@sabai/domain';
import { lineQuotaMonths, memberships, roles, users } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { activeMemberOf, membershipUser } from '../people';

export type QuotaMonthRow = typeof lineQuotaMonths.$inferSelect;

/**
 * Our LINE requests of a channel whose messages were written in [from, to), as LINE counts them: one per
 * request (a request carries up to 5 parts, one provider id each). `delivered_via` names how a message's
 * first request went; a message of more than 5 parts sent its further requests by push.
 */
export async function countLineRequests(ex: Executor, channelId: string, from: Date, to: Date) {
  const result = await ex.execute(sql`
    SELECT count(*) FILTER (WHERE m.delivered_via = 'reply')::int AS replies,
      (coalesce(sum(ceil(greatest(p.parts, 1) / ${LINE_MESSAGES_PER_REQUEST}::numeric)), 0)
        - count(*) FILTER (WHERE m.delivered_via = 'reply'))::int AS pushes
    FROM messages m
    CROSS JOIN LATERAL (
      SELECT count(*) AS parts FROM message_provider_ids i WHERE i.message_id = m.id
    ) p
    WHERE m.channel_id = ${channelId} AND m.delivered_via IN ('reply', 'push')
      AND m.created_at >= ${from.toISOString()} AND m.created_at < ${to.toISOString()}`);
  const [row] = rowsOf<{ replies: number; pushes: number }>(result);
  return { replies: Number(row?.replies ?? 0), pushes: Number(row?.pushes ?? 0) };
}

type MonthKey = { channelId: string; organizationId: string; month: string };

/**
 * Claims the right to ask LINE for this channel and month: true when nobody asked since `staleBefore`
 * (the row is created on the month's first ask). Concurrent deliveries: one of them asks, the others use
 * the figures they find.
 */
export async function claimLineAsk(ex: Executor, key: MonthKey, now: Date, staleBefore: Date) {
  const rows = await ex
    .insert(lineQuotaMonths)
    .values({ ...key, checkedAt: now })
    .onConflictDoUpdate({
      target: [lineQuotaMonths.channelId, lineQuotaMonths.month],
      set: { checkedAt: now },
      setWhere: or(isNull(lineQuotaMonths.checkedAt), lt(lineQuotaMonths.checkedAt, staleBefore)),
    })
    .returning({ month: lineQuotaMonths.month });
  return rows.length > 0;
}

/**
 * Stores LINE's figures, and how many pushes our records held from `countedFrom` on when LINE was asked.
 */
export async function storeLineFigures(
  ex: Executor,
  key: MonthKey,
  v: {
    quotaType: 'none' | 'limited';
    quotaLimit: number | null;
    lineUsage: number;
    ownPushes: number;
    countedFrom: Date;
    at: Date;
  },
) {
  const values = {
    quotaType: v.quotaType,
    quotaLimit: v.quotaLimit,
    lineUsage: v.lineUsage,
    ownPushesAtCheck: v.ownPushes,
    pushesCountedFrom: v.countedFrom,
    checkedAt: v.at,
  };
  const [row] = await ex
    .insert(lineQuotaMonths)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [lineQuotaMonths.channelId, lineQuotaMonths.month], set: values })
    .returning();
  return row!;
}

export async function findQuotaMonth(ex: Executor, channelId: string, month: string) {
  const [row] = await ex
    .select()
    .from(lineQuotaMonths)
    .where(and(eq(lineQuotaMonths.channelId, channelId), eq(lineQuotaMonths.month, month)));
  return row ?? null;
}

const notifiedColumn = {
  80: lineQuotaMonths.notified80At,
  100: lineQuotaMonths.notified100At,
} as const satisfies Record<LineQuotaThreshold, unknown>;

/**
 * Records that a threshold's notification goes out; false when it already went. The row lock makes
 * concurrent deliveries agree: the second waits for the first's commit and then finds it set.
 */
export async function markThresholdNotified(
  ex: Executor,
  channelId: string,
  month: string,
  threshold: LineQuotaThreshold,
  at: Date,
) {
  const column = notifiedColumn[threshold];
  const rows = await ex
    .update(lineQuotaMonths)
    .set(threshold === 80 ? { notified80At: at } : { notified100At: at })
    .where(and(eq(lineQuotaMonths.channelId, channelId), eq(lineQuotaMonths.month, month), isNull(column)))
    .returning({ month: lineQuotaMonths.month });
  return rows.length > 0;
}

/** The organisation's active admins (roles Admin and SuperAdmin). */
export async function organizationAdmins(ex: Executor, organizationId: string) {
  const rows = await ex
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, membershipUser)
    .where(and(activeMemberOf(organizationId), inArray(roles.name, ['Admin', 'SuperAdmin'])));
  return rows.map((r) => r.userId);
}
