// Outgoing messages: recorded as pending with the issue's facts in one transaction,
// then delivered by a job with retries. Private notes never leave the product.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isFinalStatus, LINE_MESSAGES_PER_REQUEST, type ChannelType, type Scope } from '@sabai/domain';
import { messagePreview, type Message, type SendMessageRequest } from '@sabai/contracts';
import { ChannelSendError } from '../../channels';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import { publishEvent } from '../../platform/events';
import type { Executor } from '../../platform/db';
import { defineJob, type JobOf } from '../../platform/jobs';
import { addToLogContext } from '../../platform/log-context';
import { providerOf } from '../../platform/metrics';
import type { FileLinks } from '../../platform/file-links';
import type { AuthContext } from '../../ports';
import { credentialsOf } from '../channels';
import { requestMarkRead } from '../chat-signals';
import { clearUnread, findIssueInScope, findIssueToRead } from '../issues';
import { checkLineQuotaSoon } from '../line-quota';
import { fileLinkExpiryDays } from '../organizations';
import { refreshSla } from '../sla';
import { messageExtras, type OutgoingPayload } from './message-view';
import * as repo from './messages.repo';
import {
  agentSender,
  chunk,
  derivedRetryKey,
  outboundMessages,
  type CustomerFileUrl,
} from './outbound-parts';
import { assertChannelTakes, assertCustomerReachable, outgoingPayload } from './send-rules';
import { recordSentParts, sentPartMetadata } from './sent-parts';

const deliverySchema = z.object({ messageId: z.number().int().positive() });
const deliveryRetries = { retryLimit: 5, retryDelay: 2, retryBackoff: true };

/** The delivery of an automatic message: greetings, out-of-hours and AI answers, surveys, rules' messages. */
export const DELIVER_JOB = defineJob('message.deliver', deliverySchema, deliveryRetries);

/**
 * The delivery of a message a person sent (an agent's reply, or one they chose to send again): a person is
 * waiting on it, so it has its own queue and workers, never behind the automatic ones, which a burst of new
 * customers piles up by the thousand.
 */
export const DELIVER_AGENT_MESSAGE_JOB = defineJob('message.deliver_agent', deliverySchema, deliveryRetries);

/** An agent's reply or private note on an issue the caller may update. */
export async function sendAgentMessage(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  input: SendMessageRequest,
): Promise<Message> {
  const issue = await findIssueInScope(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!issue) throw notFound();
  // A re-send with the same client id (a retried request, a double click) returns the first message.
  const clientId = input.clientId ?? null;
  const sentBefore = clientId && (await repo.findByClientId(deps.db.orm, issueId, auth.userId, clientId));
  if (sentBefore) return presentMessage(deps, sentBefore);
  if (isFinalStatus(issue.status)) throw conflict('issue.closed');
  const now = deps.clock.now();
  const files = await repo.findFiles(deps.db.orm, auth.organizationId, input.fileIds ?? []);
  if (files.length !== (input.fileIds?.length ?? 0)) throw badRequest('file.not_found');
  const channel = await repo.findChannelWindow(deps.db.orm, issue.channelId, issue.contactIdentityId);
  if (!channel) throw notFound();
  assertChannelTakes(channel.type, input);
  // In a comment thread a reply is public, under a comment: no messaging window applies.
  const commentReply =
    issue.kind === 'comment' && !input.isPrivateNote ? await commentReplyTarget(deps, issueId, input) : null;
  if (!input.isPrivateNote && !commentReply) assertCustomerReachable(channel, now);

  const messageId = await deps.db.orm.transaction(async (tx) => {
    if (clientId) {
      // Under the issue's lock, a concurrent send with the same client id has committed or not started.
      await repo.lockIssue(tx, issueId);
      const raced = await repo.findByClientId(tx, issueId, auth.userId, clientId);
      if (raced) return raced;
    }
    const row = await repo.insertMessage(tx, {
      organizationId: auth.organizationId,
      issueId,
      channelId: issue.channelId,
      direction: 'outbound',
      senderType: 'agent',
      senderUserId: auth.userId,
      kind: commentReply
        ? 'comment'
        : input.sticker
          ? 'sticker'
          : input.fileIds?.length && !input.text
            ? 'file'
            : 'text',
      text: input.text?.trim() || null,
      payload: commentReply ? { commentReply } : outgoingPayload(input),
      isPrivateNote: input.isPrivateNote,
      deliveryStatus: input.isPrivateNote ? 'sent' : 'pending',
      clientId,
      retryKey: randomUUID(),
      createdAt: now,
    });
    await repo.attachFiles(
      tx,
      row.id,
      files.map((f) => f.id),
    );
    if (!input.isPrivateNote) {
      await repo.touchIssueForReply(tx, issueId, now, auth.userId);
      await refreshSla(tx, now, [{ issueId, organizationId: auth.organizationId }]);
      await deps.jobs.sendInTransaction(tx, DELIVER_AGENT_MESSAGE_JOB, { messageId: row.id });
    }
    await publishEvent(tx, {
      name: 'message.created',
      organizationId: auth.organizationId,
      data: {
        issueId,
        messageId: row.id,
        direction: 'outbound',
        // A private note is not the card's last message (the customer never sees it).
        card: input.isPrivateNote
          ? null
          : messagePreview(now, { text: row.text, kind: row.kind, senderType: 'agent' }),
      },
    });
    return row.id;
  });
  return presentMessage(deps, messageId);
}

