// The websocket gateway (docs/architecture.md "Realtime"): `/ws?token=<access token>&socketType=…`. Browsers
// cannot set headers on a WebSocket, so the access token comes in the query and is verified here. A socket
// receives notices, the change feed, or both, by its type:
// - notices: the notification channel: the user's notifications in the webNoti message formats
//   (web-noti.ts) and, when their role changed, a refresh message with a new session;
// - the change feed: `{ type, data }` of the live events (@sabai/contracts live-events.ts) about issues the
//   user may see, and who is viewing or typing an issue.
// `webNoti` is the published socket (notices only, so an older client never mistakes a change for a notice);
// `web` is the web app's one socket per tab (both); `live` is the feed alone (tools and tests). A feed
// socket's first message, LIVE_READY_MESSAGE, says it is registered: what its client reads from then on
// misses no event (the handshake ends before the session is checked and the user's teams are read).
// Every node receives every event through pg_notify and forwards it to its own sockets that may see it.
// A socket lives as long as the session it was opened with: when the user's session version moves on
// (logout, password, deactivation, removal, role change) their sockets are closed with 4401
// `auth.token_revoked`, and the client opens new ones with a refreshed token.
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { isApiToken, scopeFor } from '@sabai/domain';
import { feedEventOf, LIVE_READY_MESSAGE, type ErrorCode, type LiveEventData } from '@sabai/contracts';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import type { EventBus } from '../platform/events';
import { publishEvent } from '../platform/events';
import { authenticateToken, REISSUE_REASONS, reissueSession } from '../modules/auth';
import { createTypingSignals, type TypingSignals } from '../modules/chat-signals';
import { findIssueInScope } from '../modules/issues';
import { canSeeIssue, type IssueAudienceFacts, type Viewer } from './audience';
import { IssueFactsCache } from './issue-facts';
import { TeamMemberships } from './team-memberships';
import { webNotiMessage } from './web-noti';

/** What each socket type receives. */
const RECEIVES = {
  webNoti: { notices: true, feed: false },
  web: { notices: true, feed: true },
  live: { notices: false, feed: true },
} as const;
type SocketType = keyof typeof RECEIVES;

const QuerySchema = z.object({
  token: z.string().min(1),
  socketType: z.enum(Object.keys(RECEIVES) as [SocketType, ...SocketType[]]),
});
const PresenceSchema = z.object({
  type: z.literal('presence'),
  issueId: z.number().int().positive(),
  state: z.enum(['viewing', 'typing', 'left']),
  /** Typing a reply to the customer (not a private note): the customer is shown it too. */
  reply: z.boolean().optional(),
});

/** Closed by the server: 4401 bad, expired or revoked token, 4400 bad query. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_BAD_REQUEST = 4400;
const PING_INTERVAL_MS = 30_000;

/** Closes a socket whose token is not (or no longer) valid; the reason is an error code the web translates. */
const closeUnauthorized = (socket: WebSocket, code: ErrorCode) => socket.close(CLOSE_UNAUTHORIZED, code);

type Client = Viewer & {
  socket: WebSocket;
  organizationId: string;
  /** Gets the user's notices and session refreshes. */
  notices: boolean;
  /** Gets the change feed and may announce presence. */
  feed: boolean;
  role: Parameters<typeof scopeFor>[0];
  /** The session version of the token the socket was opened with. */
  sessionVersion: number;
  alive: boolean;
};

/** What other parts of this process may ask the gateway. */
export type RealtimeGateway = {
  /** Whether the user has a socket receiving notices of the organisation open on this node. */
  hasNoticeSocket(userId: string, organizationId: string): boolean;
};

