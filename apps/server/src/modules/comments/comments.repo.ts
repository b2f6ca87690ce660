// Storage of the comments inbox: posts, comment threads (issues of kind 'comment'), comment rules, the
// once-per-commenter-per-post record and the order lists.
import { FINAL_STATUSES } from '@sabai/domain';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  cannedResponses,
  channels,
  commentRuleReplies,
  commentRules,
  contactIdentities,
  issues,
  messages,
  postOrders,
  socialPosts,
} from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';

export type PostRow = typeof socialPosts.$inferSelect;

/** The post of a comment, created on its first comment; `isNew` asks for its preview. */
export async function upsertPost(
  ex: Executor,
  v: { organizationId: string; channelId: string; externalId: string; collectsOrders: boolean },
) {
  const result = await ex.execute(sql`
    INSERT INTO social_posts (organization_id, channel_id, external_id, collects_orders)
    VALUES (${v.organizationId}, ${v.channelId}, ${v.externalId}, ${v.collectsOrders})
    ON CONFLICT (channel_id, external_id) DO UPDATE SET external_id = excluded.external_id
    RETURNING id, collects_orders AS "collectsOrders", order_keywords AS "orderKeywords", (xmax = 0) AS "isNew"`);
  const [row] = rowsOf<{ id: string; collectsOrders: boolean; orderKeywords: string[]; isNew: boolean }>(
    result,
  );
  return row!;
}

/** The post a comment event names (an Instagram live broadcast collects orders from the start). */
export function upsertPostOf(
  ex: Executor,
  channel: { id: string; organizationId: string },
  event: { postId: string; isLive: boolean },
) {
  return upsertPost(ex, {
    organizationId: channel.organizationId,
    channelId: channel.id,
    externalId: event.postId,
    collectsOrders: event.isLive,
  });
}

/** A post with its channel; within `organizationId` when given (a caller's read). */
export async function findPost(ex: Executor, postId: string, organizationId?: string) {
  const [row] = await ex
    .select({ post: socialPosts, channel: channels })
    .from(socialPosts)
    .innerJoin(channels, eq(channels.id, socialPosts.channelId))
    .where(
      and(
        eq(socialPosts.id, postId),
        organizationId ? eq(socialPosts.organizationId, organizationId) : undefined,
      ),
    );
  return row ?? null;
}

/** A channel's post by its provider id (null when no comment on it ever arrived). */
export async function findPostByExternalId(ex: Executor, channelId: string, externalId: string) {
  const [row] = await ex
    .select({ id: socialPosts.id })
    .from(socialPosts)
    .where(and(eq(socialPosts.channelId, channelId), eq(socialPosts.externalId, externalId)));
  return row ?? null;
}

export async function setPostPreview(
  ex: Executor,
  postId: string,
  v: Pick<PostRow, 'text' | 'permalink' | 'pictureFileId' | 'postedAt' | 'previewStatus'>,
) {
  await ex.update(socialPosts).set(v).where(eq(socialPosts.id, postId));
}

export async function updatePost(
  ex: Executor,
  postId: string,
  v: { collectsOrders?: boolean; orderKeywords?: string[] },
) {
  await ex.update(socialPosts).set(v).where(eq(socialPosts.id, postId));
}

export async function countOrders(ex: Executor, postId: string) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(postOrders)
    .where(eq(postOrders.postId, postId));
  return row?.n ?? 0;
}

export async function listOrders(ex: Executor, postId: string, afterCommentedAt?: Date, limit = 1000) {
  return ex
    .select()
    .from(postOrders)
    .where(
      and(
        eq(postOrders.postId, postId),
        afterCommentedAt ? sql`${postOrders.commentedAt} > ${afterCommentedAt}` : undefined,
      ),
    )
    .orderBy(asc(postOrders.commentedAt), asc(postOrders.messageId))
    .limit(limit);
}

export async function insertOrder(ex: Executor, v: typeof postOrders.$inferInsert) {
  await ex.insert(postOrders).values(v).onConflictDoNothing();
}

export async function deleteOrder(ex: Executor, postId: string, commentId: string) {
  await ex.delete(postOrders).where(and(eq(postOrders.postId, postId), eq(postOrders.commentId, commentId)));
}

