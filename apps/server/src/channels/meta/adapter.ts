// Messenger and Instagram Direct over the Graph Send API (docs/channels.md "Messaging windows"). Inside 24
// hours of the customer's last message we send RESPONSE; up to 7 days MESSAGE_TAG + HUMAN_AGENT (the only tag
// Instagram allows); past that the send is refused before it leaves.
import { SOCIAL_REPLY_WINDOW_DAYS, SOCIAL_STANDARD_WINDOW_MS, toStorableText } from '@sabai/domain';
import {
  ChannelSendError,
  type ChannelAdapter,
  type ChannelType,
  type OutboundMessage,
  type OutboundQuickReplies,
  type SendRequest,
} from '../types';
import { quickReplyData } from '../quick-reply-data';
import { characters, splitText, utf8Bytes } from '../split-text';
import { fetchMediaUrl } from '../media-url';
import { shownMedia } from '../media-rules';
import type { GuardedFetch } from '../../platform/guarded-fetch';
import type { ProviderFetch } from '../provider-fetch';
import { toSendError, type GraphError } from './graph-errors';

const DAY_MS = 24 * 3600 * 1000;

export type MetaAdapterOptions = {
  graphBaseUrl: string;
  graphVersion: string;
  /** Graph API calls, bounded by PROVIDER_TIMEOUT_MS. */
  fetch: ProviderFetch;
  /** Attachment URLs from webhooks, through the guarded client. */
  fetchUrl: GuardedFetch;
};

/** Which messaging type a reply needs now, or null when the 7-day window has closed. */
export function metaMessagingType(lastInboundAt: Date | null, now: Date): 'RESPONSE' | 'HUMAN_AGENT' | null {
  if (!lastInboundAt) return null;
  const age = now.getTime() - lastInboundAt.getTime();
  if (age <= SOCIAL_STANDARD_WINDOW_MS) return 'RESPONSE';
  if (age <= SOCIAL_REPLY_WINDOW_DAYS * DAY_MS) return 'HUMAN_AGENT';
  return null;
}

export function createMetaAdapter(
  type: Extract<ChannelType, 'facebook' | 'instagram'>,
  opts: MetaAdapterOptions,
): ChannelAdapter {
  const graph = `${opts.graphBaseUrl.replace(/\/$/, '')}/${opts.graphVersion}`;
  const call = async (path: string, token: string, init?: RequestInit) => {
    const url = new URL(`${graph}/${path}`);
    url.searchParams.set('access_token', token);
    const res = await opts.fetch(url, init);
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & GraphError;
    return { res, body };
  };

  /** A sender action: its own request, never with a message. */
  const senderAction = async (token: string, recipient: string, action: string) => {
    const { res, body } = await call('me/messages', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recipient: { id: recipient }, sender_action: action }),
    });
    if (!res.ok) throw toSendError(res.status, body);
  };

  return {
    type,
    // Messenger: fewer than 2000 characters; Instagram: at most 1000 UTF-8 bytes.
    splitText: (text) =>
      type === 'instagram' ? splitText(text, 1000, utf8Bytes) : splitText(text, 1999, characters),

    async send(req: SendRequest) {
      const messagingType = metaMessagingType(req.lastInboundAt, req.now);
      if (!messagingType) {
        throw new ChannelSendError('channel.reply_window_closed', 'The 7-day reply window has closed', false);
      }
      if (req.standardWindowOnly && messagingType !== 'RESPONSE') {
        throw new ChannelSendError(
          'channel.standard_window_closed',
          'The 24-hour standard window has closed; this message may not use a tag',
          false,
        );
      }
      const ids: string[] = [];
      for (const message of req.messages) {
        const { res, body } = await call('me/messages', req.credentials.accessToken, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            recipient: { id: req.recipient },
            ...(messagingType === 'RESPONSE'
              ? { messaging_type: 'RESPONSE' }
              : { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
            message: { ...toMetaMessage(type, message), ...(req.metadata ? { metadata: req.metadata } : {}) },
          }),
        }).catch((err: unknown) => {
          throw new ChannelSendError('meta.network', err instanceof Error ? err.message : String(err), true);
        });
        if (!res.ok) throw toSendError(res.status, body);
        if (typeof body.message_id === 'string') ids.push(body.message_id);
      }
      return { providerMessageIds: ids, via: messagingType };
    },

    async markRead(credentials, recipient) {
      await senderAction(credentials.accessToken, recipient, 'mark_seen');
    },

    async showTyping(credentials, recipient, typing) {
      await senderAction(credentials.accessToken, recipient, typing ? 'typing_on' : 'typing_off');
    },

    async fetchProfile(credentials, userId) {
      const fields = type === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic';
      const { res, body } = await call(
        `${encodeURIComponent(userId)}?fields=${fields}`,
        credentials.accessToken,
      );
      if (!res.ok) return null;
      const name =
        type === 'instagram'
          ? String(body.name ?? body.username ?? '')
          : [body.first_name, body.last_name].filter((p) => typeof p === 'string' && p).join(' ');
      return {
        displayName: toStorableText(name),
        pictureUrl: typeof body.profile_pic === 'string' ? body.profile_pic : null,
      };
    },

    async fetchMedia(_credentials, media) {
      // Meta attachment URLs are signed CDN links that expire: fetch promptly, no token needed.
      return fetchMediaUrl(opts.fetchUrl, media.ref);
    },
  };
}

/** A part as Messenger or Instagram takes it (a file they cannot show goes as a link: media-rules.ts). */
function toMetaMessage(type: 'facebook' | 'instagram', m: OutboundMessage) {
  const quickReplies = m.quickReplies ? { quick_replies: metaQuickReplies(m.quickReplies) } : {};
  if (m.kind === 'text') return { text: m.text, ...quickReplies };
  // The send path refuses stickers for Meta channels before they are stored.
  if (m.kind === 'sticker')
    throw new ChannelSendError('channel.invalid_message', 'Meta takes no LINE sticker', false);
  const shown = shownMedia(type, m);
  if (shown.as === 'link') return { text: shown.text, ...quickReplies };
  return { attachment: { type: shown.as, payload: { url: shown.url, is_reusable: false } }, ...quickReplies };
}

/** Messenger/Instagram quick replies: text buttons whose payload links the tap to our message. */
function metaQuickReplies({ messageId, items }: OutboundQuickReplies) {
  return items.map((q) => ({
    content_type: 'text',
    title: q.label,
    payload: quickReplyData(messageId, q.label),
  }));
}
