// The Send API at `/{version}/{PAGE_ID|IG_ID|me}/messages` (C.7, D.3, F.Meta 3–6): authenticate, resolve who
// sends and to whom, validate, apply the messaging window, record what the customer sees, then echo.
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
import { readRecipientId, validateSendRequest } from './send-validation';
import type { InstagramAccount, MetaState, MetaUser, Page, TokenOwner } from './state';
import { checkMessagingWindow } from './window';

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
  const recipientId = readRecipientId(params);
  if (typeof recipientId !== 'string') return graphError(recipientId);
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

  const messageId = platform === 'messenger' ? messengerMid() : instagramMid();
  deps.recorder.addOutbox({
    id: deps.recorder.nextId('o'),
    at: now,
    platform,
    accountId: user.accountId,
    userId: recipientId,
    via: 'send_api',
    messageId,
    message: request.message,
    delivered: true,
    undeliveredReason: null,
    messagingType: request.messagingType,
    tag: request.tag,
  });
  if (app.echoes && isSubscribedToEchoes(state, user)) {
    const message = request.message;
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
