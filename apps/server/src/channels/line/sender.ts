// The agent as a LINE message's `sender`, in a form LINE accepts: a name of 1–20 UTF-16 units that does not
// say "LINE" (LINE refuses the whole message otherwise), and an icon only over https.
import type { messagingApi } from '@line/bot-sdk';
import type { OutboundSender } from '../types';

/** LINE's limit on a sender's name (UTF-16 units, like its text limit). */
export const SENDER_NAME_MAX = 20;
const LINE_WORD = /\bline\b/gi;
const SAYS_LINE = /line/i;

/**
 * The name LINE will show: the word "LINE" dropped ("LINE Support Nok" → "Support Nok"), cut to 20 units.
 * Empty when nothing is left or "line" sits inside a word ("Caroline"): the message then goes without a
 * name and LINE shows the account's own, rather than a name cut in the middle.
 */
export function lineSenderName(name: string): string {
  const words = name.replace(LINE_WORD, ' ').replace(/\s+/g, ' ').trim();
  if (SAYS_LINE.test(words)) return '';
  let cut = '';
  for (const char of words) {
    if (cut.length + char.length > SENDER_NAME_MAX) break;
    cut += char;
  }
  return cut.trim();
}

/** The message with the agent as its sender; unchanged when LINE could show no name of theirs. */
export function withSender(
  message: messagingApi.Message,
  sender: OutboundSender | undefined,
): messagingApi.Message {
  const name = lineSenderName(sender?.name ?? '');
  if (!name) return message;
  const iconUrl = sender?.iconUrl?.startsWith('https://') ? sender.iconUrl : undefined;
  return { ...message, sender: { name, ...(iconUrl ? { iconUrl } : {}) } };
}
