// LINE Messaging API adapter (docs/channels.md "Reply and push"). Replies use the reply token while it is
// live and unused, otherwise push with X-Line-Retry-Key (the same key on every retry of one logical send, so
// a retry after a lost answer never sends twice: LINE answers 409 and we treat that as sent).
import { HTTPFetchError, type messagingApi } from '@line/bot-sdk';
import { toStorableText } from '@sabai/domain';
import type { ProviderFetch } from '../provider-fetch';
import type { QuickReply } from '@sabai/contracts';
import {
  ChannelSendError,
  type ChannelAdapter,
  type OutboundMessage,
  type OutboundQuickReplies,
  type SendRequest,
} from '../types';
import { quickReplyData } from '../quick-reply-data';
import { splitText, utf16Units } from '../split-text';
import { fetchMediaUrl } from '../media-url';
import { fileLinkText, shownMedia, type MediaPart } from '../media-rules';
import type { GuardedFetch } from '../../platform/guarded-fetch';
import { createLineApi } from './api';
import { lineChatKind } from './chats';
import { withSender } from './sender';

const TEXT_LIMIT = 5000;
const MESSAGES_PER_REQUEST = 5;
/** The shortest loading animation LINE shows: renewed while the agent keeps typing, gone soon after. */
const LOADING_SECONDS = 5;

export type LineAdapterOptions = {
  apiBaseUrl: string;
  dataApiBaseUrl: string;
  /** Provider API calls, bounded by PROVIDER_TIMEOUT_MS. */
  fetch: ProviderFetch;
  /** URLs someone else supplies (LINE "external" content), through the guarded client. */
  fetchUrl: GuardedFetch;
};

const isInvalidReplyToken = (err: unknown) =>
  err instanceof HTTPFetchError && err.status === 400 && err.body.includes('Invalid reply token');
const isLineServerError = (err: unknown) => err instanceof HTTPFetchError && err.status >= 500;

