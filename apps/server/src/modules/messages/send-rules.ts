// What an agent may send where: the customer must be reachable (not blocking the LINE account, the LINE chat
// not in another module's control, inside Meta's 7 days), and the channel must carry what is sent (stickers and location/camera/date buttons on LINE
// only, nothing but text and files in a private note).
import { metaInboxLink, isSendableSticker, type ChannelType } from '@sabai/domain';
import { QUICK_REPLY_TYPES_OF, type SendMessageRequest } from '@sabai/contracts';
import { metaMessagingType } from '../../channels';
import { badRequest, conflict } from '../../http/errors';
import type * as repo from './messages.repo';
import type { OutgoingPayload } from './message-view';

type ChannelWindow = NonNullable<Awaited<ReturnType<typeof repo.findChannelWindow>>>;

/**
 * Refuses a reply the customer cannot get: a LINE customer who blocked the account, a LINE chat in standby
 * (another module answers it; sending would talk over it), or a Messenger or Instagram reply past the 7-day
 * window (with the Business Suite link).
 */
export function assertCustomerReachable(found: ChannelWindow, now: Date) {
  if (found.type === 'line') {
    if (found.isFollowing === false) throw conflict('message.customer_blocked');
    if (found.inStandby === true) throw conflict('message.chat_in_standby');
    return;
  }
  if (!metaMessagingType(found.lastInboundAt, now)) {
    throw conflict('message.reply_window_closed', 'Replies are allowed only within 7 days', {
      inboxUrl: metaInboxLink(found.type, found.pageId ?? found.externalId),
    });
  }
}

/** What a channel can carry: stickers on LINE only, location/camera/date buttons on LINE only. */
export function assertChannelTakes(type: ChannelType, input: SendMessageRequest) {
  if (input.isPrivateNote && (input.sticker || input.quickReplies?.length))
    throw badRequest('message.note_text_only');
  if (type === 'line') {
    if (input.sticker && !isSendableSticker(input.sticker.packageId, input.sticker.stickerId))
      throw badRequest('message.sticker_not_available');
    return;
  }
  if (input.sticker) throw badRequest('message.sticker_line_only');
  if (input.quickReplies?.some((q) => !QUICK_REPLY_TYPES_OF[type].includes(q.type)))
    throw badRequest('message.quick_reply_line_only');
}

/** The parts of an agent's message beyond text and files, kept for delivery and display. */
export function outgoingPayload(input: SendMessageRequest): OutgoingPayload | null {
  if (!input.sticker && !input.quickReplies?.length) return null;
  return {
    ...(input.sticker ? { sticker: input.sticker } : {}),
    ...(input.quickReplies?.length ? { quickReplies: input.quickReplies } : {}),
  };
}
