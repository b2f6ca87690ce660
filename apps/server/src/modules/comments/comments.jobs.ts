// The comments inbox's jobs: a post's preview (text, link, picture stored as a file: Meta's CDN links
// expire), and the private reply (sent, then stored in the commenter's chat issue, linked both ways).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { FILE_MAX_BYTES, routeNewIssue } from '@sabai/domain';
import { messagePreview } from '@sabai/contracts';
import { ChannelSendError } from '../../channels';
import type { Deps } from '../../deps';
import { publishEvents, type DomainEvent } from '../../platform/events';
import { jobToSend, type JobOf, type JobToSend } from '../../platform/jobs';
import { ASSIGN_JOB } from '../assignment';
import { credentialsOf, findRoutingRules, findTeamIntake } from '../channels';
import { DELIVER_JOB, touchIssueForReply } from '../messages';
import { organizationTimeZone } from '../organizations';
import * as repo from './comments.repo';
import type { POST_PREVIEW_JOB, PRIVATE_REPLY_JOB } from './comments.jobs-def';
import { privateReplyMetadata } from './comments.jobs-def';
import { commentOf } from './comments.service';

export async function fetchPostPreview(deps: Deps, job: JobOf<typeof POST_PREVIEW_JOB>) {
  const found = await repo.findPost(deps.db.orm, job.data.postId);
  if (!found) return;
  const { post, channel } = found;
  if (channel.type === 'line') return;
  const credentials = credentialsOf(deps, channel);
  try {
    const preview = await deps.channels.comments(channel.type).fetchPost(credentials, post.externalId);
    let pictureFileId: string | null = null;
    if (preview.pictureUrl) {
      const media = await deps.channels
        .get(channel.type)
        .fetchMedia(credentials, { source: 'url', ref: preview.pictureUrl });
      if (media && media !== 'pending') {
        const file = await deps.storage.put({
          organizationId: post.organizationId,
          filename: `post-${post.id}.jpg`,
          mimeType: media.mimeType.split(';')[0]!.trim(),
          stream: Readable.fromWeb(media.body as WebReadableStream<Uint8Array>),
          maxBytes: FILE_MAX_BYTES,
        });
        pictureFileId = file.id;
      }
    }
    await repo.setPostPreview(deps.db.orm, post.id, { ...preview, pictureFileId, previewStatus: 'ready' });
  } catch (err) {
    const retryable = !(err instanceof ChannelSendError) || err.retryable;
    if (retryable && job.retryCount < job.retryLimit) throw err;
    deps.logger.warn({ err, postId: post.id }, 'post preview unavailable');
    await repo.setPostPreview(deps.db.orm, post.id, {
      text: null,
      permalink: null,
      pictureFileId: null,
      postedAt: null,
      previewStatus: 'failed',
    });
  }
}

/**
 * Sends a private reply and stores it in the commenter's open conversation (or a new one): Meta answers
 * with their inbox id, which may differ from the id their comments carry, so it becomes an identity of
 * the same contact. The comment records the outcome and the chat issue; the reply names the comment.
 */
