// What agents and admins do with comments: act on a comment on the platform (like, hide,
// delete), answer it privately (Meta's private reply), read a post and its order list, and keep a
// channel's comment rules. Every call checks the caller's organisation and issue scope first.
import ExcelJS from 'exceljs';
import {
  PRIVATE_REPLY_WINDOW_DAYS,
  type CommentAction,
  type PostOrderList,
  type SaveCommentRules,
  type SocialPost,
} from '@sabai/contracts';
import { formatDateTime, type Scope } from '@sabai/domain';
import { inboxTexts } from '@sabai/i18n/inbox';
import { ChannelSendError } from '../../channels';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { AppError } from '../../platform/app-error';
import { csvLines } from '../../platform/csv';
import { publishEvent } from '../../platform/events';
import type { AuthContext } from '../../ports';
import { credentialsOf } from '../channels';
import { findIssueInScope } from '../issues';
import type { StoredComment } from '../messages';
import { organizationTimeZone } from '../organizations';
import * as repo from './comments.repo';
import { PRIVATE_REPLY_JOB } from './comments.jobs-def';

const DAY_MS = 24 * 3600 * 1000;

export const commentOf = (payload: unknown) =>
  ((payload ?? {}) as { comment?: StoredComment }).comment ?? null;

/** A comment message of an issue in the caller's scope, with what acting on it needs. */
async function commentInScope(deps: Deps, auth: AuthContext, scope: Scope, messageId: number) {
  const found = await repo.findCommentWithContext(deps.db.orm, messageId);
  if (!found || found.message.organizationId !== auth.organizationId) throw notFound();
  const issue = await findIssueInScope(deps.db.orm, auth.organizationId, auth.userId, scope, found.issue.id);
  if (!issue) throw notFound();
  const comment = commentOf(found.message.payload);
  if (!comment || found.channel.type === 'line') throw badRequest('comment.not_a_comment');
  return { ...found, comment, channelType: found.channel.type };
}

/** A platform call for a user waiting on it: a refusal is 409 with Meta's words, an outage 502. */
async function onPlatform<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ChannelSendError && !err.retryable) {
      if (err.code === 'comment.like_facebook_only') throw badRequest('comment.like_facebook_only');
      throw conflict('comment.refused', err.message);
    }
    throw new AppError(502, 'channel.provider_unavailable');
  }
}

/** Likes, hides or deletes a customer's comment on the platform (the page's own replies: delete only). */
export async function actOnComment(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  messageId: number,
  action: CommentAction,
) {
  const found = await commentInScope(deps, auth, scope, messageId);
  const { comment, channel, message } = found;
  if (comment.deleted) throw conflict('comment.deleted');
  if (message.direction === 'outbound' && action !== 'delete') throw badRequest('comment.own_comment');
  if ((action === 'like' || action === 'unlike') && channel.type !== 'facebook')
    throw badRequest('comment.like_facebook_only');
  const api = deps.channels.comments(channel.type as 'facebook' | 'instagram');
  const credentials = credentialsOf(deps, channel);
  const patch = await onPlatform(async () => {
    switch (action) {
      case 'like':
      case 'unlike':
        await api.setLiked(credentials, comment.commentId, action === 'like');
        return { liked: action === 'like' };
      case 'hide':
      case 'unhide':
        await api.setHidden(credentials, comment.commentId, action === 'hide');
        return { hidden: action === 'hide' };
      case 'delete':
        await api.remove(credentials, comment.commentId);
        return { deleted: true };
    }
  });
  await deps.db.orm.transaction(async (tx) => {
    const row = await repo.patchComment(tx, message.id, patch);
    if (action === 'delete') {
      const postId = (message.payload as { comment?: { postId?: string } }).comment?.postId;
      const post = postId ? await repo.findPostByExternalId(tx, channel.id, postId) : null;
      if (post) await repo.deleteOrder(tx, post.id, comment.commentId);
    }
    if (row)
      await publishEvent(tx, {
        name: 'message.updated',
        organizationId: row.organizationId,
        data: { issueId: row.issueId, messageId: row.id },
      });
  });
  return message.id;
}

/**
 * Queues the one private reply Meta allows per comment (within 7 days of it). The job sends it and stores
 * it in the commenter's chat issue; the comment shows it pending meanwhile.
 */
export async function queuePrivateReply(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  messageId: number,
  text: string,
) {
  const { comment, message } = await commentInScope(deps, auth, scope, messageId);
  if (message.direction === 'outbound') throw badRequest('comment.own_comment');
  if (comment.deleted) throw conflict('comment.deleted');
  if (deps.clock.now().getTime() - message.createdAt.getTime() > PRIVATE_REPLY_WINDOW_DAYS * DAY_MS)
    throw conflict('comment.private_reply_expired');
  await deps.db.orm.transaction(async (tx) => {
    if (!(await repo.claimPrivateReply(tx, message.id))) throw conflict('comment.private_reply_sent');
    await deps.jobs.sendInTransaction(tx, PRIVATE_REPLY_JOB, {
      commentMessageId: message.id,
      text,
      userId: auth.userId,
    });
    await publishEvent(tx, {
      name: 'message.updated',
      organizationId: message.organizationId,
      data: { issueId: message.issueId, messageId: message.id },
    });
  });
  return message.id;
}

