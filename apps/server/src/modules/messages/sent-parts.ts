// The provider messages a sent message became (a long reply is split into parts; text and files are one
// provider message each). Every part's provider id is kept, so the echo of any part is recognised as ours,
// and a retried delivery skips the parts the provider already accepted (no part is sent twice).
import { and, eq, sql } from 'drizzle-orm';
import { messageProviderIds, messages } from '../../db/schema';
import type { Executor } from '../../platform/db';

/**
 * Meta echoes carry back the `metadata` of the send: ours names the message and the part, so an echo that
 * arrives before the send's answer was recorded is still recognised.
 */
export const sentPartMetadata = (messageId: number, part: number) => `sabai:${messageId}:${part}`;

function parseSentPartMetadata(metadata: unknown): { messageId: number; part: number } | null {
  const match = typeof metadata === 'string' ? /^sabai:(\d{1,15}):(\d{1,4})$/.exec(metadata) : null;
  return match ? { messageId: Number(match[1]), part: Number(match[2]) } : null;
}

/** Records provider ids of a message's parts (a part recorded twice, by its echo and its send, is kept once). */
export async function recordSentParts(
  ex: Executor,
  channelId: string,
  messageId: number,
  parts: Array<{ part: number; providerMessageId: string }>,
) {
  if (parts.length === 0) return;
  await ex
    .insert(messageProviderIds)
    .values(parts.map((p) => ({ channelId, messageId, ...p })))
    .onConflictDoNothing();
}

/**
 * Whether a provider message (an echo) is one of ours: a part already recorded, or a part named by the
 * echo's metadata (then recorded now). A message typed in the provider's own inbox is neither.
 */
export async function isOwnSentPart(
  ex: Executor,
  channelId: string,
  providerMessageId: string,
  metadata: unknown,
): Promise<boolean> {
  const [known] = await ex
    .select({ one: sql`1` })
    .from(messageProviderIds)
    .where(
      and(
        eq(messageProviderIds.channelId, channelId),
        eq(messageProviderIds.providerMessageId, providerMessageId),
      ),
    );
  if (known) return true;
  const named = parseSentPartMetadata(metadata);
  if (!named) return false;
  const [own] = await ex
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.id, named.messageId),
        eq(messages.channelId, channelId),
        eq(messages.direction, 'outbound'),
      ),
    );
  if (!own) return false;
  await recordSentParts(ex, channelId, own.id, [{ part: named.part, providerMessageId }]);
  return true;
}