/** The comment a public reply answers: the one chosen, else the thread's latest customer comment. */
async function commentReplyTarget(deps: Deps, issueId: number, input: SendMessageRequest) {
  if (input.fileIds?.length || input.sticker || input.quickReplies?.length)
    throw badRequest('message.comment_text_only');
  const target = await repo.findReplyTarget(deps.db.orm, issueId, input.replyToMessageId ?? null);
  if (!target) throw badRequest('comment.not_a_comment');
  return { commentId: target.commentId };
}

/**
 * Queues an automatic message (off-service, holiday, team auto-reply, satisfaction survey) inside the
 * caller's transaction; resolves to its id. `payload`: quick replies and what the message is for.
 */
export async function queueSystemMessage(
  deps: Deps,
  tx: Executor,
  v: {
    organizationId: string;
    issueId: number;
    channelId: string;
    text: string;
    at: Date;
    payload?: SystemPayload;
  },
): Promise<number> {
  const row = await repo.insertMessage(tx, {
    organizationId: v.organizationId,
    issueId: v.issueId,
    channelId: v.channelId,
    direction: 'outbound',
    senderType: 'system',
    kind: 'text',
    text: v.text,
    payload: v.payload ?? null,
    deliveryStatus: 'pending',
    retryKey: randomUUID(),
    createdAt: v.at,
  });
  await repo.touchIssueForReply(tx, v.issueId, v.at, null);
  await deps.jobs.sendInTransaction(tx, DELIVER_JOB, { messageId: row.id });
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: v.organizationId,
    data: {
      issueId: v.issueId,
      messageId: row.id,
      direction: 'outbound',
      card: messagePreview(v.at, { text: v.text, kind: 'text', senderType: 'system' }),
    },
  });
  return row.id;
}

/**
 * What an automatic message may carry: buttons, and `standardWindowOnly` for a message Meta's rules let
 * go out only inside the standard 24-hour window, never with a message tag (a survey is no human answer).
 */
export type SystemPayload = OutgoingPayload & { standardWindowOnly?: true; csat?: 'question' | 'thanks' };

/** Puts a failed message back in the delivery queue, with the same retry key (no double send on LINE). */
export async function retryMessage(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  messageId: number,
): Promise<Message> {
  const found = await repo.findForDelivery(deps.db.orm, messageId);
  if (!found || found.message.organizationId !== auth.organizationId) throw notFound();
  const issue = await findIssueInScope(
    deps.db.orm,
    auth.organizationId,
    auth.userId,
    scope,
    found.message.issueId,
  );
  if (!issue) throw notFound();
  const channel = await repo.findChannelWindow(deps.db.orm, issue.channelId, issue.contactIdentityId);
  if (channel) assertCustomerReachable(channel, deps.clock.now());
  const updated = await deps.db.orm.transaction(async (tx) => {
    const row = await repo.markPendingAgain(tx, auth.organizationId, messageId);
    if (!row) return null;
    await deps.jobs.sendInTransaction(tx, DELIVER_AGENT_MESSAGE_JOB, { messageId });
    await publishEvent(tx, {
      name: 'message.updated',
      organizationId: auth.organizationId,
      data: { issueId: row.issueId, messageId },
    });
    return row;
  });
  if (!updated) throw conflict('message.not_failed');
  return presentMessage(deps, messageId);
}

