// The data a quick-reply button carries (LINE postback `data`, Messenger `payload`), so that the customer's
// tap comes back linked to the message that offered it and to the button's label. LINE postback data is at
// most 300 characters: the prefix, a message id and a label of at most 20 characters fit.

const PREFIX = 'sabai-qr:';
const PATTERN = /^sabai-qr:(\d{1,15}):([\s\S]{1,20})$/;

export function quickReplyData(messageId: number, label: string): string {
  return `${PREFIX}${messageId}:${label}`;
}

/** The message and label a tap answers, or null for data that is not ours. */
export function readQuickReplyData(data: unknown): { messageId: number; label: string } | null {
  if (typeof data !== 'string') return null;
  const match = PATTERN.exec(data);
  return match ? { messageId: Number(match[1]), label: match[2]! } : null;
}
