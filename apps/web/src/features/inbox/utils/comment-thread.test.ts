import { describe, expect, it } from 'vitest';
import type { Message } from '@sabai/contracts';
import { commentThread, latestCustomerComment, privateReplyState, type ThreadItem } from './comment-thread';
import { pendingMessage } from './message-pages';

const base = (id: number, minute: number): Message => ({
  id,
  issueId: 5,
  direction: 'inbound',
  senderType: 'customer',
  senderName: 'Ploy',
  kind: 'comment',
  text: `m${id}`,
  payload: null,
  isPrivateNote: false,
  deliveryStatus: 'received',
  providerError: null,
  clientId: null,
  attachments: [],
  createdAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const comment = (
  id: number,
  minute: number,
  parentId: string | null,
  extra: Partial<NonNullable<Message['comment']>> = {},
): Message => ({
  ...base(id, minute),
  comment: {
    commentId: `c${id}`,
    parentId,
    authorName: 'Ploy',
    liked: false,
    hidden: false,
    deleted: false,
    privateReply: null,
    privateReplyUntil: '2026-12-01T10:00:00.000Z',
    ...extra,
  },
});
const ours = (id: number, minute: number, parentId: string): Message => ({
  ...comment(id, minute, parentId, { authorName: '' }),
  direction: 'outbound',
  senderType: 'agent',
  senderName: 'Somsak',
  deliveryStatus: 'sent',
});

/** The thread as text: each comment's id, its replies in brackets. */
const shape = (items: ThreadItem[]): string[] => {
  const of = (node: { message: Message; replies: { message: Message; replies: unknown[] }[] }): string =>
    node.replies.length
      ? `${node.message.id}[${node.replies.map((r) => of(r as typeof node)).join(',')}]`
      : String(node.message.id);
  return items.map((item) =>
    'node' in item ? of(item.node) : 'message' in item ? `note${item.message.id}` : 'activity',
  );
};

describe('a comment thread', () => {
  it('puts replies under the comment they answer, oldest first, notes between by time', () => {
    const note = { ...base(4, 3), kind: 'text', isPrivateNote: true, direction: 'outbound' as const };
    const items = commentThread([
      ours(5, 4, 'c1'),
      comment(2, 2, null),
      note,
      comment(3, 2, 'c1'),
      comment(1, 1, null),
      comment(6, 5, 'c3'),
    ]);
    expect(shape(items)).toEqual(['1[3[6],5]', '2', 'note4']);
  });

  it('shows a reply still being sent under its comment, and a reply to a comment elsewhere on its own', () => {
    const sending = pendingMessage(
      5,
      { text: 'ok', isPrivateNote: false, clientId: 'x', attachments: [], replyToMessageId: 2 },
      'Somsak',
      new Date('2026-11-24T10:09:00.000Z'),
    );
    const items = commentThread([comment(1, 1, 'someone-else'), comment(2, 2, null), sending]);
    expect(shape(items)).toEqual(['1', `2[${sending.id}]`]);
  });

  it('answers the latest customer comment not deleted by default', () => {
    const messages = [comment(1, 1, null), comment(2, 2, null, { deleted: true }), ours(3, 3, 'c1')];
    expect(latestCustomerComment(messages)?.id).toBe(1);
    expect(latestCustomerComment([ours(3, 3, 'c1')])).toBeNull();
  });

  it('allows one private reply per comment within its window', () => {
    const now = Date.parse('2026-11-25T00:00:00.000Z');
    expect(privateReplyState(comment(1, 1, null), now)).toBe('available');
    expect(privateReplyState(comment(1, 1, null), Date.parse('2026-12-02T00:00:00.000Z'))).toBe('expired');
    const sent = { status: 'sent' as const, issueId: 9, error: null };
    expect(privateReplyState(comment(1, 1, null, { privateReply: sent }), now)).toBe('sent');
    const failed = { status: 'failed' as const, issueId: null, error: 'meta.100: no' };
    expect(privateReplyState(comment(1, 1, null, { privateReply: failed }), now)).toBe('available');
    expect(privateReplyState(comment(1, 1, null, { deleted: true }), now)).toBe('deleted');
  });
});
