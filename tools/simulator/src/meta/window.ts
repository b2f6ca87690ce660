// The messaging-window engine of F.Meta 5 / C.8: a pure decision on one send, given when the person was last
// active (or, for a private reply, when they commented). Kept free of I/O so the rules read in one place.
import { GraphErrors } from './graph-errors';
import type { GraphErrorSpec } from './graph-errors';

const HOUR = 60 * 60 * 1000;
export const STANDARD_WINDOW_MS = 24 * HOUR;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR;
/** A private reply may be sent up to 7 days after the comment (Messenger and Instagram Private Replies). */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 24 * HOUR;

export interface WindowInput {
  /** RESPONSE, UPDATE or MESSAGE_TAG; sender actions count as RESPONSE. */
  messagingType: string;
  tag: string | null;
  /** Last message, postback, quick reply or referral of the person; null if they never wrote. */
  lastActivityAt: number | null;
  now: number;
  isHumanAgentApproved: boolean;
}

/** null when the send is allowed, else the Graph error Meta returns. */
export function checkMessagingWindow(input: WindowInput): GraphErrorSpec | null {
  const age = input.lastActivityAt === null ? Number.POSITIVE_INFINITY : input.now - input.lastActivityAt;
  if (input.messagingType === 'MESSAGE_TAG') {
    // Approval is checked before the window: an unapproved app is refused even inside 24 h.
    if (input.tag === 'HUMAN_AGENT' && !input.isHumanAgentApproved)
      return GraphErrors.humanAgentNotApproved();
    return age <= HUMAN_AGENT_WINDOW_MS ? null : GraphErrors.outsideWindow();
  }
  return age <= STANDARD_WINDOW_MS ? null : GraphErrors.outsideWindow();
}

/**
 * null when a private reply to this comment is allowed: one per comment (10900), within 7 days of the
 * comment (10 / 2018278). It needs no open 24 h window and opens none: only the person's next message does.
 */
export function checkPrivateReply(input: {
  commentedAt: number;
  privateReplies: number;
  now: number;
}): GraphErrorSpec | null {
  if (input.privateReplies > 0) return GraphErrors.alreadyRepliedPrivately();
  return input.now - input.commentedAt <= PRIVATE_REPLY_WINDOW_MS ? null : GraphErrors.outsideWindow();
}
