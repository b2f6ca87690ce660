// The Send API at `/{version}/{PAGE_ID|IG_ID|me}/messages` (C.7, D.3, F.Meta 3–6): authenticate, resolve who
// sends and to whom, validate, apply the messaging window (or, for a private reply to a comment, the
// one-reply-in-7-days rule), record what the customer sees, then echo.
import type { Clock } from '../core/clock';
import { instagramMid, messengerMid } from '../core/ids';
import type { Recorder } from '../core/records';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import type { WebhookDeliverer } from '../webhook/deliverer';
import { echoEvent, sendMetaWebhook } from './controls';
import { authenticateGraph, graphParams, isGraphError } from './graph-auth';
import { GraphErrors, graphError } from './graph-errors';
import type { GraphErrorSpec } from './graph-errors';
import { readRecipient, validateSendRequest } from './send-validation';
import type { SendRequest } from './send-validation';
import type { InstagramAccount, MetaState, MetaUser, Page, TokenOwner } from './state';
import { checkMessagingWindow, checkPrivateReply } from './window';

interface Deps {
  state: MetaState;
  clock: Clock;
  recorder: Recorder;
  deliverer: WebhookDeliverer;
}

type Sender = { kind: 'page'; page: Page } | { kind: 'instagram'; account: InstagramAccount };

/** The Send API route. */
export function sendApiRoutes(deps: Deps): Route[] {
  return [route('POST', 'meta', '/:version/:nodeId/messages', (req) => send(deps, req))];
}

function send(deps: Deps, req: SimRequest): SimResponse {
  const { state, clock } = deps;
  const now = clock.now();
  const owner = authenticateGraph(state, req, now);
  if (isGraphError(owner)) return graphError(owner);
  const sender = resolveSender(state, owner, req.params.nodeId ?? '');
  if (isGraphError(sender)) return graphError(sender);

  const params = graphParams(req);
  const recipient = readRecipient(params);
  if (isGraphError(recipient)) return graphError(recipient);
  if (recipient.kind === 'comment') return privateReply(deps, sender, params, recipient.commentId, now);
  const recipientId = recipient.id;
  const user = findRecipient(state, sender, recipientId);
  const platform = user?.platform ?? (sender.kind === 'page' ? 'messenger' : 'instagram');
  const request = validateSendRequest(params, platform, recipientId);
  if (isGraphError(request)) return graphError(request);
  if (!user) return graphError(GraphErrors.noMatchingUser());

  const app = state.requireApp();
  const windowError = checkMessagingWindow({
    messagingType: request.messagingType,
    tag: request.tag,
    lastActivityAt: user.lastActivityAt,
    now,
    isHumanAgentApproved: app.humanAgentApproved,
  });
  if (windowError) return graphError(windowError);
  if (request.senderAction !== null || request.message === null)
    return json(200, { recipient_id: recipientId });
  return deliver(deps, user, request.message, request, null);
}

/**
 * A private reply (`recipient.comment_id`): goes to the comment's author, once per comment, within 7 days of
 * the comment; the person's 24 h window plays no part and stays as it was.
 */
function privateReply(
  deps: Deps,
  sender: Sender,
  params: Record<string, unknown>,
  commentId: string,
  now: number,
): SimResponse {
  const { state } = deps;
  const comment = state.comments.get(commentId);
  const senderId = sender.kind === 'page' ? sender.page.pageId : sender.account.igId;
  const linkedIgId = sender.kind === 'page' ? state.instagramOfPage(senderId)?.igId : undefined;
  const user = comment ? state.user(comment.accountId, comment.authorId) : undefined;
  const isReachable =
    comment !== undefined &&
    !comment.deleted &&
    !comment.isByAccount &&
    (comment.accountId === senderId || comment.accountId === linkedIgId);
  if (!comment || !isReachable || !user) return graphError(GraphErrors.unsupported('post', commentId));
  const request = validateSendRequest(params, user.platform, user.userId, { isPrivateReply: true });
  if (isGraphError(request)) return graphError(request);
  const refusal = checkPrivateReply({
    commentedAt: comment.createdAt,
    privateReplies: comment.privateReplies,
    now,
  });
  if (refusal) return graphError(refusal);
  if (request.message === null) return graphError(GraphErrors.param('The parameter message is required'));
  comment.privateReplies += 1;
  return deliver(deps, user, request.message, request, comment.commentId);
}

