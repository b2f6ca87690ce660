import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  channels,
  contactIdentities,
  files,
  issues,
  messageAttachments,
  messages,
  responseIntervals,
  users,
} from '../../db/schema';
import type { Executor } from '../../platform/db';
import { wasRemovedSql } from '../users';

export type NewMessage = typeof messages.$inferInsert;

export async function insertMessage(ex: Executor, v: NewMessage) {
  const [row] = await ex.insert(messages).values(v).returning();
  return row!;
}

export async function attachFiles(ex: Executor, messageId: number, fileIds: string[]) {
  if (fileIds.length > 0)
    await ex.insert(messageAttachments).values(fileIds.map((fileId) => ({ messageId, fileId })));
}

/** Everything the delivery job needs about one outgoing message. */
export async function findForDelivery(ex: Executor, messageId: number) {
  const [row] = await ex
    .select({
      message: messages,
      channel: channels,
      identityId: contactIdentities.id,
      externalUserId: contactIdentities.externalUserId,
      lastInboundAt: contactIdentities.lastInboundAt,
    })
    .from(messages)
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

export async function attachmentsOf(ex: Executor, messageId: number) {
  return ex
    .select({ id: files.id, filename: files.filename, mimeType: files.mimeType, size: files.size })
    .from(messageAttachments)
    .innerJoin(files, eq(files.id, messageAttachments.fileId))
    .where(eq(messageAttachments.messageId, messageId));
}

/** Takes the identity's live LINE reply token, once: the first sender gets it, everyone else gets null. */
export async function claimReplyToken(ex: Executor, identityId: string, now: Date): Promise<string | null> {
  const result = await ex.execute(sql`
    UPDATE contact_identities ci SET reply_token = NULL, reply_token_expires_at = NULL
    FROM (SELECT id, reply_token FROM contact_identities
          WHERE id = ${identityId} AND reply_token IS NOT NULL AND reply_token_expires_at > ${now} FOR UPDATE) old
    WHERE ci.id = old.id
    RETURNING old.reply_token AS token`);
  const rows = (result as unknown as { rows: Array<{ token: string }> }).rows;
  return rows[0]?.token ?? null;
}

export async function recordAttempt(ex: Executor, messageId: number) {
  await ex
    .update(messages)
    .set({ deliveryAttempts: sql`${messages.deliveryAttempts} + 1` })
    .where(eq(messages.id, messageId));
}

export async function markSent(
  ex: Executor,
  messageId: number,
  providerMessageId: string | null,
  via: string,
) {
  const [row] = await ex
    .update(messages)
    .set({ deliveryStatus: 'sent', providerMessageId, deliveredVia: via, providerError: null })
    .where(eq(messages.id, messageId))
    .returning({ issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
}

export async function markFailed(ex: Executor, messageId: number, error: string) {
  const [row] = await ex
    .update(messages)
    .set({ deliveryStatus: 'failed', providerError: error.slice(0, 1000) })
    .where(eq(messages.id, messageId))
    .returning({ issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
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
 * (markIssueWaiting).
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

/**
 * A delivered agent reply puts the ball with the customer: on-going → waiting, unless the customer has
 * written since the reply (their wait started again). A reply that fails to deliver moves nothing.
 */
export async function markIssueWaiting(ex: Executor, issueId: number) {
  const [row] = await ex
    .update(issues)
    .set({ status: 'waiting' })
    .where(and(eq(issues.id, issueId), eq(issues.status, 'on-going'), isNull(issues.waitStartedAt)))
    .returning({ id: issues.id });
  return row !== undefined;
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
    .where(inArray(messageAttachments.messageId, messageIds));
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
    })
    .from(channels)
    .leftJoin(
      contactIdentities,
      eq(contactIdentities.id, identityId ?? '00000000-0000-0000-0000-000000000000'),
    )
    .where(eq(channels.id, channelId));
  return row ?? null;
}