async function postInOrganization(deps: Deps, auth: AuthContext, postId: string) {
  const found = await repo.findPost(deps.db.orm, postId, auth.organizationId);
  if (!found) throw notFound();
  return found.post;
}

export async function presentPost(deps: Deps, post: repo.PostRow): Promise<SocialPost> {
  return {
    id: post.id,
    externalId: post.externalId,
    text: post.text,
    permalink: post.permalink,
    pictureUrl: post.pictureFileId ? deps.fileLinks.appPath(post.pictureFileId) : null,
    previewStatus: post.previewStatus,
    postedAt: post.postedAt?.toISOString() ?? null,
    collectsOrders: post.collectsOrders,
    orderKeywords: post.orderKeywords,
    orderCount: await repo.countOrders(deps.db.orm, post.id),
  };
}

export async function getPost(deps: Deps, auth: AuthContext, postId: string) {
  return presentPost(deps, await postInOrganization(deps, auth, postId));
}

export async function updatePost(
  deps: Deps,
  auth: AuthContext,
  postId: string,
  input: { collectsOrders?: boolean; orderKeywords?: string[] },
) {
  await postInOrganization(deps, auth, postId);
  await repo.updatePost(deps.db.orm, postId, input);
  return getPost(deps, auth, postId);
}

export async function listOrders(deps: Deps, auth: AuthContext, postId: string): Promise<PostOrderList> {
  await postInOrganization(deps, auth, postId);
  const rows = await repo.listOrders(deps.db.orm, postId, undefined, 100_000);
  return {
    items: rows.map((r) => ({
      commentId: r.commentId,
      authorName: r.authorName,
      text: r.text,
      commentedAt: r.commentedAt.toISOString(),
      issueId: r.issueId,
    })),
    total: rows.length,
  };
}

/** The order list as CSV (UTF-8 with a BOM, so Excel reads Thai) or XLSX, in comment order. */
export async function exportOrders(
  deps: Deps,
  auth: AuthContext,
  postId: string,
  q: { format: 'csv' | 'xlsx'; lang: 'en' | 'th' },
) {
  const post = await postInOrganization(deps, auth, postId);
  const timeZone = await organizationTimeZone(deps.db.orm, auth.organizationId);
  const rows = await repo.listOrders(deps.db.orm, postId, undefined, 100_000);
  const texts = inboxTexts[q.lang].inbox.comments.orders;
  const header = [texts.number, texts.author, texts.comment, texts.time, texts.issue];
  const lines = rows.map((r, i) => [
    i + 1,
    r.authorName,
    r.text,
    formatDateTime(r.commentedAt, timeZone),
    r.issueId ?? '',
  ]);
  const filename = `orders-${post.externalId.replace(/[^A-Za-z0-9_-]/g, '')}.${q.format}`;
  if (q.format === 'csv') return { filename, body: Buffer.from(csvLines([header, ...lines], { bom: true })) };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.sheet);
  sheet.columns = header.map((heading, i) => ({ header: heading, width: i === 2 ? 40 : 20 }));
  for (const line of lines) sheet.addRow(line);
  return { filename, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

export async function listRules(deps: Deps, auth: AuthContext, channelId: string) {
  await metaChannelOf(deps, auth, channelId);
  return repo.listRules(deps.db.orm, auth.organizationId, channelId);
}

/** Replaces a channel's rules (in the given order); each answers with a shared canned response. */
export async function saveRules(deps: Deps, auth: AuthContext, channelId: string, input: SaveCommentRules) {
  await metaChannelOf(deps, auth, channelId);
  const rules = input.rules.map((r) => ({
    keywords: [...new Set(r.keywords.map((k) => k.trim()))],
    cannedResponseId: r.cannedResponseId,
    publicReply: r.publicReply?.trim() ?? '',
    isActive: r.isActive ?? true,
  }));
  const shared = await repo.sharedCannedIds(deps.db.orm, auth.organizationId, [
    ...new Set(rules.map((r) => r.cannedResponseId)),
  ]);
  if (rules.some((r) => !shared.has(r.cannedResponseId))) throw badRequest('canned.not_found');
  await deps.db.orm.transaction((tx) => repo.replaceRules(tx, auth.organizationId, channelId, rules));
  return repo.listRules(deps.db.orm, auth.organizationId, channelId);
}

/** A Facebook or Instagram channel of the caller's organisation (LINE has no comments). */
async function metaChannelOf(deps: Deps, auth: AuthContext, channelId: string) {
  const channel = await repo.findChannel(deps.db.orm, auth.organizationId, channelId);
  if (!channel) throw notFound('channel.not_found');
  if (channel.type === 'line') throw badRequest('validation.failed', 'LINE has no comments');
  return channel;
}
