import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  channels,
  contactIdentities,
  files,
  issues,
  lineReplyTokens,
  messageAttachments,
  messageProviderIds,
  messages,
  responseIntervals,
  users,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { eventNotification, type DomainEvent } from '../../platform/events';
import { sqlRows } from '../../platform/sql-rows';
import { wasRemovedSql } from '../people';

export type NewMessage = typeof messages.$inferInsert;

export async function insertMessage(ex: Executor, v: NewMessage) {
  const [row] = await ex.insert(messages).values(v).returning();
  return row!;
}

export async function attachFiles(ex: Executor, messageId: number, fileIds: string[]) {
  if (fileIds.length > 0)
    await ex
      .insert(messageAttachments)
      .values(fileIds.map((fileId, position) => ({ messageId, fileId, position })));
}

/**
 * Everything the delivery job needs about one outgoing message, in one read: its channel and recipient, its
 * files, and the parts the provider accepted in an earlier attempt. With `claimReplyTokenAt`, the same
 * statement takes one of the chat's live LINE reply tokens for the message's first request
 * (claimReplyTokenSql).
 */
export async function findForDelivery(ex: Executor, messageId: number, claimReplyTokenAt?: Date) {
  const claimed = ex
    .$with('claimed', { replyToken: sql<string | null>`token`.as('token') })
    .as(
      claimReplyTokenAt
        ? claimReplyTokenSql(messageId, claimReplyTokenAt)
        : sql`SELECT NULL::text AS token WHERE false`,
    );
  const [row] = await ex
    .with(claimed)
    .select({
      message: messages,
      channel: channels,
      externalUserId: contactIdentities.externalUserId,
      lastInboundAt: contactIdentities.lastInboundAt,
      inStandby: contactIdentities.inStandby,
      replyToken: claimed.replyToken,
      // Who hears of the delivery: carried in its event, so the gateway reads no issue for it.
      audience: { teamId: issues.teamId, assigneeUserId: issues.assigneeUserId },
      // The agent, for LINE's `sender` (name and picture) when the channel shows agents.
      sender: {
        firstName: users.firstName,
        lastName: users.lastName,
        avatarFileId: users.avatarFileId,
      },
      attachments: sql<Array<{ id: string; filename: string; mimeType: string; size: number }>>`(
        SELECT coalesce(json_agg(json_build_object('id', f.id, 'filename', f.filename, 'mimeType', f.mime_type,
          'size', f.size) ORDER BY a.position, a.id), '[]'::json)
        FROM ${messageAttachments} a JOIN ${files} f ON f.id = a.file_id WHERE a.message_id = ${messages.id})`,
      acceptedParts: sql<Array<{ part: number; providerMessageId: string }>>`(
        SELECT coalesce(json_agg(json_build_object('part', p.part, 'providerMessageId', p.provider_message_id)),
          '[]'::json)
        FROM ${messageProviderIds} p WHERE p.message_id = ${messages.id})`,
    })
    .from(messages)
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(claimed, sql`true`)
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/**
 * Takes one of the chat's live LINE reply tokens, the newest no other delivery holds (each token serves one
 * reply), for a message about to make its first request: pending, on LINE, the chat not controlled by
 * another module, no part accepted yet (a later attempt of a half-sent message pushes the rest). It never
 * waits: the tokens are rows of their own (not the identity's, which a batch of the customer's messages
 * locks until it commits), and one another delivery is taking is skipped.
 */
function claimReplyTokenSql(messageId: number, now: Date) {
  return sql`
    DELETE FROM ${lineReplyTokens} t
    USING (SELECT tok.id FROM ${messages} m
           JOIN ${issues} i ON i.id = m.issue_id
           JOIN ${channels} c ON c.id = m.channel_id
           JOIN ${contactIdentities} chat ON chat.id = i.contact_identity_id
           CROSS JOIN LATERAL (
             SELECT r.id FROM ${lineReplyTokens} r WHERE r.identity_id = chat.id AND r.expires_at > ${now}
             ORDER BY r.id DESC LIMIT 1 FOR UPDATE SKIP LOCKED) tok
           WHERE m.id = ${messageId} AND m.delivery_status = 'pending' AND c.type = 'line' AND NOT chat.in_standby
             AND NOT EXISTS (SELECT 1 FROM ${messageProviderIds} p WHERE p.message_id = m.id)) picked
    WHERE t.id = picked.id
    RETURNING t.token AS token`;
}

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findForDelivery>>>;

/**
 * The customer comment of a thread that a public reply answers: `messageId` when it is one of the
 * thread's comments, else the latest; its provider id is the comment id.
 */
export async function findReplyTarget(ex: Executor, issueId: number, messageId: number | null) {
  const [row] = await ex
    .select({ commentId: messages.providerMessageId })
    .from(messages)
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.kind, 'comment'),
        eq(messages.direction, 'inbound'),
        messageId ? eq(messages.id, messageId) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.commentId ? { commentId: row.commentId } : null;
}

