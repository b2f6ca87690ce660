// Acting on comments of a Facebook Page's posts and an Instagram account's media through the Graph API
// (docs/channels.md "Comments"): public replies, likes (Facebook only), hiding, deleting, the post's preview,
// and the private reply (the Send API with `recipient.comment_id`: one message per comment, within 7 days).
import { toStorableText } from '@sabai/domain';
import { ChannelSendError, type ChannelCredentials } from '../types';
import type { MetaAdapterOptions } from './adapter';
import { toSendError, type GraphError } from './graph-errors';

export type PostPreview = {
  text: string | null;
  pictureUrl: string | null;
  permalink: string | null;
  postedAt: Date | null;
};

export interface CommentApi {
  /** A public reply under the comment; resolves to the new comment's id. */
  reply(credentials: ChannelCredentials, commentId: string, text: string): Promise<string>;
  setLiked(credentials: ChannelCredentials, commentId: string, liked: boolean): Promise<void>;
  setHidden(credentials: ChannelCredentials, commentId: string, hidden: boolean): Promise<void>;
  remove(credentials: ChannelCredentials, commentId: string): Promise<void>;
  /** The Send API's private reply; resolves to the commenter's inbox id (PSID/IGSID) and the message id. */
  privateReply(
    credentials: ChannelCredentials,
    commentId: string,
    text: string,
    metadata: string,
  ): Promise<{ recipientId: string; messageId: string }>;
  fetchPost(credentials: ChannelCredentials, postId: string): Promise<PostPreview>;
}

export function createMetaComments(
  type: 'facebook' | 'instagram',
  opts: Pick<MetaAdapterOptions, 'graphBaseUrl' | 'graphVersion' | 'fetch'>,
): CommentApi {
  const graph = `${opts.graphBaseUrl.replace(/\/$/, '')}/${opts.graphVersion}`;
  const call = async (credentials: ChannelCredentials, path: string, method = 'GET', body?: object) => {
    const url = new URL(`${graph}/${path}`);
    url.searchParams.set('access_token', credentials.accessToken);
    const res = await opts
      .fetch(url, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      })
      .catch((err: unknown) => {
        throw new ChannelSendError('meta.network', err instanceof Error ? err.message : String(err), true);
      });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown> & GraphError;
    if (!res.ok) throw toSendError(res.status, answer);
    return answer;
  };
  const id = (value: string) => encodeURIComponent(value);
  const text = (value: unknown) => (typeof value === 'string' && value ? toStorableText(value) : null);

  return {
    async reply(credentials, commentId, message) {
      // Facebook answers under `comments`, Instagram under `replies`.
      const edge = type === 'facebook' ? 'comments' : 'replies';
      const answer = await call(credentials, `${id(commentId)}/${edge}`, 'POST', { message });
      return String(answer.id);
    },
    async setLiked(credentials, commentId, liked) {
      if (type !== 'facebook')
        throw new ChannelSendError('comment.like_facebook_only', 'Instagram has no likes', false);
      await call(credentials, `${id(commentId)}/likes`, liked ? 'POST' : 'DELETE');
    },
    async setHidden(credentials, commentId, hidden) {
      await call(
        credentials,
        id(commentId),
        'POST',
        type === 'facebook' ? { is_hidden: hidden } : { hide: hidden },
      );
    },
    async remove(credentials, commentId) {
      await call(credentials, id(commentId), 'DELETE');
    },
    async privateReply(credentials, commentId, message, metadata) {
      const answer = await call(credentials, 'me/messages', 'POST', {
        recipient: { comment_id: commentId },
        messaging_type: 'RESPONSE',
        message: { text: message, metadata },
      });
      return { recipientId: String(answer.recipient_id), messageId: String(answer.message_id) };
    },
    async fetchPost(credentials, postId) {
      const fields =
        type === 'facebook'
          ? 'message,full_picture,permalink_url,created_time'
          : 'caption,media_url,thumbnail_url,permalink,timestamp';
      const p = await call(credentials, `${id(postId)}?fields=${fields}`);
      const when = text(p.created_time ?? p.timestamp);
      return {
        text: text(p.message ?? p.caption),
        pictureUrl: text(p.full_picture ?? p.thumbnail_url ?? p.media_url),
        permalink: text(p.permalink_url ?? p.permalink),
        postedAt: when && !Number.isNaN(Date.parse(when)) ? new Date(when) : null,
      };
    },
  };
}