/** The delivery job (both queues): sends one pending message through its channel's adapter. */
export async function deliverMessage(deps: Deps, job: JobOf<typeof DELIVER_JOB>) {
  const now = deps.clock.now();
  const found = await repo.findForDelivery(deps.db.orm, job.data.messageId, now);
  if (!found || found.message.deliveryStatus !== 'pending') return;
  const { message, channel } = found;
  addToLogContext({ organizationId: message.organizationId, issueId: message.issueId });
  const attempts = job.retryCount + 1;
  const commentReply = (message.payload as { commentReply?: { commentId: string } } | null)?.commentReply;
  if (commentReply && channel.type !== 'line')
    return deliverCommentReply(deps, { found, commentId: commentReply.commentId, job, attempts });
  const adapter = deps.channels.get(channel.type);
  // Files reach the customer (and LINE and Meta, which fetch media) by links that expire (docs/decisions/files.md "Files").
  const linkDays = await fileLinkExpiryDays(deps.db.orm, message.organizationId);
  const fileUrl: CustomerFileUrl = (fileId, rendition) =>
    deps.fileLinks.customerUrl(fileId, linkDays, rendition);
  const outbound = outboundMessages(message, found.attachments, fileUrl, adapter.splitText);
  const sender = channel.sendAgentIdentity ? agentSender(fileUrl, found.sender) : undefined;
  // Parts accepted by an earlier attempt (or recognised from their echoes) are not sent again.
  const accepted = new Map(found.acceptedParts.map((p) => [p.part, p.providerMessageId]));
  try {
    // Another module controls the LINE chat: whatever queued the message (a rule, a survey), it is not sent.
    if (channel.type === 'line' && found.inStandby)
      throw new ChannelSendError('channel.line_standby', 'another module controls this LINE chat', false);
    // LINE takes up to 5 messages per request (its retry key makes a repeated request safe); Meta one per
    // request, each sent after the previous was accepted, so the parts arrive in order and each is
    // recorded as soon as the provider has it (the last ones with the message's own update).
    const perRequest = channel.type === 'line' ? LINE_MESSAGES_PER_REQUEST : 1;
    const groups = chunk(
      outbound.map((content, part) => ({ content, part })),
      perRequest,
    );
    let via = message.deliveredVia ?? '';
    let pushed = false;
    let unrecorded: Array<{ part: number; providerMessageId: string }> = [];
    for (const [i, group] of groups.entries()) {
      if (group.every(({ part }) => accepted.has(part))) continue;
      await recordSentParts(deps.db.orm, channel.id, message.id, unrecorded);
      // Claimed with the read, for the first request only.
      const replyToken = i === 0 ? found.replyToken : null;
      const result = await adapter.send({
        credentials: credentialsOf(deps, channel),
        recipient: found.externalUserId,
        messages: group.map(({ content }) => content),
        replyToken,
        retryKey: derivedRetryKey(message.retryKey ?? String(message.id), i),
        metadata: sentPartMetadata(message.id, group[0]!.part),
        lastInboundAt: found.lastInboundAt,
        now,
        ...(sender ? { sender } : {}),
        ...((message.payload as SystemPayload | null)?.standardWindowOnly
          ? { standardWindowOnly: true }
          : {}),
      });
      unrecorded = group.flatMap(({ part }, j) => {
        const providerMessageId = result.providerMessageIds[j];
        return providerMessageId ? [{ part, providerMessageId }] : [];
      });
      for (const { part, providerMessageId } of unrecorded) accepted.set(part, providerMessageId);
      // How the first request went names the message's way (a long message's later requests push).
      if (!via) via = result.via;
      if (result.via === 'push') pushed = true;
    }
    const sent = await repo.markSent(
      deps.db.orm,
      {
        messageId: message.id,
        channelId: channel.id,
        lastParts: unrecorded,
        providerMessageId: accepted.get(0) ?? null,
        via,
        attempts,
        isAgentReply: message.senderType === 'agent',
      },
      deliveryUpdated(found),
    );
    // Waiting for the customer now: the resolution clock pauses.
    if (sent?.handedOver)
      await refreshSla(deps.db.orm, now, [
        { issueId: message.issueId, organizationId: message.organizationId },
      ]);
    if (sent?.handedOver)
      await publishEvent(deps.db.orm, {
        name: 'issue.status_changed',
        organizationId: message.organizationId,
        data: { issueId: message.issueId, status: 'waiting', ...sent.handedOver },
      });
    deps.metrics.outboundSent(providerOf(channel.type));
    // A push uses the channel's monthly LINE quota: admins hear when it runs low (never fails the send).
    if (pushed && channel.type === 'line') checkLineQuotaSoon(deps, channel);
  } catch (err) {
    const retryable = !(err instanceof ChannelSendError) || err.retryable;
    const final = !(retryable && job.retryCount < job.retryLimit);
    countFailure(deps, channel.type, err, final);
    if (!final) throw err;
    const text = err instanceof ChannelSendError ? `${err.code}: ${err.message}` : String(err);
    if (await repo.markFailed(deps.db.orm, message.id, text, attempts))
      await publishEvent(deps.db.orm, deliveryUpdated(found));
  }
}

