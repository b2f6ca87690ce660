// Dead letters of the durable webhook inbox (docs/decisions/channels.md "Poison deliveries"): a stored delivery that
// cannot be read, or keeps failing, is set aside once with the reason instead of being retried, so it never
// holds up the others; its channel's settings count it for the admins.
import { rowsOf, type Db, type Executor } from './db';
import { sql } from 'drizzle-orm';

/** Sets a delivery aside for good; `channelKey` attributes a Meta delivery to its Page or account. */
export async function deadLetterInbound(
  db: Db,
  id: number,
  reason: string,
  channelKey: string | null = null,
) {
  await db.query(
    `UPDATE inbound_events SET dead_at = now(), dead_reason = $2, processed_at = now(), locked_until = NULL,
       channel_key = COALESCE(channel_key, $3)
     WHERE id = $1`,
    [id, reason.slice(0, 2000), channelKey],
  );
}

/**
 * Per channel id, how many deliveries for its provider account were set aside since the channel was
 * connected (an account's earlier deliveries, e.g. of another organisation's channel, are not its own).
 */
export async function countDeadLetters(ex: Executor, channelIds: string[]): Promise<Map<string, number>> {
  if (channelIds.length === 0) return new Map();
  const result = await ex.execute(sql`
    SELECT c.id, count(*)::int AS n FROM channels c
    JOIN inbound_events e ON e.dead_at IS NOT NULL AND e.channel_key = c.external_id
      AND e.provider = CASE WHEN c.type = 'line' THEN 'line' ELSE 'meta' END
      AND e.created_at >= c.created_at
    WHERE c.id IN (${sql.join(
      channelIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    GROUP BY c.id`);
  return new Map(rowsOf<{ id: string; n: number }>(result).map((r) => [r.id, r.n]));
}
