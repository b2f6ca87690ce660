// Acting on comments through the Graph API: public replies (Facebook `POST /{comment-id}/comments`, Instagram
// `POST /{ig-comment-id}/replies`), likes (Facebook only: Instagram has no like edge), hiding (`is_hidden` on
// Facebook, `hide` on Instagram) and deleting. A Facebook public reply comes back as a `feed` webhook from the
// Page, as Meta echoes the Page's own comments; Instagram sends nothing for the account's replies. Deleting
// sends no webhook here, although Meta sends a `remove` change for it: the author's own removal
// (`comments.removeComment`) is the one the simulator announces.
import type { CdnStore } from '../core/cdn';
import type { Clock } from '../core/clock';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import type { WebhookDeliverer } from '../webhook/deliverer';
import { addAccountReply, addChange, changesBody } from './comment-events';
import { sendMetaWebhook } from './controls';
import { authenticateGraph, graphParams, isGraphError } from './graph-auth';
import { GraphErrors, graphError } from './graph-errors';
import type { GraphErrorSpec } from './graph-errors';
import { canManage } from './post-node';
import type { MetaState, PostComment, TokenOwner } from './state';

interface Deps {
  state: MetaState;
  clock: Clock;
  cdn: CdnStore;
  deliverer: WebhookDeliverer;
  origin(): string;
}

/** Comment action routes; register after the more specific Graph routes (`/messages`, `subscribed_apps`). */
export function commentRoutes(deps: Deps): Route[] {
  const authed =
    (handler: (req: SimRequest, owner: TokenOwner) => SimResponse) =>
    (req: SimRequest): SimResponse => {
      const owner = authenticateGraph(deps.state, req, deps.clock.now());
      return isGraphError(owner) ? graphError(owner) : handler(req, owner);
    };
  return [
    route(
      'POST',
      'meta',
      '/:version/:nodeId/comments',
      authed((req, owner) => publicReply(deps, req, owner, 'facebook')),
    ),
    route(
      'POST',
      'meta',
      '/:version/:nodeId/replies',
      authed((req, owner) => publicReply(deps, req, owner, 'instagram')),
    ),
    route(
      'POST',
      'meta',
      '/:version/:nodeId/likes',
      authed((req, owner) => like(deps, req, owner, true)),
    ),
    route(
      'DELETE',
      'meta',
      '/:version/:nodeId/likes',
      authed((req, owner) => like(deps, req, owner, false)),
    ),
    route(
      'POST',
      'meta',
      '/:version/:nodeId',
      authed((req, owner) => hide(deps, req, owner)),
    ),
    route(
      'DELETE',
      'meta',
      '/:version/:nodeId',
      authed((req, owner) => remove(deps, req, owner)),
    ),
  ];
}

function publicReply(
  deps: Deps,
  req: SimRequest,
  owner: TokenOwner,
  network: 'facebook' | 'instagram',
): SimResponse {
  const parent = findComment(deps.state, req, owner, 'post', network);
  if (isGraphError(parent)) return graphError(parent);
  const message = graphParams(req).message;
  if (typeof message !== 'string' || message.trim() === '')
    return graphError(GraphErrors.param('The parameter message is required'));
  const context = { state: deps.state, cdn: deps.cdn, origin: deps.origin(), now: deps.clock.now() };
  const reply = addAccountReply(context, parent, message);
  const app = deps.state.app;
  const post = deps.state.posts.get(reply.postId);
  if (network === 'facebook' && app && post) {
    // Like the Send API's echoes, the feed change follows the answer to the call.
    setImmediate(() => {
      const body = changesBody('facebook', reply.accountId, deps.clock.now(), [addChange(post, reply)]);
      void sendMetaWebhook(deps, app, body, 'echo', 'final');
    });
  }
  return json(200, { id: reply.commentId });
}

function like(deps: Deps, req: SimRequest, owner: TokenOwner, isLiked: boolean): SimResponse {
  const comment = findComment(deps.state, req, owner, isLiked ? 'post' : 'delete', 'facebook');
  if (isGraphError(comment)) return graphError(comment);
  comment.liked = isLiked;
  return json(200, { success: true });
}

function hide(deps: Deps, req: SimRequest, owner: TokenOwner): SimResponse {
  const comment = findComment(deps.state, req, owner, 'post');
  if (isGraphError(comment)) return graphError(comment);
  const name = comment.network === 'facebook' ? 'is_hidden' : 'hide';
  const value = graphParams(req)[name];
  const isHidden =
    value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
  if (isHidden === null) return graphError(GraphErrors.param(`The parameter ${name} must be true or false`));
  comment.hidden = isHidden;
  return json(200, { success: true });
}

function remove(deps: Deps, req: SimRequest, owner: TokenOwner): SimResponse {
  const comment = findComment(deps.state, req, owner, 'delete');
  if (isGraphError(comment)) return graphError(comment);
  comment.deleted = true;
  return json(200, { success: true });
}

/**
 * The path's comment, if it exists, is not deleted, belongs to `network` (when given) and the token manages
 * its account; else Graph's "Unsupported … request. Object with ID … does not exist" (100 / 33).
 */
function findComment(
  state: MetaState,
  req: SimRequest,
  owner: TokenOwner,
  method: 'post' | 'delete',
  network?: 'facebook' | 'instagram',
): PostComment | GraphErrorSpec {
  const id = req.params.nodeId ?? '';
  const comment = state.comments.get(id);
  const isReachable =
    comment !== undefined &&
    !comment.deleted &&
    (network === undefined || comment.network === network) &&
    canManage(state, owner, comment);
  return isReachable ? comment : GraphErrors.unsupported(method, id);
}