/**
 * Records a delivered message in one statement: the provider ids of its last parts, the message sent (and
 * `published`, the event that says so), and for an agent's reply the ball with the customer: on-going →
 * waiting, unless the customer has written since the reply (their wait started again). A reply that fails
 * to deliver moves nothing.
 */
export async function markSent(
  ex: Executor,
  v: {
    messageId: number;
    channelId: string;
    lastParts: Array<{ part: number; providerMessageId: string }>;
    providerMessageId: string | null;
    via: string;
    attempts: number;
    isAgentReply: boolean;
  },
  published: DomainEvent,
) {
  const result = await ex.execute(sql`
    WITH parts AS (
      INSERT INTO ${messageProviderIds} (channel_id, message_id, part, provider_message_id)
      SELECT ${v.channelId}, ${v.messageId}, p.part, p."providerMessageId"
      FROM ${sqlRows(v.lastParts, { part: 'int', providerMessageId: 'text' }, 'p')}
      ON CONFLICT DO NOTHING
    ), sent AS (
      UPDATE ${messages} SET delivery_status = 'sent', provider_message_id = ${v.providerMessageId},
        delivered_via = ${v.via}, provider_error = NULL, delivery_attempts = ${v.attempts}
      WHERE id = ${v.messageId}
      RETURNING issue_id
    ), handed_over AS (
      UPDATE ${issues} SET status = 'waiting' FROM sent
      WHERE ${v.isAgentReply} AND ${issues.id} = sent.issue_id AND ${issues.status} = 'on-going'
        AND ${issues.waitStartedAt} IS NULL
      RETURNING ${issues.id} AS id, ${issues.teamId} AS team_id, ${issues.assigneeUserId} AS assignee_user_id
    )
    SELECT h.team_id, h.assignee_user_id, h.id IS NOT NULL AS handed_over, ${eventNotification(published)}
    FROM sent LEFT JOIN handed_over h ON true`);
  const [row] = rowsOf<{ team_id: string | null; assignee_user_id: string | null; handed_over: boolean }>(
    result,
  );
  if (!row) return null;
  return {
    /** The reply handed the issue to the customer (now waiting), with its audience. */
    handedOver: row.handed_over ? { teamId: row.team_id, assigneeUserId: row.assignee_user_id } : null,
  };
}

/** Marks the message failed for good; whether it still existed. */
export async function markFailed(
  ex: Executor,
  messageId: number,
  error: string,
  attempts: number,
): Promise<boolean> {
  const rows = await ex
    .update(messages)
    .set({ deliveryStatus: 'failed', providerError: error.slice(0, 1000), deliveryAttempts: attempts })
    .where(eq(messages.id, messageId))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function markPendingAgain(ex: Executor, organizationId: string, messageId: number) {
  const [row] = await ex
    .update(messages)
    .set({ deliveryStatus: 'pending', providerError: null })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.organizationId, organizationId),
        eq(messages.deliveryStatus, 'failed'),
      ),
    )
    .returning({ id: messages.id, issueId: messages.issueId });
  return row ?? null;
}

/**
 * Records a reply on the issue: the last activity and, for an agent's reply (not the system's automatic
 * answers), the first response and the customer's wait it ends as a response interval (reports: response
 * time), all in one statement. The ball goes to the customer only once the reply is delivered
 * (markSent).
 */
