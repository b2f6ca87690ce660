import { describe, expect, it } from 'vitest';
import { pendingMessage, withChangedMessage, withMessage, type MessagePages } from './message-pages';

const at = new Date('2026-11-24T10:00:00Z');
const reply = (clientId: string) =>
  pendingMessage(7, { text: 'สวัสดีค่ะ', isPrivateNote: false, clientId, attachments: [] }, 'Somsak', at);
const pages = (...lists: ReturnType<typeof reply>[][]): MessagePages => ({
  pages: lists.map((items) => ({ items, nextCursor: null })),
  pageParams: lists.map(() => null),
});

describe('a reply in the cached chat', () => {
  it('shows as sending, newest first, then becomes the server message without a double', () => {
    const older = { ...reply('old'), id: 3 };
    const sending = reply('c1');
    expect(sending).toMatchObject({ deliveryStatus: 'pending', text: 'สวัสดีค่ะ', senderName: 'Somsak' });
    expect(sending.id).toBeLessThan(0);
    const shown = withMessage(pages([older]), sending)!;
    expect(shown.pages[0]!.items.map((m) => m.clientId)).toEqual(['c1', 'old']);
    const stored = { ...sending, id: 9, deliveryStatus: 'sent' as const };
    const after = withMessage(shown, stored)!;
    expect(after.pages[0]!.items.map((m) => m.id)).toEqual([9, 3]);
  });

  it('finds the server message on any page (a live refetch came first) and keeps one copy', () => {
    const stored = { ...reply('c1'), id: 9 };
    const after = withMessage(pages([reply('c2')], [stored]), { ...stored, deliveryStatus: 'delivered' })!;
    expect(after.pages.flatMap((p) => p.items.map((m) => m.id)).filter((id) => id === 9)).toHaveLength(1);
  });

  it('leaves a chat that is not cached alone', () => {
    expect(withMessage(undefined, reply('c1'))).toBeUndefined();
  });

  it('changes a message where it stands (a comment liked), not as the newest', () => {
    const first = { ...reply('a'), id: 1 };
    const second = { ...reply('b'), id: 2 };
    const after = withChangedMessage(pages([second], [first]), { ...first, text: 'changed' })!;
    expect(after.pages.map((p) => p.items.map((m) => `${m.id}:${m.text}`))).toEqual([
      ['2:สวัสดีค่ะ'],
      ['1:changed'],
    ]);
  });

  it('keeps the comment a public reply answers while it is sent', () => {
    const sending = pendingMessage(
      7,
      { text: 'ok', isPrivateNote: false, clientId: 'c', attachments: [], replyToMessageId: 4 },
      'Somsak',
      at,
    );
    expect(sending.payload).toEqual({ replyToMessageId: 4 });
    expect(reply('d').payload).toBeNull();
  });
});
