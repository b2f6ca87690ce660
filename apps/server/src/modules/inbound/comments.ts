// Comments arriving from the feed (Facebook) and comments (Instagram) webhooks, applied inside the ingest
// batch's transaction (docs/decisions/channels.md "Comments inbox"). A commenter's comments on one post are one
// issue of kind 'comment' (their thread); a reply to a comment joins the thread of the comment it answers.
// Each comment is a message keyed by its comment id, so a redelivery changes nothing. The page's own
// comments (its replies, also made outside Sabai) come back as echoes and join the thread they answer.
import { messagePreview } from '@sabai/contracts';
import { findKeyword, routeNewIssue, type IssueStatus } from '@sabai/domain';
import type { CommentEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { publishEvent, publishEvents, type DomainEvent } from '../../platform/events';
import { jobToSend, type JobToSend } from '../../platform/jobs';
import { handOutFallbackJobs } from '../assignment';
import { findRoutingRules, findTeamIntake, type ChannelRow } from '../channels';
import { notifyCustomerActivity } from '../notifications';
import { organizationTimeZone } from '../organizations';
import * as comments from '../comments';
import * as inbound from './inbound.repo';
import { MEDIA_JOB } from './media';
import { memoize } from '../../platform/memoize';

/** A comment event with the channel it arrived on. */
export type ChannelComment = { channel: ChannelRow; event: CommentEvent };

/**
 * Applies a run of consecutive comment events (in arrival order) inside the batch's transaction. Each
 * comment is looked up and stored on its own (its thread depends on the ones before it); what a run shares
 * (the channel's routing and rules, the post) is read once, and its effects (issue activity, jobs, live
 * events, notifications) are written once at the end, so a live-commerce burst costs a few statements a
 * comment. Resolves to the teams whose new issues wait for automatic assignment, to hand out once `tx`
 * commits (as customer messages do).
 */
export async function applyComments(deps: Deps, tx: Tx, run: ChannelComment[]): Promise<string[]> {
  const ctx = runContext(tx);
  for (const { channel, event } of run) {
    if (channel.type === 'line') continue;
    switch (event.verb) {
      case 'add':
        if (event.isOwn) await addOwnComment(tx, channel, event);
        else await addCustomerComment(tx, channel, event, ctx);
        break;
      case 'edited':
        await changeComment(tx, channel, event.commentId, {}, event.text ?? '');
        break;
      case 'hide':
      case 'unhide':
        await changeComment(tx, channel, event.commentId, { hidden: event.verb === 'hide' });
        break;
      case 'remove': {
        // The customer removed their comment: its words go, the fact stays (and it leaves the order list).
        const row = await changeComment(tx, channel, event.commentId, { deleted: true }, null);
        const post = row && (await comments.upsertPostOf(tx, channel, event));
        if (post) await comments.deleteOrder(tx, post.id, event.commentId);
        break;
      }
    }
  }
  await flush(deps, tx, ctx);
  return [...ctx.teamsToHandOut];
}

type StoredComment = {
  organizationId: string;
  issue: { id: number; status: IssueStatus; teamId: string | null; assigneeUserId: string | null };
  messageId: number;
  event: CommentEvent;
};

/** What a run reads once and what it writes at its end. */
function runContext(tx: Tx) {
  return {
    routingRules: memoize((channelId: string) => findRoutingRules(tx, channelId)),
    timeZone: memoize((organizationId: string) => organizationTimeZone(tx, organizationId)),
    intake: memoize((teamId: string) => findTeamIntake(tx, teamId)),
    rules: memoize((channelId: string) => comments.activeRules(tx, channelId)),
    post: memoize(
      ({ channel, event }: ChannelComment) => comments.upsertPostOf(tx, channel, event),
      ({ channel, event }) => `${channel.id}:${event.postId}`,
    ),
    jobs: [] as JobToSend[],
    /** Teams that assign automatically with a new issue in this run. */
    teamsToHandOut: new Set<string>(),
    opened: [] as Array<{ organizationId: string; channelId: string; issue: StoredComment['issue'] }>,
    stored: [] as StoredComment[],
  };
}
type RunContext = ReturnType<typeof runContext>;

/** The run's effects: issue activity, jobs, then the live events and notifications. */
async function flush(deps: Deps, tx: Tx, ctx: RunContext) {
  ctx.jobs.push(...handOutFallbackJobs(deps, [...ctx.teamsToHandOut]));
  if (ctx.stored.length === 0 && ctx.jobs.length === 0) return;
  const byIssue = new Map<number, inbound.IssueActivity>();
  for (const { issue, event } of ctx.stored) {
    const a = byIssue.get(issue.id);
    if (!a) {
      byIssue.set(issue.id, {
        issueId: issue.id,
        firstAt: event.timestamp,
        at: event.timestamp,
        messages: 1,
        adId: null,
        replyDeadline: null,
      });
      continue;
    }
    a.messages += 1;
    if (event.timestamp > a.at) a.at = event.timestamp;
    if (event.timestamp < a.firstAt) a.firstAt = event.timestamp;
  }
  // A comment has no messaging window: the identities' and contacts' inbound times are left alone.
  const statusAfter = await inbound.recordCustomerActivity(tx, [...byIssue.values()], []);
  await deps.jobs.sendManyInTransaction(tx, ctx.jobs);
  const scopeOf = (issue: StoredComment['issue']) => ({
    teamId: issue.teamId,
    assigneeUserId: issue.assigneeUserId,
  });
  const changed = new Map<number, DomainEvent>();
  for (const { organizationId, issue } of ctx.stored) {
    const status = statusAfter.get(issue.id);
    if (status && status !== issue.status && !changed.has(issue.id))
      changed.set(issue.id, {
        name: 'issue.status_changed',
        organizationId,
        data: { issueId: issue.id, status, ...scopeOf(issue) },
      });
  }
  await publishEvents(tx, [
    ...ctx.opened.map(({ organizationId, channelId, issue }): DomainEvent => ({
      name: 'issue.created',
      organizationId,
      data: { issueId: issue.id, status: 'un-assigned', ...scopeOf(issue), channelId },
    })),
    ...ctx.stored.map(({ organizationId, issue, messageId, event }): DomainEvent => ({
      name: 'message.created',
      organizationId,
      data: {
        issueId: issue.id,
        ...scopeOf(issue),
        messageId,
        direction: 'inbound',
        card: messagePreview(event.timestamp, { text: event.text, kind: 'comment', senderType: 'customer' }),
      },
    })),
    ...changed.values(),
  ]);
  await notifyCustomerActivity(tx, {
    newIssueIds: ctx.opened.map(({ issue }) => issue.id),
    messages: ctx.stored.map(({ issue, event }) => ({ issueId: issue.id, text: event.text })),
  });
}

async function changeComment(
  tx: Tx,
  channel: ChannelRow,
  commentId: string,
  patch: Record<string, unknown>,
  text?: string | null,
) {
  const found = await comments.findCommentMessage(tx, channel.id, commentId);
  if (!found) return null;
  const row = await comments.patchComment(tx, found.id, patch, text === undefined ? {} : { text });
  if (row) await publishEvent(tx, messageUpdated(row));
  return row;
}

const messageUpdated = (row: { id: number; issueId: number; organizationId: string }): DomainEvent => ({
  name: 'message.updated',
  organizationId: row.organizationId,
  data: { issueId: row.issueId, messageId: row.id },
});

/** The page's own comment: ours (already stored, or about to be) or typed on Facebook itself. */
async function addOwnComment(tx: Tx, channel: ChannelRow, event: CommentEvent) {
  if (await inbound.messageExists(tx, channel.id, event.commentId)) return;
  if (!event.parentId) return;
  const issue = await comments.findOpenIssueOfComment(tx, channel.id, event.parentId);
  if (!issue) return;
  // Our reply's echo can come before its send's answer was recorded.
  if (await comments.pendingReplyExists(tx, issue.id, event.parentId)) return;
  const messageId = await inbound.insertMessage(tx, {
    organizationId: channel.organizationId,
    issueId: issue.id,
    channelId: channel.id,
    direction: 'outbound',
    senderType: 'agent',
    kind: 'comment',
    text: event.text,
    payload: { comment: commentPayload(event), sentFrom: 'provider_inbox' },
    deliveryStatus: 'sent',
    providerMessageId: event.commentId,
    createdAt: event.timestamp,
  });
  if (messageId === null) return;
  await inbound.touchIssueForAgent(tx, issue.id, event.timestamp);
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: channel.organizationId,
    data: {
      issueId: issue.id,
      messageId,
      direction: 'outbound',
      card: messagePreview(event.timestamp, { text: event.text, kind: 'comment', senderType: 'agent' }),
    },
  });
}