/** The commenter's open thread on the post, locked for this transaction. */
export async function findOpenThreadForUpdate(ex: Executor, postId: string, identityId: string) {
  const [row] = await ex
    .select({
      id: issues.id,
      status: issues.status,
      teamId: issues.teamId,
      assigneeUserId: issues.assigneeUserId,
    })
    .from(issues)
    .where(
      and(
        eq(issues.postId, postId),
        eq(issues.contactIdentityId, identityId),
        notInArray(issues.status, [...FINAL_STATUSES]),
      ),
    )
    .orderBy(desc(issues.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The issue holding a comment (by its provider id), when it is still open. */
export async function findOpenIssueOfComment(ex: Executor, channelId: string, commentId: string) {
  const [row] = await ex
    .select({
      id: issues.id,
      status: issues.status,
      teamId: issues.teamId,
      assigneeUserId: issues.assigneeUserId,
    })
    .from(messages)
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .where(
      and(
        eq(messages.channelId, channelId),
        eq(messages.providerMessageId, commentId),
        notInArray(issues.status, [...FINAL_STATUSES]),
      ),
    )
    .for('update', { of: issues });
  return row ?? null;
}

type NewIssue = {
  organizationId: string;
  channelId: string;
  contactId: string;
  identityId: string;
  teamId: string | null;
  at: Date;
};

/** A commenter's thread on a post: an issue of kind 'comment'. */
export function createThread(ex: Executor, v: NewIssue & { postId: string }) {
  return insertIssue(ex, v, { kind: 'comment', postId: v.postId });
}

/** A chat issue a private reply opens. */
export function createConversation(ex: Executor, v: NewIssue) {
  return insertIssue(ex, v, { kind: 'conversation', postId: null });
}

async function insertIssue(
  ex: Executor,
  v: NewIssue,
  kind: { kind: 'comment' | 'conversation'; postId: string | null },
) {
  const [row] = await ex
    .insert(issues)
    .values({
      organizationId: v.organizationId,
      channelId: v.channelId,
      contactId: v.contactId,
      contactIdentityId: v.identityId,
      teamId: v.teamId,
      ...kind,
      status: 'un-assigned',
      startDate: v.at,
      lastResponseAt: v.at,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .returning({ id: issues.id });
  return row!.id;
}

/** The comment message (by provider id) of a channel. */
export async function findCommentMessage(ex: Executor, channelId: string, commentId: string) {
  const [row] = await ex
    .select()
    .from(messages)
    .where(and(eq(messages.channelId, channelId), eq(messages.providerMessageId, commentId)));
  return row ?? null;
}

/** Merges `patch` into the message's `payload.comment`; the updated row, or null when it is not a comment. */
export async function patchComment(
  ex: Executor,
  messageId: number,
  patch: Record<string, unknown>,
  v: { text?: string | null } = {},
) {
  const [row] = await ex
    .update(messages)
    .set({
      payload: sql`jsonb_set(coalesce(${messages.payload}, '{}'::jsonb), '{comment}',
        coalesce(${messages.payload}->'comment', '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)`,
      ...(v.text !== undefined ? { text: v.text } : {}),
    })
    .where(and(eq(messages.id, messageId), sql`${messages.payload} ? 'comment'`))
    .returning({ id: messages.id, issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
}

/** A comment message with its issue, channel and the commenter's identity (for acting on it). */
export async function findCommentWithContext(ex: Executor, messageId: number) {
  const [row] = await ex
    .select({
      message: messages,
      channel: channels,
      issue: { id: issues.id, teamId: issues.teamId, contactId: issues.contactId },
      identity: { id: contactIdentities.id, displayName: contactIdentities.displayName },
    })
    .from(messages)
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .leftJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/** The latest customer comment of a thread (where a public reply without a target goes). */
export async function latestCustomerComment(ex: Executor, issueId: number) {
  const [row] = await ex
    .select({ id: messages.id, providerMessageId: messages.providerMessageId })
    .from(messages)
    .where(
      and(eq(messages.issueId, issueId), eq(messages.kind, 'comment'), eq(messages.direction, 'inbound')),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row ?? null;
}

/** An outbound reply of ours to `parentId` still waiting for its answer (its echo may come first). */
export async function pendingReplyExists(ex: Executor, issueId: number, parentId: string) {
  const rows = await ex
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.issueId, issueId),
        eq(messages.direction, 'outbound'),
        inArray(messages.deliveryStatus, ['pending']),
        sql`${messages.payload}->'commentReply'->>'commentId' = ${parentId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type ActiveRule = { id: string; keywords: string[]; message: string; publicReply: string };

export async function activeRules(ex: Executor, channelId: string): Promise<ActiveRule[]> {
  return ex
    .select({
      id: commentRules.id,
      keywords: commentRules.keywords,
      message: cannedResponses.message,
      publicReply: commentRules.publicReply,
    })
    .from(commentRules)
    .innerJoin(cannedResponses, eq(cannedResponses.id, commentRules.cannedResponseId))
    .where(and(eq(commentRules.channelId, channelId), eq(commentRules.isActive, true)))
    .orderBy(asc(commentRules.position));
}

/** Claims the post's one rule answer for this commenter; false when they had it already. */
export async function claimRuleReply(
  ex: Executor,
  v: { postId: string; externalUserId: string; ruleId: string; commentId: string },
) {
  const rows = await ex
    .insert(commentRuleReplies)
    .values(v)
    .onConflictDoNothing()
    .returning({ postId: commentRuleReplies.postId });
  return rows.length > 0;
}

export async function listRules(ex: Executor, organizationId: string, channelId: string) {
  return ex
    .select({
      id: commentRules.id,
      keywords: commentRules.keywords,
      cannedResponseId: commentRules.cannedResponseId,
      cannedResponseName: cannedResponses.name,
      publicReply: commentRules.publicReply,
      isActive: commentRules.isActive,
    })
    .from(commentRules)
    .innerJoin(cannedResponses, eq(cannedResponses.id, commentRules.cannedResponseId))
    .where(and(eq(commentRules.organizationId, organizationId), eq(commentRules.channelId, channelId)))
    .orderBy(asc(commentRules.position));
}

export async function replaceRules(
  ex: Executor,
  organizationId: string,
  channelId: string,
  rules: Array<{ keywords: string[]; cannedResponseId: string; publicReply: string; isActive: boolean }>,
) {
  await ex
    .delete(commentRules)
    .where(and(eq(commentRules.organizationId, organizationId), eq(commentRules.channelId, channelId)));
  if (rules.length === 0) return;
  await ex
    .insert(commentRules)
    .values(rules.map((r, position) => ({ ...r, organizationId, channelId, position })));
}

/** Shared canned responses of the organisation among these ids (rules may only use shared ones). */
export async function sharedCannedIds(ex: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await ex
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.organizationId, organizationId),
        inArray(cannedResponses.id, ids),
        sql`${cannedResponses.ownerUserId} IS NULL`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Another identity of the commenter's contact on the channel (the inbox id a private reply answered with). */
export async function attachIdentity(
  ex: Executor,
  v: {
    organizationId: string;
    contactId: string;
    channelId: string;
    externalUserId: string;
    displayName: string;
  },
) {
  await ex
    .insert(contactIdentities)
    .values({
      organizationId: v.organizationId,
      contactId: v.contactId,
      channelId: v.channelId,
      externalUserId: v.externalUserId,
      displayName: v.displayName,
    })
    .onConflictDoNothing();
  const [row] = await ex
    .select({ id: contactIdentities.id, contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.channelId, v.channelId),
        eq(contactIdentities.externalUserId, v.externalUserId),
      ),
    );
  return row!;
}

/** The identity's open conversation (not a comment thread), locked. */
export async function findOpenConversationForUpdate(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({ id: issues.id, teamId: issues.teamId, assigneeUserId: issues.assigneeUserId })
    .from(issues)
    .where(
      and(
        eq(issues.contactIdentityId, identityId),
        eq(issues.kind, 'conversation'),
        notInArray(issues.status, [...FINAL_STATUSES]),
      ),
    )
    .orderBy(desc(issues.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Marks the comment's private reply pending, unless one was sent or is on its way (a failed one may be retried). */
export async function claimPrivateReply(ex: Executor, messageId: number) {
  const rows = await ex
    .update(messages)
    .set({
      payload: sql`jsonb_set(${messages.payload}, '{comment,privateReply}',
        '{"status":"pending","issueId":null,"error":null}'::jsonb)`,
    })
    .where(
      and(
        eq(messages.id, messageId),
        sql`coalesce(${messages.payload}->'comment'->'privateReply'->>'status', 'failed') = 'failed'`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function findChannel(ex: Executor, organizationId: string, channelId: string) {
  const [row] = await ex
    .select({ id: channels.id, type: channels.type })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.organizationId, organizationId)));
  return row ?? null;
}

/** Inserts a message unless its provider id is stored already; the new id, or null. */
export async function insertMessage(ex: Executor, v: typeof messages.$inferInsert) {
  const [row] = await ex.insert(messages).values(v).onConflictDoNothing().returning({ id: messages.id });
  return row?.id ?? null;
}

/** Locks an identity until commit (one writer per customer at a time, as the ingest does). */
export async function lockIdentity(ex: Executor, identityId: string) {
  await ex
    .select({ id: contactIdentities.id })
    .from(contactIdentities)
    .where(eq(contactIdentities.id, identityId))
    .for('no key update');
}