export async function sendPrivateReply(deps: Deps, job: JobOf<typeof PRIVATE_REPLY_JOB>) {
  const found = await repo.findCommentWithContext(deps.db.orm, job.data.commentMessageId);
  const comment = found && commentOf(found.message.payload);
  if (!found || !comment || comment.privateReply?.status !== 'pending') return;
  const { message, channel } = found;
  if (channel.type === 'line') return;
  const finish = (patch: Record<string, unknown>) =>
    deps.db.orm.transaction(async (tx) => {
      const row = await repo.patchComment(tx, message.id, { privateReply: patch });
      if (row) await publishEvents(tx, [messageUpdated(row)]);
    });
  let sent: { recipientId: string; messageId: string };
  try {
    sent = await deps.channels
      .comments(channel.type)
      .privateReply(
        credentialsOf(deps, channel),
        comment.commentId,
        job.data.text,
        privateReplyMetadata(message.id),
      );
  } catch (err) {
    const retryable = !(err instanceof ChannelSendError) || err.retryable;
    if (retryable && job.retryCount < job.retryLimit) throw err;
    const reason = err instanceof ChannelSendError ? `${err.code}: ${err.message}` : String(err);
    return finish({ status: 'failed', issueId: null, error: reason.slice(0, 500) });
  }
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const identity = await repo.attachIdentity(tx, {
      organizationId: message.organizationId,
      contactId: found.issue.contactId,
      channelId: channel.id,
      externalUserId: sent.recipientId,
      displayName: found.identity?.displayName ?? comment.authorName,
    });
    await repo.lockIdentity(tx, identity.id);
    const jobs: JobToSend[] = [];
    const events: DomainEvent[] = [];
    let chat = await repo.findOpenConversationForUpdate(tx, identity.id);
    if (!chat) {
      // A new conversation goes where the comment's thread went (its team), routed like any new issue.
      const routing = routeNewIssue(
        channel,
        await findRoutingRules(tx, channel.id),
        job.data.text,
        now,
        await organizationTimeZone(tx, channel.organizationId),
      );
      const teamId = found.issue.teamId ?? routing.teamId;
      const id = await repo.createConversation(tx, {
        organizationId: message.organizationId,
        channelId: channel.id,
        contactId: identity.contactId,
        identityId: identity.id,
        teamId,
        at: now,
      });
      chat = { id, teamId, assigneeUserId: null };
      events.push({
        name: 'issue.created',
        organizationId: message.organizationId,
        data: {
          issueId: chat.id,
          status: 'un-assigned',
          teamId,
          assigneeUserId: null,
          channelId: channel.id,
        },
      });
      if (teamId && (await findTeamIntake(tx, teamId)).assignsAutomatically)
        jobs.push(jobToSend(ASSIGN_JOB, { issueId: chat.id }));
    }
    const replyId = await repo.insertMessage(tx, {
      organizationId: message.organizationId,
      issueId: chat.id,
      channelId: channel.id,
      direction: 'outbound',
      senderType: job.data.userId ? 'agent' : 'system',
      senderUserId: job.data.userId,
      kind: 'text',
      text: job.data.text,
      payload: { fromComment: { issueId: message.issueId, commentId: comment.commentId } },
      deliveryStatus: 'sent',
      deliveredVia: 'private_reply',
      providerMessageId: sent.messageId,
      retryKey: randomUUID(),
      createdAt: now,
    });
    await touchIssueForReply(tx, chat.id, now, job.data.userId);
    const row = await repo.patchComment(tx, message.id, {
      privateReply: { status: 'sent', issueId: chat.id, error: null },
    });
    // A rule's public answer under the comment ("we sent you a message"), delivered like any reply.
    if (job.data.publicReply) {
      const publicId = await repo.insertMessage(tx, {
        organizationId: message.organizationId,
        issueId: message.issueId,
        channelId: channel.id,
        direction: 'outbound',
        senderType: 'system',
        kind: 'comment',
        text: job.data.publicReply,
        payload: { commentReply: { commentId: comment.commentId } },
        deliveryStatus: 'pending',
        retryKey: randomUUID(),
        createdAt: now,
      });
      if (publicId) {
        jobs.push(jobToSend(DELIVER_JOB, { messageId: publicId }));
        events.push(created(message.organizationId, message.issueId, publicId, job.data.publicReply, now));
      }
    }
    await deps.jobs.sendManyInTransaction(tx, jobs);
    if (replyId) events.push(created(message.organizationId, chat.id, replyId, job.data.text, now));
    if (row) events.push(messageUpdated(row));
    await publishEvents(tx, events);
  });
}

const messageUpdated = (row: { id: number; issueId: number; organizationId: string }): DomainEvent => ({
  name: 'message.updated',
  organizationId: row.organizationId,
  data: { issueId: row.issueId, messageId: row.id },
});

const created = (
  organizationId: string,
  issueId: number,
  messageId: number,
  text: string,
  at: Date,
): DomainEvent => ({
  name: 'message.created',
  organizationId,
  data: {
    issueId,
    messageId,
    direction: 'outbound',
    card: messagePreview(at, { text, kind: 'text', senderType: 'agent' }),
  },
});
