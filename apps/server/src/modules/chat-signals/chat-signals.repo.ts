import { and, eq, lte, sql } from 'drizzle-orm';
import { channels, contactIdentities, issues, messages } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** The channel and customer of an issue: where signals to the customer go, unless the chat is in standby. */
export async function findChatTarget(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({
      channel: channels,
      recipient: contactIdentities.externalUserId,
      lastInboundAt: contactIdentities.lastInboundAt,
      inStandby: contactIdentities.inStandby,
    })
    .from(issues)
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(issues.id, issueId));
  return row ?? null;
}

const markAsReadToken = sql<string | null>`${messages.payload}->'line'->>'markAsReadToken'`;

/**
 * The customer's latest message not yet marked read on the platform, with the newest LINE markAsReadToken
 * among those messages (marking it marks every earlier message too). A postback or other event carries no
 * token: the latest message that does still marks the chat read when the customer's last word was a tap.
 */
export async function latestUnmarkedInbound(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({
      id: sql<number | null>`max(${messages.id})`,
      markAsReadToken: sql<string | null>`(array_agg(${markAsReadToken} ORDER BY ${messages.id} DESC)
        FILTER (WHERE ${markAsReadToken} IS NOT NULL))[1]`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.direction, 'inbound'),
        eq(messages.deliveryStatus, 'received'),
      ),
    );
  return row?.id == null ? null : { id: Number(row.id), markAsReadToken: row.markAsReadToken };
}

/** The customer's messages up to `upToId` are read on the platform now. */
export async function markInboundRead(ex: Executor, issueId: number, upToId: number) {
  await ex
    .update(messages)
    .set({ deliveryStatus: 'read' })
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.direction, 'inbound'),
        eq(messages.deliveryStatus, 'received'),
        lte(messages.id, upToId),
      ),
    );
}
