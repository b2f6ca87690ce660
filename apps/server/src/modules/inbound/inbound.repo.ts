// The ingest pipeline's SQL: identities, open issues and messages, written inside one transaction per event.
import { and, desc, eq, inArray, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import {
  channels,
  contactIdentities,
  contacts,
  issues,
  messageAttachments,
  messages,
  organizations,
} from '../../db/schema';
import type { Executor } from '../../platform/db';

export type Identity = { id: string; contactId: string; organizationId: string };

export async function findIdentity(
  ex: Executor,
  channelId: string,
  externalUserId: string,
): Promise<Identity | null> {
  const [row] = await ex
    .select({
      id: contactIdentities.id,
      contactId: contactIdentities.contactId,
      organizationId: contactIdentities.organizationId,
    })
    .from(contactIdentities)
    .where(
      and(eq(contactIdentities.channelId, channelId), eq(contactIdentities.externalUserId, externalUserId)),
    );
  return row ?? null;
}

/** Creates the contact and its identity on this channel; a concurrent creator wins and is returned. */
export async function createIdentity(
  ex: Executor,
  v: {
    organizationId: string;
    channelId: string;
    externalUserId: string;
    displayName: string;
    pictureUrl: string | null;
    now: Date;
  },
): Promise<Identity> {
  const [contact] = await ex
    .insert(contacts)
    .values({
      organizationId: v.organizationId,
      displayName: v.displayName,
      pictureUrl: v.pictureUrl,
      createdAt: v.now,
      lastContactAt: v.now,
    })
    .returning({ id: contacts.id });
  const [identity] = await ex
    .insert(contactIdentities)
    .values({
      organizationId: v.organizationId,
      contactId: contact!.id,
      channelId: v.channelId,
      externalUserId: v.externalUserId,
      displayName: v.displayName,
      pictureUrl: v.pictureUrl,
    })
    .onConflictDoNothing()
    .returning({
      id: contactIdentities.id,
      contactId: contactIdentities.contactId,
      organizationId: contactIdentities.organizationId,
    });
  if (identity) return identity;
  await ex.delete(contacts).where(eq(contacts.id, contact!.id));
  return (await findIdentity(ex, v.channelId, v.externalUserId))!;
}

export async function messageExists(ex: Executor, channelId: string, providerMessageId: string) {
  const rows = await ex
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), eq(messages.providerMessageId, providerMessageId)))
    .limit(1);
  return rows.length > 0;
}

const CLOSED = ['close', 'transferred'] as const;

