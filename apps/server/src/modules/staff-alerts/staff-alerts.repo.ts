import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { channels, memberships, users } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** The organisation's active LINE channels: where a staff member may link their LINE account. */
export async function activeLineChannels(ex: Executor, organizationId: string) {
  return ex
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .where(
      and(
        eq(channels.organizationId, organizationId),
        eq(channels.type, 'line'),
        eq(channels.isActive, true),
      ),
    )
    .orderBy(channels.name);
}

export async function saveLinkCode(ex: Executor, userId: string, code: string, expiresAt: Date) {
  await ex
    .update(users)
    .set({ lineLinkCode: code, lineLinkExpiresAt: expiresAt })
    .where(eq(users.id, userId));
}

export async function unlink(ex: Executor, userId: string) {
  await ex
    .update(users)
    .set({ lineUserId: null, lineChannelId: null, lineLinkCode: null, lineLinkExpiresAt: null })
    .where(eq(users.id, userId));
}

/**
 * Links the LINE user who sent a live code to the member of the channel's organisation who asked for it,
 * and turns their LINE alerts on. Resolves to that user's id, or null when no live code matches.
 */
export async function linkByCode(
  ex: Executor,
  link: { organizationId: string; channelId: string; lineUserId: string; code: string; at: Date },
) {
  const [row] = await ex
    .update(users)
    .set({
      lineUserId: link.lineUserId,
      lineChannelId: link.channelId,
      lineLinkCode: null,
      lineLinkExpiresAt: null,
      notifyLine: true,
    })
    .where(
      and(
        eq(users.lineLinkCode, link.code),
        gt(users.lineLinkExpiresAt, link.at),
        sql`${users.id} IN (SELECT ${memberships.userId} FROM ${memberships}
          WHERE ${memberships.organizationId} = ${link.organizationId})`,
      ),
    )
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * Everyone who receives LINE alerts: alerts on, LINE linked through a channel that is still active. Alerts
 * are for the notifications of that channel's organisation.
 */
export async function alertRecipients(ex: Executor) {
  return ex
    .select({
      userId: users.id,
      lineUserId: sql<string>`${users.lineUserId}`,
      channelId: channels.id,
      organizationId: channels.organizationId,
    })
    .from(users)
    .innerJoin(channels, eq(channels.id, users.lineChannelId))
    .where(
      and(
        eq(users.notifyLine, true),
        eq(users.isActive, true),
        isNotNull(users.lineUserId),
        eq(channels.isActive, true),
      ),
    );
}

/** An active LINE channel by id (an alert's sender). */
export async function findActiveLineChannel(ex: Executor, id: string) {
  const [row] = await ex
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.type, 'line'), eq(channels.isActive, true)));
  return row ?? null;
}
