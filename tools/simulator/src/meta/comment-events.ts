// Posts, comments and the `changes` webhooks they produce: Page `feed` changes (item comment) and Instagram
// `comments` / `live_comments` changes, built the way Meta shapes them. Ids look like Meta's: Facebook posts
// `{pageId}_{digits}`, comments `{post-object-id}_{digits}`; Instagram media and comments are plain digits.
import type { CdnStore } from '../core/cdn';
import { SimulatorError } from '../core/errors';
import { randomDigits, randomToken } from '../core/ids';
import { solidPng } from '../core/media';
import type { MetaState, MetaUser, Post, PostComment } from './state';
import type {
  CommentItem,
  FeedCommentValue,
  InstagramCommentValue,
  MetaChange,
  MetaChangesWebhookBody,
  PublishOptions,
} from './types';

const HOUR = 60 * 60 * 1000;
/** Comment photos are ordinary fbcdn links, which expire like message attachments (C.6). */
const COMMENT_PHOTO_TTL = 72 * HOUR;
const DEFAULT_POST_TEXT = 'New arrivals are in! Comment below to ask about sizes and prices.';

export interface CommentContext {
  state: MetaState;
  cdn: CdnStore;
  /** The simulator's origin, for CDN URLs. */
  origin: string;
  now: number;
}

/** Publishes a post (Page) or media (Instagram); its picture never expires, unlike message attachments. */
export function publishPost(context: CommentContext, accountId: string, options: PublishOptions): Post {
  const { state, now } = context;
  const network = state.networkOf(accountId);
  const withPicture = options.withPicture ?? true;
  const postId = network === 'facebook' ? `${accountId}_${randomDigits(15)}` : randomDigits(17);
  const permalink =
    network === 'facebook'
      ? `https://www.facebook.com/${accountId}/posts/${objectIdOf(postId)}`
      : `https://www.instagram.com/p/${randomToken(8).slice(0, 11)}/`;
  const pictureUrl = withPicture
    ? context.origin + context.cdn.put(solidPng(colourOf(postId), 256), 'image/png', null)
    : null;
  const post: Post = {
    postId,
    network,
    accountId,
    text: options.text ?? DEFAULT_POST_TEXT,
    pictureUrl,
    permalink,
    live: options.live ?? false,
    createdAt: now,
    updatedAt: now,
  };
  state.posts.set(postId, post);
  return post;
}

/** Records a person's comment (or reply) and returns it with the webhook change it produces. */
export function addUserComment(
  context: CommentContext,
  accountId: string,
  user: MetaUser,
  item: CommentItem & { photo?: boolean },
): { post: Post; comment: PostComment; change: MetaChange } {
  const post = requirePost(context.state, accountId, item.postId);
  if (item.parentId !== undefined) requireComment(context.state, item.parentId, post);
  if (item.photo && post.network === 'instagram')
    throw new SimulatorError('invalid_argument', 'Instagram comments cannot carry a photo');
  const photoUrl = item.photo
    ? context.origin +
      context.cdn.put(solidPng(colourOf(user.userId), 128), 'image/png', context.now + COMMENT_PHOTO_TTL)
    : null;
  const comment = storeComment(context, post, {
    parentId: item.parentId ?? null,
    authorId: user.userId,
    isByAccount: false,
    authorName: item.name ?? (post.network === 'facebook' ? user.name : user.username),
    text: item.text,
    photoUrl,
  });
  return { post, comment, change: addChange(post, comment) };
}

/** Records a public reply of the Page or Instagram account to one of its comments. */
export function addAccountReply(context: CommentContext, parent: PostComment, message: string): PostComment {
  const post = requirePost(context.state, parent.accountId, parent.postId);
  const { state } = context;
  const authorName =
    post.network === 'facebook'
      ? (state.pages.get(post.accountId)?.name ?? post.accountId)
      : (state.instagramAccounts.get(post.accountId)?.username ?? post.accountId);
  const reply = storeComment(context, post, {
    parentId: parent.commentId,
    authorId: post.accountId,
    isByAccount: true,
    authorName,
    text: message,
    photoUrl: null,
  });
  parent.replies.push({ id: reply.commentId, message });
  return reply;
}