/** The identity's open issue (anything not closed or transferred), locked for this transaction. */
export async function findOpenIssueForUpdate(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({
      id: issues.id,
      status: issues.status,
      assigneeUserId: issues.assigneeUserId,
      teamId: issues.teamId,
    })
    .from(issues)
    .where(and(eq(issues.contactIdentityId, identityId), notInArray(issues.status, [...CLOSED])))
    .orderBy(desc(issues.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The identity's latest issue whatever its status (where echoes of old conversations land). */
export async function findLatestIssue(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(eq(issues.contactIdentityId, identityId))
    .orderBy(desc(issues.id))
    .limit(1);
  return row ?? null;
}

export async function createIssue(
  ex: Executor,
  v: {
    organizationId: string;
    channelId: string;
    contactId: string;
    identityId: string;
    teamId: string | null;
    adId: string | null;
    at: Date;
  },
) {
  const [row] = await ex
    .insert(issues)
    .values({
      organizationId: v.organizationId,
      channelId: v.channelId,
      contactId: v.contactId,
      contactIdentityId: v.identityId,
      teamId: v.teamId,
      adId: v.adId,
      status: 'un-assigned',
      startDate: v.at,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning({ id: issues.id });
  return row!.id;
}

export type NewMessage = typeof messages.$inferInsert;

/** Inserts a message unless its provider id is already stored (idempotency); returns the new id or null. */
export async function insertMessage(ex: Executor, v: NewMessage): Promise<number | null> {
  const [row] = await ex.insert(messages).values(v).onConflictDoNothing().returning({ id: messages.id });
  return row?.id ?? null;
}

/**
 * Records a customer message on the issue: last activity, unread count, and the waiting → on-going rule
 * (the customer spoke last, so the ball is back with the agent).
 */
export async function touchIssueForCustomer(ex: Executor, issueId: number, at: Date, adId: string | null) {
  await ex
    .update(issues)
    .set({
      lastResponseAt: at,
      lastCustomerMessageAt: at,
      unreadCount: sql`${issues.unreadCount} + 1`,
      status: sql`CASE WHEN ${issues.status} = 'waiting' THEN 'on-going' ELSE ${issues.status} END`,
      adId: sql`COALESCE(${issues.adId}, ${adId})`,
      updatedAt: at,
    })
    .where(eq(issues.id, issueId));
}

/** Records a business message typed outside the product (Meta echo) on the issue. */
export async function touchIssueForAgent(ex: Executor, issueId: number, at: Date) {
  await ex
    .update(issues)
    .set({
      lastResponseAt: at,
      lastAgentMessageAt: at,
      firstResponseAt: sql`COALESCE(${issues.firstResponseAt}, ${at})`,
      updatedAt: at,
    })
    .where(eq(issues.id, issueId));
}

/** The customer's last activity and live reply token, on the identity and the contact, in one statement. */
export async function touchIdentity(
  ex: Executor,
  identityId: string,
  contactId: string,
  at: Date,
  replyToken: string | null,
  replyTokenExpiresAt: Date,
) {
  await ex.execute(sql`
    WITH identity AS (
      UPDATE contact_identities SET last_inbound_at = ${at}, is_following = true,
        reply_token = COALESCE(${replyToken}, reply_token),
        reply_token_expires_at = CASE WHEN ${replyToken}::text IS NULL THEN reply_token_expires_at ELSE ${replyTokenExpiresAt} END
      WHERE id = ${identityId} RETURNING 1)
    UPDATE contacts SET last_contact_at = ${at} WHERE id = ${contactId}`);
}

export async function setFollowing(ex: Executor, identityId: string, isFollowing: boolean) {
  await ex.update(contactIdentities).set({ isFollowing }).where(eq(contactIdentities.id, identityId));
}

/** The customer unsent a message: keep the row (history, counts) but drop its content. */
export async function markUnsent(ex: Executor, channelId: string, providerMessageId: string) {
  const [row] = await ex
    .update(messages)
    .set({ text: null, payload: { unsent: true }, kind: 'unsent' })
    .where(
      and(
        eq(messages.channelId, channelId),
        eq(messages.providerMessageId, providerMessageId),
        eq(messages.direction, 'inbound'),
      ),
    )
    .returning({ id: messages.id, issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
}

/** Read receipts: outgoing messages up to the watermark (Messenger) or the one read (Instagram) become read. */
export async function markRead(
  ex: Executor,
  v: { channelId: string; issueIds: number[]; upTo: Date | null; providerMessageId: string | null },
) {
  if (v.issueIds.length === 0) return;
  const target = v.providerMessageId
    ? eq(messages.providerMessageId, v.providerMessageId)
    : v.upTo
      ? lte(messages.createdAt, v.upTo)
      : undefined;
  if (!target) return;
  await ex
    .update(messages)
    .set({ deliveryStatus: 'read' })
    .where(
      and(
        eq(messages.channelId, v.channelId),
        inArray(messages.issueId, v.issueIds),
        eq(messages.direction, 'outbound'),
        ne(messages.deliveryStatus, 'failed'),
        target,
      ),
    );
}

export async function issueIdsOfIdentity(ex: Executor, identityId: string) {
  const rows = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.contactIdentityId, identityId), isNull(issues.closedAt)));
  return rows.map((r) => r.id);
}

export async function organizationTimeZone(ex: Executor, organizationId: string) {
  const [row] = await ex
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timeZone ?? 'Asia/Bangkok';
}

export async function findMessageWithChannel(ex: Executor, messageId: number) {
  const [row] = await ex
    .select({ message: messages, channel: channels })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/** Records the outcome of a media download on the message (and links the stored file). */
export async function setMediaResult(
  ex: Executor,
  messageId: number,
  payload: Record<string, unknown>,
  fileId: string | null,
) {
  await ex.update(messages).set({ payload }).where(eq(messages.id, messageId));
  if (fileId) await ex.insert(messageAttachments).values({ messageId, fileId });
}

/** Remembers the ad a customer came from; an open issue takes it at once, otherwise their next issue does. */
export async function recordReferral(ex: Executor, identityId: string, adId: string) {
  const updated = await ex
    .update(issues)
    .set({ adId })
    .where(
      and(
        eq(issues.contactIdentityId, identityId),
        notInArray(issues.status, [...CLOSED]),
        isNull(issues.adId),
      ),
    )
    .returning({ id: issues.id });
  if (updated.length === 0)
    await ex
      .update(contactIdentities)
      .set({ referralAdId: adId })
      .where(eq(contactIdentities.id, identityId));
}

/** The pending referral ad id of an identity, cleared as it is taken. */
export async function takeReferralAdId(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({ adId: contactIdentities.referralAdId })
    .from(contactIdentities)
    .where(eq(contactIdentities.id, identityId));
  if (row?.adId)
    await ex
      .update(contactIdentities)
      .set({ referralAdId: null })
      .where(eq(contactIdentities.id, identityId));
  return row?.adId ?? null;
}

export type AppendedMessage = { issueId: number; messageId: number | null };

/**
 * The hot path of ingest in one atomic statement: append a customer message to the identity's open issue
 * (locked), update the issue (activity, unread, waiting → on-going), the identity (last inbound, reply
 * token) and the contact, and publish `message.created`. Null when the identity has no open issue (the
 * caller then creates one); `messageId` null when the message was already stored (a redelivery).
 */
export async function appendToOpenIssue(
  ex: Executor,
  v: {
    organizationId: string;
    channelId: string;
    identityId: string;
    contactId: string;
    kind: string;
    text: string | null;
    payload: Record<string, unknown>;
    providerMessageId: string;
    at: Date;
    adId: string | null;
    replyToken: string | null;
    replyTokenExpiresAt: Date;
  },
): Promise<AppendedMessage | null> {
  const result = await ex.execute(sql`
    WITH open_issue AS (
      SELECT id FROM issues
      WHERE contact_identity_id = ${v.identityId} AND status NOT IN ('close', 'transferred')
      ORDER BY id DESC LIMIT 1 FOR UPDATE
    ), message AS (
      INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text, payload, delivery_status, provider_message_id, created_at)
      SELECT ${v.organizationId}, open_issue.id, ${v.channelId}, 'inbound', 'customer', ${v.kind}, ${v.text}, ${JSON.stringify(v.payload)}::jsonb, 'received', ${v.providerMessageId}, ${v.at}
      FROM open_issue
      ON CONFLICT DO NOTHING
      RETURNING id, issue_id
    ), issue_update AS (
      UPDATE issues SET last_response_at = ${v.at}, last_customer_message_at = ${v.at}, unread_count = unread_count + 1,
        status = CASE WHEN status = 'waiting' THEN 'on-going' ELSE status END,
        ad_id = COALESCE(ad_id, ${v.adId}), updated_at = ${v.at}
      FROM message WHERE issues.id = message.issue_id
      RETURNING issues.id
    ), identity_update AS (
      UPDATE contact_identities SET last_inbound_at = ${v.at}, is_following = true,
        reply_token = COALESCE(${v.replyToken}, reply_token),
        reply_token_expires_at = CASE WHEN ${v.replyToken}::text IS NULL THEN reply_token_expires_at ELSE ${v.replyTokenExpiresAt} END
      WHERE id = ${v.identityId} AND EXISTS (SELECT 1 FROM message)
      RETURNING 1
    ), contact_update AS (
      UPDATE contacts SET last_contact_at = ${v.at}
      WHERE id = ${v.contactId} AND EXISTS (SELECT 1 FROM message)
      RETURNING 1
    ), notified AS (
      SELECT pg_notify('sabai_events', json_build_object(
        'name', 'message.created', 'organizationId', ${v.organizationId}::text,
        'data', json_build_object('issueId', message.issue_id, 'messageId', message.id, 'direction', 'inbound'))::text)
      FROM message
    )
    SELECT (SELECT id FROM open_issue) AS issue_id, (SELECT id FROM message) AS message_id,
      (SELECT count(*) FROM issue_update) + (SELECT count(*) FROM identity_update) + (SELECT count(*) FROM contact_update) + (SELECT count(*) FROM notified) AS effects`);
  const row = (
    result as unknown as {
      rows: Array<{ issue_id: string | number | null; message_id: string | number | null }>;
    }
  ).rows[0];
  if (!row || row.issue_id === null) return null;
  return {
    issueId: Number(row.issue_id),
    messageId: row.message_id === null ? null : Number(row.message_id),
  };
}