const commentPayload = (event: CommentEvent) => ({
  commentId: event.commentId,
  postId: event.postId,
  parentId: event.parentId,
  authorId: event.externalUserId,
  authorName: event.authorName,
  liked: false,
  hidden: false,
  deleted: false,
});

async function addCustomerComment(tx: Tx, channel: ChannelRow, event: CommentEvent, ctx: RunContext) {
  const identity = await commenterIdentity(tx, channel, event);
  if (await inbound.messageExists(tx, channel.id, event.commentId)) return;
  const post = await ctx.post({ channel, event });
  if (post.isNew) {
    ctx.jobs.push(jobToSend(comments.POST_PREVIEW_JOB, { postId: post.id }));
    post.isNew = false;
  }
  const answered = event.parentId
    ? await comments.findOpenIssueOfComment(tx, channel.id, event.parentId)
    : null;
  let issue = answered ?? (await comments.findOpenThreadForUpdate(tx, post.id, identity.id));
  if (!issue) {
    const routing = routeNewIssue(
      channel,
      await ctx.routingRules(channel.id),
      event.text,
      event.timestamp,
      await ctx.timeZone(channel.organizationId),
    );
    const id = await comments.createThread(tx, {
      organizationId: channel.organizationId,
      channelId: channel.id,
      contactId: identity.contactId,
      identityId: identity.id,
      teamId: routing.teamId,
      postId: post.id,
      at: event.timestamp,
    });
    issue = { id, status: 'un-assigned', teamId: routing.teamId, assigneeUserId: null };
    ctx.opened.push({ organizationId: channel.organizationId, channelId: channel.id, issue });
    if (routing.teamId && (await ctx.intake(routing.teamId)).assignsAutomatically)
      ctx.teamsToHandOut.add(routing.teamId);
  }
  const rule = await ruleToFire(tx, ctx, channel, post.id, event);
  const messageId = await inbound.insertMessage(tx, {
    organizationId: channel.organizationId,
    issueId: issue.id,
    channelId: channel.id,
    direction: 'inbound',
    senderType: 'customer',
    kind: 'comment',
    text: event.text,
    payload: {
      comment: {
        ...commentPayload(event),
        ...(rule ? { privateReply: { status: 'pending', issueId: null, error: null } } : {}),
      },
      ...(event.photoUrl ? { media: { status: 'pending' } } : {}),
    },
    providerMessageId: event.commentId,
    createdAt: event.timestamp,
  });
  if (messageId === null) return;
  if (event.photoUrl)
    ctx.jobs.push(jobToSend(MEDIA_JOB, { messageId, media: { source: 'url', ref: event.photoUrl } }));
  if (rule)
    ctx.jobs.push(
      jobToSend(comments.PRIVATE_REPLY_JOB, {
        commentMessageId: messageId,
        text: rule.message,
        userId: null,
        publicReply: rule.publicReply,
      }),
    );
  if (post.collectsOrders && findKeyword(event.text, post.orderKeywords))
    await comments.insertOrder(tx, {
      postId: post.id,
      commentId: event.commentId,
      externalUserId: event.externalUserId,
      authorName: event.authorName,
      text: event.text ?? '',
      issueId: issue.id,
      messageId,
      commentedAt: event.timestamp,
    });
  ctx.stored.push({ organizationId: channel.organizationId, issue, messageId, event });
}