export async function touchIssueForReply(
  ex: Executor,
  issueId: number,
  at: Date,
  agentUserId: string | null,
) {
  if (!agentUserId) {
    await ex.update(issues).set({ lastResponseAt: at, updatedAt: at }).where(eq(issues.id, issueId));
    return;
  }
  await ex.execute(sql`
    WITH prev AS (
      SELECT id, organization_id, channel_id, team_id, wait_started_at, first_response_at FROM ${issues}
      WHERE id = ${issueId} FOR UPDATE
    ),
    waited AS (
      INSERT INTO ${responseIntervals}
        (organization_id, issue_id, channel_id, team_id, agent_user_id, customer_at, replied_at, is_first_response)
      SELECT organization_id, id, channel_id, team_id, ${agentUserId}, wait_started_at, ${at}, first_response_at IS NULL
      FROM prev WHERE wait_started_at IS NOT NULL
    )
    UPDATE ${issues} SET last_response_at = ${at}, updated_at = ${at}, last_agent_message_at = ${at},
      first_response_at = COALESCE(${issues.firstResponseAt}, ${at}), unread_count = 0, wait_started_at = NULL
    FROM prev WHERE ${issues.id} = prev.id`);
}

/** Locks the issue for the rest of the transaction (one send per client id at a time). */
export async function lockIssue(ex: Executor, issueId: number) {
  await ex.select({ id: issues.id }).from(issues).where(eq(issues.id, issueId)).for('update');
}

/** The caller's message sent earlier with this client id, if any (a re-send returns it). */
export async function findByClientId(ex: Executor, issueId: number, senderUserId: string, clientId: string) {
  const [row] = await ex
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.senderUserId, senderUserId),
        eq(messages.clientId, clientId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

const messageColumns = {
  message: messages,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderDeleted: wasRemovedSql(messages.organizationId, messages.senderUserId),
};

export type MessageListRow = Awaited<ReturnType<typeof listMessages>>[number];

/** A page of an issue's messages, newest first, before the cursor. */
export async function listMessages(ex: Executor, issueId: number, beforeId: number | null, limit: number) {
  return ex
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.issueId, issueId), beforeId ? lt(messages.id, beforeId) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit);
}

export async function attachmentsOfMany(ex: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return ex
    .select({
      messageId: messageAttachments.messageId,
      id: files.id,
      filename: files.filename,
      mimeType: files.mimeType,
      size: files.size,
    })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(messageAttachments.messageId, messageAttachments.position);
}

export async function listMessageById(ex: Executor, messageId: number) {
  return ex
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(eq(messages.id, messageId));
}

/** Uploaded files of the organisation among `ids` (others' files are simply not found). */
export async function findFiles(ex: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organizationId, organizationId), inArray(files.id, ids)));
}

/** The channel type and the customer's last message time, for the Meta reply window. */
export async function findChannelWindow(ex: Executor, channelId: string, identityId: string | null) {
  const [row] = await ex
    .select({
      type: channels.type,
      pageId: channels.pageId,
      externalId: channels.externalId,
      lastInboundAt: contactIdentities.lastInboundAt,
      isFollowing: contactIdentities.isFollowing,
      inStandby: contactIdentities.inStandby,
    })
    .from(channels)
    .leftJoin(
      contactIdentities,
      eq(contactIdentities.id, identityId ?? '00000000-0000-0000-0000-000000000000'),
    )
    .where(eq(channels.id, channelId));
  return row ?? null;
}

/** The stickers a user sent lately, each once, the latest first. */
export async function recentStickers(ex: Executor, organizationId: string, userId: string, limit: number) {
  const result = await ex.execute(sql`
    SELECT package_id AS "packageId", sticker_id AS "stickerId" FROM (
      SELECT ${messages.payload}->'sticker'->>'packageId' AS package_id,
             ${messages.payload}->'sticker'->>'stickerId' AS sticker_id, max(${messages.id}) AS last_id
        FROM ${messages}
       WHERE ${messages.organizationId} = ${organizationId} AND ${messages.senderUserId} = ${userId}
         AND ${messages.kind} = 'sticker'
       GROUP BY 1, 2) s
    WHERE package_id IS NOT NULL AND sticker_id IS NOT NULL
    ORDER BY last_id DESC LIMIT ${limit}`);
  return rowsOf<{ packageId: string; stickerId: string }>(result);
}
