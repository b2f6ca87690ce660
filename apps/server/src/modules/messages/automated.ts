// Messages that automation writes into a chat: a canned response a rule or a macro sends, and a rule's or
// macro's private note. Written in the caller's transaction (the rule's event, the macro's run), under the
// rules an agent's message follows: the customer must be reachable, and a channel gets only the buttons it
// can carry.
import {
  messagePreview,
  QUICK_REPLY_TYPES_OF,
  type AutomationTrace,
  type Message,
  type QuickReply,
} from '@sabai/contracts';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../../platform/events';
import { refreshSla } from '../sla';
import * as repo from './messages.repo';
import { DELIVER_JOB } from './messages.service';
import { assertCustomerReachable } from './send-rules';

export type AutomatedMessage = {
  organizationId: string;
  issue: { id: number; channelId: string; contactIdentityId: string | null };
  text: string;
  quickReplies?: QuickReply[];
  /** A note only agents see; otherwise sent to the customer. */
  isPrivateNote: boolean;
  /** The agent running a macro; null for a rule (the chat shows it as automatic). */
  senderUserId: string | null;
  /** The rule or macro that wrote it; absent for the AI first responder's messages. */
  automation?: Omit<AutomationTrace, 'steps'>;
  /** Written by the AI first responder (the chat labels it "AI" for agents). */
  ai?: NonNullable<Message['ai']>;
  at: Date;
};

/** Writes the message (and queues its delivery); 409 when the customer cannot get it. */
export async function writeAutomatedMessage(deps: Deps, tx: Executor, m: AutomatedMessage) {
  const channel = await repo.findChannelWindow(tx, m.issue.channelId, m.issue.contactIdentityId);
  if (!channel) throw notFound('channel.not_found');
  if (!m.isPrivateNote) assertCustomerReachable(channel, m.at);
  const quickReplies = (m.quickReplies ?? []).filter((q) =>
    QUICK_REPLY_TYPES_OF[channel.type].includes(q.type),
  );
  const senderType = m.senderUserId ? 'agent' : 'system';
  const row = await repo.insertMessage(tx, {
    organizationId: m.organizationId,
    issueId: m.issue.id,
    channelId: m.issue.channelId,
    direction: 'outbound',
    senderType,
    senderUserId: m.senderUserId,
    kind: 'text',
    text: m.text,
    payload: {
      ...(m.automation ? { automation: m.automation } : {}),
      ...(m.ai ? { ai: m.ai } : {}),
      ...(quickReplies.length > 0 ? { quickReplies } : {}),
    },
    isPrivateNote: m.isPrivateNote,
    deliveryStatus: m.isPrivateNote ? 'sent' : 'pending',
    retryKey: randomUUID(),
    createdAt: m.at,
  });
  if (!m.isPrivateNote) {
    await repo.touchIssueForReply(tx, m.issue.id, m.at, m.senderUserId);
    await refreshSla(tx, m.at, [{ issueId: m.issue.id, organizationId: m.organizationId }]);
    await deps.jobs.sendInTransaction(tx, DELIVER_JOB, { messageId: row.id });
  }
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: m.organizationId,
    data: {
      issueId: m.issue.id,
      messageId: row.id,
      direction: 'outbound',
      card: m.isPrivateNote ? null : messagePreview(m.at, { text: m.text, kind: 'text', senderType }),
    },
  });
  return row.id;
}
