// What a delivery sends, part by part: the text split to the provider's size, the files by expiring links,
// a sticker on its own, the quick-reply buttons under the last part; with LINE's `sender` when the channel
// shows agents, and a retry key per request group.
import { createHash } from 'node:crypto';
import type { OutboundMessage, OutboundSender } from '../../channels';
import type { OutgoingPayload } from './message-view';
import type { Rendition } from '../../platform/file-links';

/** The message's parts in the order the customer gets them. */
export function outboundMessages(
  message: { id: number; text: string | null; payload: unknown },
  attachments: Array<{ id: string; filename: string; mimeType: string; size: number }>,
  fileUrl: CustomerFileUrl,
  split: (t: string) => string[],
): OutboundMessage[] {
  return withQuickReplies(
    [...stickerParts(message.payload), ...fileAndTextParts(fileUrl, message.text, attachments, split)],
    message.id,
    message.payload,
  );
}

/** The link a customer gets to one file (or to a rendition of it), expiring after the organisation's days. */
export type CustomerFileUrl = (fileId: string, rendition?: Rendition) => string;

function fileAndTextParts(
  fileUrl: CustomerFileUrl,
  text: string | null,
  attachments: Array<{ id: string; filename: string; mimeType: string; size: number }>,
  split: (t: string) => string[],
): OutboundMessage[] {
  const parts: OutboundMessage[] = text ? split(text).map((t) => ({ kind: 'text' as const, text: t })) : [];
  for (const f of attachments) {
    const kind = f.mimeType.startsWith('image/')
      ? 'image'
      : f.mimeType.startsWith('video/')
        ? 'video'
        : f.mimeType.startsWith('audio/')
          ? 'audio'
          : 'file';
    parts.push({
      kind,
      url: fileUrl(f.id),
      urlAs: (rendition) => fileUrl(f.id, rendition),
      fileName: f.filename,
      mimeType: f.mimeType,
      size: f.size,
    });
  }
  return parts;
}

/** A sticker the agent sent (its own part; the send path allows no text or files with it). */
function stickerParts(payload: unknown): OutboundMessage[] {
  const sticker = (payload as OutgoingPayload | null)?.sticker;
  return sticker ? [{ kind: 'sticker', ...sticker }] : [];
}

/** The reply's quick-reply buttons go under its last part, where the customer's eyes end. */
function withQuickReplies(parts: OutboundMessage[], messageId: number, payload: unknown): OutboundMessage[] {
  const items = (payload as OutgoingPayload | null)?.quickReplies;
  if (!items?.length || parts.length === 0) return parts;
  return parts.map((p, i) => (i === parts.length - 1 ? { ...p, quickReplies: { messageId, items } } : p));
}

/** The agent as LINE's message sender: their name, and their picture (as a square PNG) when they have one. */
export function agentSender(
  fileUrl: CustomerFileUrl,
  agent: { firstName: string; lastName: string; avatarFileId: string | null } | null,
): OutboundSender | undefined {
  const name = [agent?.firstName, agent?.lastName].filter(Boolean).join(' ');
  if (!agent || !name) return undefined;
  return {
    name,
    iconUrl: agent.avatarFileId ? fileUrl(agent.avatarFileId, 'icon') : null,
  };
}

export const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** A stable UUID per (message, request group): the first group uses the message's own key. */
export function derivedRetryKey(base: string, index: number) {
  if (index === 0) return base;
  const h = createHash('sha256').update(`${base}:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
