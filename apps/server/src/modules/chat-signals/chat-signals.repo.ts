import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { channels, contactIdentities, issues, messages } from '../../db/schema';
import type { Executor } from '../../platform/db';

/** The channel and customer of an issue: where signals to the customer go. */
export async function findChatTarget(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({
      channel: channels,
      recipient: contactIdentities.externalUserId,
      lastInboundAt: contactIdentities.lastInboundAt,
    })
    .from(issues)
    .innerJoin(channels, eq(channels.id, issues.channelId))
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(issues.id, issueId));
  return row ?? null;
}

/**
 * The customer's latest message not yet marked read on the platform, with LINE's markAsReadToken when it
 * came with one (marking it marks every earlier message too).
 */
export async function latestUnmarkedInbound(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({
      id: messages.id,
      markAsReadToken: sql<string | null>`${messages.payload}->'line'->>'markAsReadToken'`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.direction, 'inbound'),
        eq(messages.deliveryStatus, 'received'),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row ?? null;
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