/**
 * The commenter's identity on the channel, locked until commit so one commenter's comments apply one at a
 * time across workers (their thread is found or opened once); created under the name the comment carries.
 */
async function commenterIdentity(tx: Tx, channel: ChannelRow, event: CommentEvent) {
  const known = await inbound.findIdentity(tx, channel.id, event.externalUserId, { lock: true });
  if (known) return known;
  // A new row is this transaction's until commit: nobody else can take it meanwhile.
  const [created] = await inbound.createIdentities(tx, [
    {
      organizationId: channel.organizationId,
      channelId: channel.id,
      externalUserId: event.externalUserId,
      displayName: event.authorName,
      pictureUrl: null,
      at: event.timestamp,
    },
  ]);
  // Created by a concurrent batch (whose insert this one waited for) when not now.
  return created ?? (await inbound.findIdentity(tx, channel.id, event.externalUserId, { lock: true }))!;
}

/** The first active rule whose keyword the comment holds, claimed once per commenter and post. */
async function ruleToFire(tx: Tx, ctx: RunContext, channel: ChannelRow, postId: string, event: CommentEvent) {
  const rules = await ctx.rules(channel.id);
  const rule = rules.find((r) => findKeyword(event.text, r.keywords));
  if (!rule) return null;
  const claimed = await comments.claimRuleReply(tx, {
    postId,
    externalUserId: event.externalUserId,
    ruleId: rule.id,
    commentId: event.commentId,
  });
  return claimed ? rule : null;
}
