// Comments arriving from the feed (Facebook) and comments (Instagram) webhooks, applied inside the ingest
// batch's transaction (docs/decisions.md "Comments inbox"). A commenter's comments on one post are one
// issue of kind 'comment' (their thread); a reply to a comment joins the thread of the comment it answers.
// Each comment is a message keyed by its comment id, so a redelivery changes nothing. The page's own
// comments (its replies, also made outside Sabai) come back as echoes and join the thread they answer.
import { messagePreview } from '@sabai/contracts';
import { findKeyword, routeNewIssue } from '@sabai/domain';
import type { CommentEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { publishEvent, publishEvents, type DomainEvent } from '../../platform/events';
import { jobToSend, type JobToSend } from '../../platform/jobs';
import { ASSIGN_JOB } from '../assignment';
import { findRoutingRules, findTeamIntake, type ChannelRow } from '../channels';
import { notifyCustomerActivity } from '../notifications';
import { organizationTimeZone } from '../organizations';
import * as comments from '../comments';
import * as inbound from './inbound.repo';
import { MEDIA_JOB } from './media';

export async function applyComment(deps: Deps, tx: Tx, channel: ChannelRow, event: CommentEvent) {
  if (channel.type === 'line') return;
  switch (event.verb) {
    case 'add':
      return event.isOwn ? addOwnComment(tx, channel, event) : addCustomerComment(deps, tx, channel, event);
    case 'edited':
      return changeComment(tx, channel, event.commentId, {}, event.text ?? '');
    case 'hide':
    case 'unhide':
      return changeComment(tx, channel, event.commentId, { hidden: event.verb === 'hide' });
    case 'remove': {
      // The customer removed their comment: its words go, the fact stays (and it leaves the order list).
      const row = await changeComment(tx, channel, event.commentId, { deleted: true }, null);
      const post = row && (await comments.upsertPostOf(tx, channel, event));
      if (post) await comments.deleteOrder(tx, post.id, event.commentId);
      return;
    }
  }
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

async function addCustomerComment(deps: Deps, tx: Tx, channel: ChannelRow, event: CommentEvent) {
  if (await inbound.messageExists(tx, channel.id, event.commentId)) return;
  const identity = await commenterIdentity(tx, channel, event);
  // One commenter's comments apply one at a time across workers (their thread is found or opened once).
  await inbound.lockIdentities(tx, [identity.id]);
  if (await inbound.messageExists(tx, channel.id, event.commentId)) return;
  const post = await comments.upsertPostOf(tx, channel, event);
  const jobs: JobToSend[] = [];
  if (post.isNew) jobs.push(jobToSend(comments.POST_PREVIEW_JOB, { postId: post.id }));
  const answered = event.parentId
    ? await comments.findOpenIssueOfComment(tx, channel.id, event.parentId)
    : null;
  let issue = answered ?? (await comments.findOpenThreadForUpdate(tx, post.id, identity.id));
  let opened = false;
  if (!issue) {
    const routing = routeNewIssue(
      channel,
      await findRoutingRules(tx, channel.id),
      event.text,
      event.timestamp,
      await organizationTimeZone(tx, channel.organizationId),
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
    opened = true;
    if (routing.teamId && (await findTeamIntake(tx, routing.teamId)).assignsAutomatically)
      jobs.push(jobToSend(ASSIGN_JOB, { issueId: id }));
  }
  const rule = await ruleToFire(tx, channel, post.id, event);
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
    jobs.push(jobToSend(MEDIA_JOB, { messageId, media: { source: 'url', ref: event.photoUrl } }));
  if (rule)
    jobs.push(
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
  // A comment has no messaging window: the identity's and contact's inbound times are left alone.
  const statusAfter = await inbound.recordCustomerActivity(
    tx,
    [
      {
        issueId: issue.id,
        firstAt: event.timestamp,
        at: event.timestamp,
        messages: 1,
        adId: null,
        replyDeadline: null,
      },
    ],
    [],
  );
  await deps.jobs.sendManyInTransaction(tx, jobs);
  const { organizationId } = channel;
  const scope = { teamId: issue.teamId, assigneeUserId: issue.assigneeUserId };
  const status = statusAfter.get(issue.id);
  await publishEvents(tx, [
    ...(opened
      ? [
          {
            name: 'issue.created' as const,
            organizationId,
            data: { issueId: issue.id, status: 'un-assigned' as const, ...scope, channelId: channel.id },
          },
        ]
      : []),
    {
      name: 'message.created',
      organizationId,
      data: {
        issueId: issue.id,
        ...scope,
        messageId,
        direction: 'inbound',
        card: messagePreview(event.timestamp, { text: event.text, kind: 'comment', senderType: 'customer' }),
      },
    },
    ...(status && status !== issue.status
      ? [
          {
            name: 'issue.status_changed' as const,
            organizationId,
            data: { issueId: issue.id, status, ...scope },
          },
        ]
      : []),
  ]);
  await notifyCustomerActivity(tx, {
    newIssueIds: opened ? [issue.id] : [],
    messages: [{ issueId: issue.id, text: event.text }],
  });
}

/** The commenter's identity on the channel, created under the name the comment carries. */
async function commenterIdentity(tx: Tx, channel: ChannelRow, event: CommentEvent) {
  const known = await inbound.findIdentity(tx, channel.id, event.externalUserId);
  if (known) return known;
  await inbound.createIdentities(tx, [
    {
      organizationId: channel.organizationId,
      channelId: channel.id,
      externalUserId: event.externalUserId,
      displayName: event.authorName,
      pictureUrl: null,
      at: event.timestamp,
    },
  ]);
  // Created now, or by a concurrent batch (whose insert this one waited for).
  return (await inbound.findIdentity(tx, channel.id, event.externalUserId))!;
}

/** The first active rule whose keyword the comment holds, claimed once per commenter and post. */
async function ruleToFire(tx: Tx, channel: ChannelRow, postId: string, event: CommentEvent) {
  const rules = await comments.activeRules(tx, channel.id);
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
