// A comment issue as a thread: each comment with the replies to it underneath (by the
// comment they answer), the page's replies among them; private notes and the activity trail between the
// comments by time.
import type { IssueActivity, Message } from '@sabai/contracts';

export type CommentNode = { message: Message; replies: CommentNode[] };

export type ThreadItem =
  | { key: string; at: string; node: CommentNode }
  | { key: string; at: string; message: Message }
  | { key: string; at: string; activity: IssueActivity };

const byTime = (a: { createdAt: string; id: number }, b: { createdAt: string; id: number }) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : Math.abs(a.id) - Math.abs(b.id);

/** A public reply still being sent names the comment it answers by message id (see pendingMessage). */
const pendingTarget = (message: Message): number | null => {
  const target = (message.payload as { replyToMessageId?: unknown } | null)?.replyToMessageId;
  return typeof target === 'number' ? target : null;
};

/** The comment thread of `messages` (any order) with the activity trail, oldest first. */
export function commentThread(messages: Message[], activity: IssueActivity[] = []): ThreadItem[] {
  const sorted = [...messages].sort(byTime);
  const nodes = new Map<Message, CommentNode>();
  const byCommentId = new Map<string, CommentNode>();
  const byMessageId = new Map<number, CommentNode>();
  for (const message of sorted) {
    const node: CommentNode = { message, replies: [] };
    nodes.set(message, node);
    if (message.comment?.commentId) byCommentId.set(message.comment.commentId, node);
    if (message.id > 0) byMessageId.set(message.id, node);
  }
  const items: ThreadItem[] = [];
  for (const message of sorted) {
    const node = nodes.get(message)!;
    const pending = pendingTarget(message);
    const parent =
      pending !== null
        ? byMessageId.get(pending)
        : message.comment?.parentId
          ? byCommentId.get(message.comment.parentId)
          : undefined;
    if (parent && parent !== node) parent.replies.push(node);
    else if (message.comment || pending !== null)
      items.push({ key: `c-${message.clientId ?? message.id}`, at: message.createdAt, node });
    else items.push({ key: `m-${message.clientId ?? message.id}`, at: message.createdAt, message });
  }
  for (const a of activity) items.push({ key: `a-${a.id}`, at: a.at, activity: a });
  // A stable sort: the trail's entry after the comment of the same moment.
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The customer comment a public reply answers unless the agent chose one: the latest not deleted. */
export function latestCustomerComment(messages: Message[]): Message | null {
  return (
    [...messages]
      .sort(byTime)
      .reverse()
      .find((m) => m.direction === 'inbound' && m.comment && !m.comment.deleted) ?? null
  );
}

export type PrivateReplyState = 'available' | 'pending' | 'sent' | 'expired' | 'deleted';

/** Whether a private reply may be sent to this customer comment now (one per comment, within 7 days). */
export function privateReplyState(message: Message, now = Date.now()): PrivateReplyState {
  const comment = message.comment;
  if (!comment || comment.deleted) return 'deleted';
  if (comment.privateReply?.status === 'sent') return 'sent';
  if (comment.privateReply?.status === 'pending') return 'pending';
  return Date.parse(comment.privateReplyUntil) <= now ? 'expired' : 'available';
}