export function createLineAdapter(opts: LineAdapterOptions): ChannelAdapter {
  const api = createLineApi(opts);

  return {
    type: 'line',
    splitText: (text) => splitText(text, TEXT_LIMIT, utf16Units),

    async send(req: SendRequest) {
      const messages = req.messages.map((m) => withSender(toLineMessage(m), req.sender));
      if (messages.length === 0 || messages.length > MESSAGES_PER_REQUEST) {
        throw new ChannelSendError(
          'channel.invalid_message',
          `LINE takes 1 to ${MESSAGES_PER_REQUEST} messages`,
          false,
        );
      }
      const token = req.credentials.accessToken;
      if (req.replyToken) {
        try {
          const res = await api.reply(token, { replyToken: req.replyToken, messages });
          return { providerMessageIds: res.sentMessages.map((m) => m.id), via: 'reply' as const };
        } catch (err) {
          // An expired or used token falls back to push, and so does LINE failing on its side: the token is
          // spent either way, and a person is waiting. Anything else is a real failure.
          if (!(isInvalidReplyToken(err) || isLineServerError(err))) throw toSendError(err);
        }
      }
      // LINE failing on its side is tried again at once, once, with the same retry key: LINE never sends
      // one key twice (it answers 409), and the customer does not wait for the job's retry.
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await api.push(token, { to: req.recipient, messages }, req.retryKey);
          return { providerMessageIds: res.sentMessages.map((m) => m.id), via: 'push' as const };
        } catch (err) {
          if (err instanceof HTTPFetchError && err.status === 409) {
            const body = safeJson(err.body) as { sentMessages?: Array<{ id: string }> } | null;
            return { providerMessageIds: body?.sentMessages?.map((m) => m.id) ?? [], via: 'push' as const };
          }
          if (attempt === 1 && isLineServerError(err)) continue;
          throw toSendError(err);
        }
      }
    },

    async fetchProfile(credentials, chatId) {
      try {
        // A group's profile is its summary; a room has neither name nor picture.
        const kind = lineChatKind(chatId);
        if (kind === 'room') return null;
        if (kind === 'group') {
          const group = await api.groupSummary(credentials.accessToken, chatId);
          return { displayName: toStorableText(group.groupName), pictureUrl: group.pictureUrl ?? null };
        }
        const p = await api.profile(credentials.accessToken, chatId);
        return { displayName: toStorableText(p.displayName), pictureUrl: p.pictureUrl ?? null };
      } catch (err) {
        if (err instanceof HTTPFetchError && err.status === 404) return null;
        throw err;
      }
    },

    async fetchChatMember(credentials, chatId, userId) {
      const kind = lineChatKind(chatId);
      if (kind === 'user') return null;
      try {
        const p = await api.chatMember(credentials.accessToken, chatId, kind, userId);
        return { displayName: toStorableText(p.displayName), pictureUrl: p.pictureUrl ?? null };
      } catch (err) {
        if (err instanceof HTTPFetchError && err.status === 404) return null;
        throw err;
      }
    },

    async markRead(credentials, _recipient, markAsReadToken) {
      if (!markAsReadToken) return;
      await api.markAsRead(credentials.accessToken, markAsReadToken).catch((err: unknown) => {
        throw toSendError(err);
      });
    },

    async showTyping(credentials, recipient, typing) {
      // The animation stops by itself after its seconds, or when our message arrives; LINE has no "stop".
      // It exists in 1:1 chats only.
      if (!typing || lineChatKind(recipient) !== 'user') return;
      await api.startLoading(credentials.accessToken, recipient, LOADING_SECONDS).catch((err: unknown) => {
        throw toSendError(err);
      });
    },

    async fetchMedia(credentials, media) {
      if (media.source === 'url') return fetchMediaUrl(opts.fetchUrl, media.ref);
      const res = await api.content(credentials.accessToken, media.ref).catch((err: unknown) => {
        if (err instanceof HTTPFetchError && (err.status === 404 || err.status === 410)) return null;
        throw err;
      });
      if (!res) return null;
      if (res.status === 202) return 'pending';
      if (!res.body) return null;
      return {
        body: res.body,
        mimeType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}

/** A part as a LINE message object, with its quick-reply buttons. */
function toLineMessage(m: OutboundMessage): messagingApi.Message {
  const message = lineContent(m);
  return m.quickReplies ? { ...message, quickReply: lineQuickReply(m.quickReplies) } : message;
}

function lineContent(m: OutboundMessage): messagingApi.Message {
  switch (m.kind) {
    case 'text':
      return { type: 'text', text: m.text };
    case 'sticker':
      return { type: 'sticker', packageId: m.packageId, stickerId: m.stickerId };
    default:
      return lineMedia(m);
  }
}

/**
 * A file as LINE shows it (media-rules.ts): a picture with a small preview (LINE wants one under 1 MB), an
 * mp4 with a poster, a sound; anything else a link with its name and size.
 */
function lineMedia(m: MediaPart): messagingApi.Message {
  const shown = shownMedia('line', m);
  switch (shown.as) {
    case 'image':
      return { type: 'image', originalContentUrl: shown.url, previewImageUrl: m.urlAs('preview') };
    case 'video':
      return { type: 'video', originalContentUrl: shown.url, previewImageUrl: m.urlAs('poster') };
    case 'audio':
      return { type: 'audio', originalContentUrl: shown.url, duration: 60_000 };
    case 'file':
    case 'link':
      return { type: 'text', text: fileLinkText(m) };
  }
}

/**
 * LINE quick reply: text and postback buttons become postback actions whose data links the tap to our
 * message (a text button shows its text in the customer's chat as they tap it); location, camera and date
 * open LINE's pickers.
 */
function lineQuickReply({ messageId, items }: OutboundQuickReplies): messagingApi.QuickReply {
  const action = (q: QuickReply): messagingApi.Action => {
    const data = quickReplyData(messageId, q.label);
    switch (q.type) {
      case 'text':
        return { type: 'postback', label: q.label, data, displayText: q.text };
      case 'postback':
        return { type: 'postback', label: q.label, data };
      case 'location':
        return { type: 'location', label: q.label };
      case 'camera':
        return { type: 'camera', label: q.label };
      case 'date':
        return { type: 'datetimepicker', label: q.label, data, mode: 'date' };
    }
  };
  return { items: items.map((q) => ({ type: 'action', action: action(q) })) };
}

function toSendError(err: unknown): ChannelSendError {
  if (err instanceof HTTPFetchError) {
    const message = lineErrorText(err.body);
    // 5xx and 429 (rate limit) are worth retrying; other 4xx will fail the same way again.
    const retryable = err.status >= 500 || err.status === 429;
    return new ChannelSendError(`line.${err.status}`, message, retryable, err.status);
  }
  return new ChannelSendError('line.network', err instanceof Error ? err.message : String(err), true);
}

type LineErrorBody = { message?: string; details?: Array<{ message?: string; property?: string }> };

/** LINE's reason with its details ("…has 1 error(s): messages[0].originalContentUrl must start with https"). */
function lineErrorText(body: string): string {
  const parsed = safeJson(body) as LineErrorBody | null;
  if (!parsed?.message) return body;
  const details = (parsed.details ?? []).map((d) => [d.property, d.message].filter(Boolean).join(' '));
  return details.length ? `${parsed.message}: ${details.join('; ')}` : parsed.message;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