/** Records what the customer sees, echoes it, and answers with the new message id. */
function deliver(
  deps: Deps,
  user: MetaUser,
  message: Record<string, unknown>,
  request: SendRequest,
  commentId: string | null,
): SimResponse {
  const { state, clock } = deps;
  const app = state.requireApp();
  const platform = user.platform;
  const recipientId = user.userId;
  const messageId = platform === 'messenger' ? messengerMid() : instagramMid();
  deps.recorder.addOutbox({
    id: deps.recorder.nextId('o'),
    at: clock.now(),
    platform,
    accountId: user.accountId,
    userId: recipientId,
    via: 'send_api',
    messageId,
    message,
    delivered: true,
    undeliveredReason: null,
    messagingType: request.messagingType,
    tag: request.tag,
    ...(commentId === null ? {} : { commentId }),
  });
  if (app.echoes && isSubscribedToEchoes(state, user)) {
    // Meta echoes asynchronously, after the send call has been answered.
    setImmediate(() => {
      const event = echoEvent(app, user.accountId, recipientId, messageId, clock.now(), message);
      const body = {
        object: platform === 'messenger' ? ('page' as const) : ('instagram' as const),
        entry: [{ id: user.accountId, time: clock.now(), messaging: [event] }],
      };
      void sendMetaWebhook(deps, app, body, 'echo', 'final');
    });
  }
  return json(200, { recipient_id: recipientId, message_id: messageId });
}

/** The account a send comes from: the path's Page or Instagram account, or the token's own for `/me`. */
function resolveSender(state: MetaState, owner: TokenOwner, nodeId: string): Sender | GraphErrorSpec {
  if (nodeId === 'me') {
    if (owner.kind === 'page') return { kind: 'page', page: owner.page };
    if (owner.kind === 'instagram') return { kind: 'instagram', account: owner.account };
    return GraphErrors.pageTokenRequired();
  }
  const page = state.pages.get(nodeId);
  if (page) {
    if (owner.kind === 'page' && owner.page.pageId === page.pageId) return { kind: 'page', page };
    return owner.kind === 'user' ? GraphErrors.pageTokenRequired() : GraphErrors.unsupported('post', nodeId);
  }
  const account = state.instagramAccounts.get(nodeId);
  if (account) {
    // Instagram Login token of the account, or the token of the Page it is linked to (D.1).
    const isAllowed =
      (owner.kind === 'instagram' && owner.account.igId === account.igId) ||
      (owner.kind === 'page' && account.pageId === owner.page.pageId);
    return isAllowed ? { kind: 'instagram', account } : GraphErrors.unsupported('post', nodeId);
  }
  return GraphErrors.unsupported('post', nodeId);
}

/** A Page token reaches its Messenger users and the users of its linked Instagram account (D.1). */
function findRecipient(state: MetaState, sender: Sender, recipientId: string): MetaUser | undefined {
  if (sender.kind === 'instagram') return state.user(sender.account.igId, recipientId);
  const linked = state.instagramOfPage(sender.page.pageId);
  return (
    state.user(sender.page.pageId, recipientId) ?? (linked ? state.user(linked.igId, recipientId) : undefined)
  );
}

/** Messenger echoes need `message_echoes`; Instagram echoes come with `messages` (D.2). */
function isSubscribedToEchoes(state: MetaState, user: MetaUser): boolean {
  if (user.platform === 'messenger')
    return state.pages.get(user.accountId)?.subscribedFields.includes('message_echoes') ?? false;
  const pageId = state.instagramAccounts.get(user.accountId)?.pageId;
  if (!pageId) return true;
  return state.pages.get(pageId)?.subscribedFields.includes('messages') ?? false;
}
