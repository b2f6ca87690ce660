// Who may act on a post or comment, and the preview of a post the inbox shows beside a comment:
// `GET /{post-id}` (Facebook Post) or `GET /{media-id}` (Instagram media) with `fields`.
import { json } from '../http/router';
import type { SimResponse } from '../http/router';
import { graphTime, statusTypeOf } from './comment-events';
import { GraphErrors, graphError } from './graph-errors';
import type { MetaState, Post, TokenOwner } from './state';

const POST_FIELDS = [
  'id',
  'message',
  'full_picture',
  'permalink_url',
  'created_time',
  'updated_time',
  'status_type',
  'is_published',
];
const MEDIA_FIELDS = [
  'id',
  'caption',
  'media_url',
  'permalink',
  'thumbnail_url',
  'media_type',
  'media_product_type',
  'timestamp',
  'username',
  'comments_count',
];

/**
 * Whether the token may act for the account: a Page's own token; for Instagram its own token or the token
 * of the linked Page (D.1). `canRead` also lets the login user's token read.
 */
export function canManage(
  state: MetaState,
  owner: TokenOwner,
  target: { network: 'facebook' | 'instagram'; accountId: string },
  canRead = false,
): boolean {
  if (canRead && owner.kind === 'user') return true;
  if (target.network === 'facebook') return owner.kind === 'page' && owner.page.pageId === target.accountId;
  if (owner.kind === 'instagram') return owner.account.igId === target.accountId;
  const linkedPageId = state.instagramAccounts.get(target.accountId)?.pageId;
  return owner.kind === 'page' && linkedPageId !== undefined && owner.page.pageId === linkedPageId;
}

/** The requested fields of a post plus `id`; fields without a value (no picture) are left out, as Graph does. */
export function postNode(state: MetaState, post: Post, fields: string[]): SimResponse {
  const isFacebook = post.network === 'facebook';
  const known = isFacebook ? POST_FIELDS : MEDIA_FIELDS;
  const unknown = fields.find((field) => !known.includes(field));
  if (unknown) {
    const type = isFacebook ? 'Post' : 'IGMedia';
    return graphError(
      GraphErrors.param(`Tried accessing nonexisting field (${unknown}) on node type (${type})`),
    );
  }
  const wanted = fields.length > 0 ? fields : isFacebook ? ['created_time', 'message'] : [];
  const isVideo = post.live;
  const values: Record<string, unknown> = isFacebook
    ? {
        message: post.text,
        full_picture: post.pictureUrl ?? undefined,
        permalink_url: post.permalink,
        created_time: graphTime(post.createdAt),
        updated_time: graphTime(post.updatedAt),
        status_type: statusTypeOf(post),
        is_published: true,
      }
    : {
        caption: post.text,
        // Images have a media_url; videos (live broadcasts) a thumbnail_url.
        media_url: isVideo ? undefined : (post.pictureUrl ?? undefined),
        thumbnail_url: isVideo ? (post.pictureUrl ?? undefined) : undefined,
        permalink: post.permalink,
        media_type: isVideo ? 'VIDEO' : 'IMAGE',
        media_product_type: isVideo ? 'LIVE' : 'FEED',
        timestamp: graphTime(post.createdAt),
        username: state.instagramAccounts.get(post.accountId)?.username,
        comments_count: [...state.comments.values()].filter((c) => c.postId === post.postId && !c.deleted)
          .length,
      };
  const body: Record<string, unknown> = {};
  for (const field of wanted) if (field !== 'id' && values[field] !== undefined) body[field] = values[field];
  body.id = post.postId;
  return json(200, body);
}