export async function registerRealtime(
  app: FastifyInstance,
  deps: Deps,
  bus: EventBus,
): Promise<RealtimeGateway> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const clients = new Map<string, Set<Client>>();
  // Notice sockets by user: a notification is for one user, so a burst of them (a broadcast to every
  // agent) costs one lookup each instead of a scan of the organisation's sockets.
  const noticeSockets = new Map<string, Set<Client>>();
  // Every socket by user, whatever its organisation: a session change closes them all.
  const userSockets = new Map<string, Set<Client>>();
  const facts = new IssueFactsCache(deps.db);
  const typing = createTypingSignals(deps);
  const memberships = new TeamMemberships(deps.db, deps.logger);

  const unsubscribe = bus.subscribe(async (event) => {
    if (event.name === 'session.changed') return onSessionChanged(event.organizationId, event.data);
    const audience = clients.get(event.organizationId);
    if (!audience?.size) return;
    if (event.name === 'notification.created') {
      const recipients = noticeSockets.get(event.data.userId);
      if (!recipients) return;
      const text = webNotiMessage(event.data);
      for (const c of recipients) if (c.organizationId === event.organizationId) c.socket.send(text);
      return;
    }
    const feedEvent = feedEventOf(event);
    if (!feedEvent) return;
    const issue = await facts.get(event.data.issueId, event);
    if (!issue) return;
    const message = JSON.stringify(feedEvent);
    for (const c of audience) {
      if (c.feed && canSeeIssue(c, issue)) c.socket.send(message);
    }
  });

  /**
   * A user's sessions changed: the sockets opened with an older session version close. On a role change
   * their notice sockets of the organisation first get a new session (a refresh message), unless
   * they may no longer sign in there. One session per user and node.
   */
  const onSessionChanged = async (
    organizationId: string,
    { userIds, reason }: LiveEventData<'session.changed'>,
  ) => {
    for (const userId of userIds) {
      const sockets = userSockets.get(userId);
      if (!sockets?.size) continue;
      const version = await deps.sessions.current(userId);
      const stale = [...sockets].filter((c) => c.sessionVersion !== version);
      const session =
        version !== null && REISSUE_REASONS.has(reason)
          ? await reissueSession(deps, userId, organizationId)
          : null;
      for (const c of stale) {
        if (session && c.notices && c.organizationId === organizationId) {
          c.socket.send(JSON.stringify(session));
        }
        closeUnauthorized(c.socket, 'auth.token_revoked');
      }
    }
  };

  const ping = setInterval(() => {
    for (const set of clients.values()) {
      for (const c of set) {
        if (!c.alive) c.socket.terminate();
        c.alive = false;
        c.socket.ping();
      }
    }
  }, PING_INTERVAL_MS);
  ping.unref();
  app.addHook('onClose', async () => {
    typing.stop();
    clearInterval(ping);
    unsubscribe();
    for (const set of clients.values()) for (const c of set) c.socket.close(1001, 'Going away');
  });

  app.get(
    '/ws',
    // The token is in the query (see above) and verified in the handler.
    { websocket: true, config: { access: { public: true } } },
    async (socket, req) => {
      const query = QuerySchema.safeParse(req.query);
      if (!query.success) return socket.close(CLOSE_BAD_REQUEST, 'token and socketType required');
      // A socket is a person's live view; an integration follows changes through outgoing webhooks.
      if (isApiToken(query.data.token)) return closeUnauthorized(socket, 'api_token.person_only');
      let auth;
      try {
        auth = await authenticateToken(deps, query.data.token);
      } catch (err) {
        return closeUnauthorized(socket, err instanceof AppError ? err.code : 'auth.unauthenticated');
      }
      const client: Client = {
        socket,
        userId: auth.userId,
        organizationId: auth.organizationId,
        ...RECEIVES[query.data.socketType],
        role: auth.role,
        sessionVersion: auth.sv,
        issueScope: scopeFor(auth.role, 'issue', 'view') ?? null,
        get teamIds() {
          return memberships.teamsOf(this.userId);
        },
        alive: true,
      };
      await memberships.load(client.userId);
      // Closed while its teams were read: nothing to register (its close event has passed).
      if (socket.readyState !== socket.OPEN) {
        if (!userSockets.has(client.userId)) memberships.forget(client.userId);
        return;
      }
      const set = clients.get(client.organizationId) ?? new Set();
      clients.set(client.organizationId, set);
      set.add(client);
      const mine = userSockets.get(client.userId) ?? new Set();
      userSockets.set(client.userId, mine);
      mine.add(client);
      const counted = deps.metrics.websocketOpened(query.data.socketType);
      socket.on('pong', () => (client.alive = true));
      if (client.notices) {
        const own = noticeSockets.get(client.userId) ?? new Set();
        noticeSockets.set(client.userId, own);
        own.add(client);
      }
      socket.on('close', () => {
        counted();
        set.delete(client);
        mine.delete(client);
        if (mine.size === 0) {
          userSockets.delete(client.userId);
          memberships.forget(client.userId);
        }
        const own = noticeSockets.get(client.userId);
        own?.delete(client);
        if (own?.size === 0) noticeSockets.delete(client.userId);
      });
      // A client's messages are handled one after another, so presence is published in the order it was
      // sent: run side by side, a slower lookup for "viewing" published it after the "typing" that followed,
      // and colleagues saw the agent viewing while they typed.
      let handled = Promise.resolve();
      socket.on('message', (raw) => {
        const text = raw.toString();
        handled = handled
          .then(() => onMessage(deps, typing, client, text))
          .catch((err: unknown) =>
            deps.logger.warn(
              { err: err instanceof Error ? err.message : String(err) },
              'live message failed',
            ),
          );
      });
      // A feed socket hears when it is registered (the published webNoti socket gets notices only).
      if (client.feed) socket.send(LIVE_READY_MESSAGE);
    },
  );

  return {
    hasNoticeSocket: (userId, organizationId) =>
      [...(noticeSockets.get(userId) ?? [])].some((c) => c.organizationId === organizationId),
  };
}

/** Client messages: the published keepalive, and presence on a socket with the change feed. */
async function onMessage(deps: Deps, typing: TypingSignals, client: Client, text: string) {
  client.alive = true;
  if (!client.feed) return;
  let parsed;
  try {
    parsed = PresenceSchema.safeParse(JSON.parse(text));
  } catch {
    return; // the keepalive, or noise
  }
  if (!parsed.success || !client.issueScope) return;
  const { issueId, state } = parsed.data;
  const issue = await findIssueInScope(
    deps.db.orm,
    client.organizationId,
    client.userId,
    client.issueScope,
    issueId,
  );
  if (!issue) return;
  if (state === 'typing' && parsed.data.reply) typing.agentTyping(issueId);
  await publishEvent(deps.db.orm, {
    name: 'issue.presence',
    organizationId: client.organizationId,
    data: {
      issueId,
      userId: client.userId,
      state,
      teamId: issue.teamId,
      assigneeUserId: issue.assigneeUserId,
    },
  });
}

export type { IssueAudienceFacts };
