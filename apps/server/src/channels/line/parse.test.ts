import { describe, expect, it } from 'vitest';
import { quickReplyData } from '../quick-reply-data';
import { parseLineWebhook } from './parse';

const USER = `U${'1'.repeat(32)}`;
const GROUP = `C${'2'.repeat(32)}`;
let seq = 0;

/** One webhook event as LINE sends it, from `source`. */
function webhook(
  event: Record<string, unknown>,
  source: Record<string, unknown> = { type: 'user', userId: USER },
) {
  return {
    destination: `U${'0'.repeat(32)}`,
    events: [
      {
        mode: 'active',
        timestamp: 1_767_225_600_000,
        source,
        webhookEventId: `01JGZ8X1Q8N3V4W5X6Y7Z8A9B${++seq}`,
        deliveryContext: { isRedelivery: false },
        replyToken: 'token',
        ...event,
      },
    ],
  };
}

const postback = (data: string, params?: Record<string, string>) =>
  parseLineWebhook(webhook({ type: 'postback', postback: params ? { data, params } : { data } }), '1650')[0];

describe('LINE webhook parsing', () => {
  it.each([
    ['date', { date: '2026-12-24' }, '2026-12-24'],
    ['time', { time: '14:30' }, '14:30'],
    ['date and time', { datetime: '2026-12-24T14:30' }, '2026-12-24T14:30'],
  ])('keeps the %s a picker gave after what was tapped', (_mode, params, value) => {
    expect(postback('action=book', params)).toMatchObject({
      kind: 'postback',
      text: `action=book: ${value}`,
    });
    expect(postback(quickReplyData(7, 'Delivery day'), params)).toMatchObject({
      text: `Delivery day: ${value}`,
      payload: { quickReply: { messageId: 7, label: 'Delivery day' } },
    });
  });

  it('reads a plain tap as its label or data', () => {
    expect(postback(quickReplyData(7, 'Yes'))).toMatchObject({ text: 'Yes' });
    expect(postback('menu=orders')).toMatchObject({ text: 'menu=orders' });
  });

  it('puts a group message in the group’s conversation, with its member or "a member"', () => {
    const text = { type: 'message', message: { id: '1', type: 'text', text: 'hi all' } };
    expect(parseLineWebhook(webhook(text, { type: 'group', groupId: GROUP, userId: USER }), '1650')).toEqual([
      expect.objectContaining({
        externalUserId: GROUP,
        inGroupChat: true,
        payload: expect.objectContaining({ member: { userId: USER } }),
      }),
    ]);
    expect(parseLineWebhook(webhook(text, { type: 'group', groupId: GROUP }), '1650')).toEqual([
      expect.objectContaining({
        externalUserId: GROUP,
        payload: expect.objectContaining({ member: { userId: null } }),
      }),
    ]);
    // A 1:1 message is the user's, with no member.
    const [direct] = parseLineWebhook(webhook(text), '1650');
    expect(direct).toMatchObject({ externalUserId: USER });
    expect(direct).not.toHaveProperty('inGroupChat');
    expect(direct).not.toHaveProperty('payload.member');
  });
});
