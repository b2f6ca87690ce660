// "Seen" for the customer: when an agent opens a chat with unread customer messages, they are marked read
// on the platform (LINE markAsRead with the latest message's token, Messenger/Instagram mark_seen), unless
// the channel turns it off. A job, so that opening a chat never waits on LINE or Meta.
import { z } from 'zod';
import { ChannelSendError, metaMessagingType } from '../../channels';
import type { Deps } from '../../deps';
import { defineJob, type JobOf } from '../../platform/jobs';
import { credentialsOf } from '../channels';
import * as repo from './chat-signals.repo';

export const MARK_READ_JOB = defineJob('chat.mark_read', z.object({ issueId: z.number().int().positive() }), {
  retryLimit: 2,
  retryDelay: 5,
});

/** Asks for the issue's customer messages to be marked read (one pending request per issue at a time). */
export async function requestMarkRead(deps: Deps, issueId: number) {
  await deps.jobs.send(MARK_READ_JOB, { issueId }, { singletonKey: `mark-read:${issueId}` });
}

export async function markChatRead(deps: Deps, job: JobOf<typeof MARK_READ_JOB>) {
  const { issueId } = job.data;
  const [target, latest] = await Promise.all([
    repo.findChatTarget(deps.db.orm, issueId),
    repo.latestUnmarkedInbound(deps.db.orm, issueId),
  ]);
  // In standby another module answers the chat: it, not Sabai, says when the customer was read.
  if (!target?.channel.markReadOnOpen || !target.channel.isActive || target.inStandby || !latest) return;
  const { channel } = target;
  // LINE marks read by the token of a message; Meta sender actions are allowed while the customer's
  // standard 24-hour window is open.
  if (channel.type === 'line' && !latest.markAsReadToken) return;
  if (channel.type !== 'line' && metaMessagingType(target.lastInboundAt, deps.clock.now()) !== 'RESPONSE')
    return;
  try {
    await deps.channels
      .get(channel.type)
      .markRead(credentialsOf(deps, channel), target.recipient, latest.markAsReadToken);
  } catch (err) {
    if (err instanceof ChannelSendError && !err.retryable) {
      deps.logger.warn({ issueId, code: err.code }, 'the platform refused to mark the chat read');
      return;
    }
    throw err;
  }
  await repo.markInboundRead(deps.db.orm, issueId, latest.id);
}
