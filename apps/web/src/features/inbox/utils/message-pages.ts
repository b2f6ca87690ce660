// A reply as the chat shows it while it is sent ("sending", under its client id), and the cached pages
// (newest first) once the server has it.
import type { InfiniteData } from '@tanstack/react-query';
import type { Message } from '@sabai/contracts';

export type MessagePages = InfiniteData<{ items: Message[]; nextCursor: number | null }, number | null>;

const isSame = (a: Message, b: Message) =>
  a.id === b.id || (a.clientId !== null && a.clientId === b.clientId);

/** The pages with `message` as the newest, replacing the one with its id or client id. */
export function withMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data?.pages.length) return data;
  const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((m) => !isSame(m, message)) }));
  pages[0] = { ...pages[0]!, items: [message, ...pages[0]!.items] };
  return { ...data, pages };
}

/**
 * A reply as it shows before the server has it: no id yet (a negative stand-in), "sending". Should the request
 * fail, it leaves the chat and its text goes back to the reply box. A public reply to a comment carries the
 * comment it answers in its payload, so the thread shows it under that comment meanwhile.
 */
export function pendingMessage(
  issueId: number,
  reply: {
    text?: string;
    isPrivateNote: boolean;
    clientId: string;
    attachments: Message['attachments'];
    shownSticker?: Message['sticker'];
    quickReplies?: Message['quickReplies'];
    /** A public reply in a comment thread: the comment (message id) it answers. */
    replyToMessageId?: number;
  },
  senderName: string,
  now: Date,
): Message {
  return {
    id: -now.getTime(),
    issueId,
    direction: 'outbound',
    senderType: 'agent',
    senderName,
    kind: reply.shownSticker ? 'sticker' : 'text',
    text: reply.text ?? null,
    payload: reply.replyToMessageId ? { replyToMessageId: reply.replyToMessageId } : null,
    isPrivateNote: reply.isPrivateNote,
    deliveryStatus: 'pending',
    providerError: null,
    clientId: reply.clientId,
    attachments: reply.attachments,
    createdAt: now.toISOString(),
    ...(reply.shownSticker ? { sticker: reply.shownSticker } : {}),
    ...(reply.quickReplies?.length ? { quickReplies: reply.quickReplies } : {}),
  };
}

/** The pages with `message` replacing the one of its id where it stands (a change, not a new message). */
export function withChangedMessage(
  data: MessagePages | undefined,
  message: Message,
): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) => (m.id === message.id ? message : m)),
    })),
  };
}