/** The `changes[]` item announcing a new comment: `feed` (verb add) or `comments` / `live_comments`. */
export function addChange(post: Post, comment: PostComment): MetaChange {
  if (post.network === 'facebook') return { field: 'feed', value: feedValue(post, comment, 'add') };
  const value: InstagramCommentValue = {
    id: comment.commentId,
    text: comment.text,
    from: { id: comment.authorId, username: comment.authorName },
    media: { id: post.postId, media_product_type: post.live ? 'LIVE' : 'FEED' },
    ...(comment.parentId === null ? {} : { parent_id: comment.parentId }),
  };
  return { field: post.live ? 'live_comments' : 'comments', value };
}

/** The `feed` change of a comment its author removed (no message, no post, the time of removal). */
export function removeChange(post: Post, comment: PostComment, now: number): MetaChange {
  return {
    field: 'feed',
    value: {
      item: 'comment',
      verb: 'remove',
      comment_id: comment.commentId,
      post_id: post.postId,
      parent_id: comment.parentId ?? post.postId,
      from: { id: comment.authorId, name: comment.authorName },
      created_time: Math.floor(now / 1000),
    },
  };
}

/** One webhook of changes for one account (`time` in milliseconds, as the messaging webhooks). */
export function changesBody(
  network: 'facebook' | 'instagram',
  accountId: string,
  time: number,
  changes: MetaChange[],
): MetaChangesWebhookBody {
  return { object: network === 'facebook' ? 'page' : 'instagram', entry: [{ id: accountId, time, changes }] };
}

/** The post `postId` of `accountId`; throws when it is unknown there. */
export function requirePost(state: MetaState, accountId: string, postId: string): Post {
  const post = state.posts.get(postId);
  if (!post || post.accountId !== accountId)
    throw new SimulatorError('unknown_post', `no post ${postId} on ${accountId}; publish it first`);
  return post;
}

/** A comment that can still be acted on (replied to, removed); throws otherwise. */
export function requireComment(state: MetaState, commentId: string, post?: Post): PostComment {
  const comment = state.comments.get(commentId);
  if (!comment || (post && comment.postId !== post.postId))
    throw new SimulatorError('unknown_comment', `no comment ${commentId}${post ? ` on ${post.postId}` : ''}`);
  if (comment.deleted) throw new SimulatorError('invalid_argument', `comment ${commentId} was deleted`);
  return comment;
}

/** A Facebook post's `status_type`. */
export function statusTypeOf(post: Post): string {
  return post.live ? 'added_video' : post.pictureUrl ? 'added_photos' : 'mobile_status_update';
}

/** Graph's timestamp format (`2026-11-27T10:00:00+0000`). */
export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

function feedValue(post: Post, comment: PostComment, verb: FeedCommentValue['verb']): FeedCommentValue {
  return {
    item: 'comment',
    verb,
    comment_id: comment.commentId,
    post_id: post.postId,
    parent_id: comment.parentId ?? post.postId,
    from: { id: comment.authorId, name: comment.authorName },
    message: comment.text,
    created_time: Math.floor(comment.createdAt / 1000),
    post: {
      id: post.postId,
      status_type: statusTypeOf(post),
      is_published: true,
      updated_time: graphTime(post.updatedAt),
      permalink_url: post.permalink,
    },
    ...(comment.photoUrl === null ? {} : { photo: comment.photoUrl }),
  };
}

function storeComment(
  context: CommentContext,
  post: Post,
  fields: Pick<PostComment, 'parentId' | 'authorId' | 'isByAccount' | 'authorName' | 'text' | 'photoUrl'>,
): PostComment {
  const commentId =
    post.network === 'facebook' ? `${objectIdOf(post.postId)}_${randomDigits(15)}` : randomDigits(17);
  const comment: PostComment = {
    commentId,
    network: post.network,
    accountId: post.accountId,
    postId: post.postId,
    ...fields,
    createdAt: context.now,
    hidden: false,
    liked: false,
    deleted: false,
    replies: [],
    privateReplies: 0,
  };
  context.state.comments.set(commentId, comment);
  post.updatedAt = context.now;
  return comment;
}

/** `{pageId}_{objectId}` → objectId. */
function objectIdOf(postId: string): string {
  return postId.slice(postId.indexOf('_') + 1);
}

function colourOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash & 0xffffff;
}