/** The event of a delivery's outcome, with its audience: the gateway then reads no issue for it. */
const deliveryUpdated = ({ message, audience }: repo.DeliveryRow) => ({
  name: 'message.updated' as const,
  organizationId: message.organizationId,
  data: { issueId: message.issueId, messageId: message.id, ...audience },
});

/** A failed delivery attempt in the metrics, by the provider's error code. */
function countFailure(deps: Deps, type: ChannelType, err: unknown, final: boolean) {
  const reason = err instanceof ChannelSendError ? err.code : 'internal';
  deps.metrics.outboundFailed(providerOf(type), reason, final);
}

/** A public reply under a comment (Graph API), recorded like any delivery. */
async function deliverCommentReply(
  deps: Deps,
  v: {
    found: repo.DeliveryRow;
    commentId: string;
    job: JobOf<typeof DELIVER_JOB>;
    attempts: number;
  },
) {
  const { message, channel } = v.found;
  const updated = deliveryUpdated(v.found);
  try {
    const id = await deps.channels
      .comments(channel.type as 'facebook' | 'instagram')
      .reply(credentialsOf(deps, channel), v.commentId, message.text ?? '');
    await repo.markSent(
      deps.db.orm,
      {
        messageId: message.id,
        channelId: channel.id,
        lastParts: [{ part: 0, providerMessageId: id }],
        providerMessageId: id,
        via: 'comment',
        attempts: v.attempts,
        isAgentReply: message.senderType === 'agent',
      },
      updated,
    );
    deps.metrics.outboundSent(providerOf(channel.type));
  } catch (err) {
    const retryable = !(err instanceof ChannelSendError) || err.retryable;
    const final = !(retryable && v.job.retryCount < v.job.retryLimit);
    countFailure(deps, channel.type, err, final);
    if (!final) throw err;
    const text = err instanceof ChannelSendError ? `${err.code}: ${err.message}` : String(err);
    if (await repo.markFailed(deps.db.orm, message.id, text, v.attempts))
      await publishEvent(deps.db.orm, updated);
  }
}

/** Messages of an issue the caller may read (in scope or handed over to them), newest first. */
export async function listIssueMessages(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  issueId: number,
  { before, limit, read }: { before: number | null; limit: number; read: boolean },
) {
  const found = await findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!found) throw notFound();
  // The reader sees the newest messages: one request both shows and reads them. A handed-over issue is
  // only looked at: its unread marker stays.
  if (read && !found.handedOver) await clearUnread(deps, auth, found.issue);
  const rows = await repo.listMessages(deps.db.orm, issueId, before, limit + 1);
  const page = rows.slice(0, limit);
  // The customer sees their messages read once an agent has them on screen.
  const unmarked = page.some(
    (r) => r.message.direction === 'inbound' && r.message.deliveryStatus === 'received',
  );
  if (read && !found.handedOver && unmarked) await requestMarkRead(deps, issueId);
  const attachments = await repo.attachmentsOfMany(
    deps.db.orm,
    page.map((r) => r.message.id),
  );
  return {
    items: page.map((r) =>
      present(
        deps.fileLinks,
        deps.config.STICKER_IMAGE_BASE_URL,
        r,
        attachments.filter((a) => a.messageId === r.message.id),
      ),
    ),
    nextCursor: rows.length > limit ? (page.at(-1)?.message.id ?? null) : null,
  };
}

/** One message as the API shows it. */
export async function presentMessage(deps: Deps, messageId: number): Promise<Message> {
  const [row] = await repo.listMessageById(deps.db.orm, messageId);
  if (!row) throw notFound();
  return present(
    deps.fileLinks,
    deps.config.STICKER_IMAGE_BASE_URL,
    row,
    await repo.attachmentsOfMany(deps.db.orm, [messageId]),
  );
}

function present(
  links: FileLinks,
  stickerBase: string,
  row: repo.MessageListRow,
  attachments: Array<{ id: string; filename: string; mimeType: string; size: number }>,
): Message {
  const m = row.message;
  const senderName = [row.senderFirstName, row.senderLastName].filter(Boolean).join(' ') || null;
  return {
    id: m.id,
    issueId: m.issueId,
    direction: m.direction,
    senderType: m.senderType,
    senderName,
    ...(row.senderDeleted ? { senderDeleted: true } : {}),
    kind: m.kind,
    text: m.text,
    payload: m.payload ?? null,
    isPrivateNote: m.isPrivateNote,
    deliveryStatus: m.deliveryStatus,
    providerError: m.providerError,
    clientId: m.clientId,
    attachments: attachments.map((a) => ({
      id: a.id,
      url: links.appPath(a.id),
      filename: a.filename,
      mimeType: a.mimeType,
      size: a.size,
    })),
    createdAt: m.createdAt.toISOString(),
    ...messageExtras(m, stickerBase),
  };
}
