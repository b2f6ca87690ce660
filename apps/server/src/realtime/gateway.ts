// The websocket gateway (architecture "Realtime"): `/ws?token=<access token>&socketType=…`. Browsers cannot
// set headers on a WebSocket, so the access token comes in the query and is verified here. Two socket
// types share the endpoint:
// - `webNoti`: the notification channel of spec §4: the user's notifications (web-noti.ts) and, when their
//   role changed, a refresh message with a new session;
// - `live`: the workspace's change feed (issues and messages the user may see, and who is viewing or typing
//   an issue), kept apart so a spec client never mistakes a change for a notice.
// Every node receives every event through pg_notify and forwards it to its own sockets that may see it.
// A socket lives as long as the session it was opened with: when the user's session version moves on
// (logout, password, deactivation, removal, role change) their sockets are closed with 4401
// `auth.token_revoked`, and the client opens new ones with a refreshed token.
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { scopeFor } from '@sabai/domain';
import type { Deps } from '../deps';
import type { DomainEvent, EventBus } from '../platform/events';
import { publishEvent } from '../platform/events';
import { authenticateToken, REISSUE_REASONS, reissueSession } from '../modules/auth';
import { findIssueInScope } from '../modules/issues';
import { teamIdsOf } from '../modules/issues/issues.repo';
import { canSeeIssue, type IssueAudienceFacts, type Viewer } from './audience';
import { IssueFactsCache } from './issue-facts';
import { webNotiMessage } from './web-noti';

const QuerySchema = z.object({ token: z.string().min(1), socketType: z.enum(['webNoti', 'live']) });
const PresenceSchema = z.object({
  type: z.literal('presence'),
  issueId: z.number().int().positive(),
  state: z.enum(['viewing', 'typing', 'left']),
});

/** Closed by the server: 4401 bad, expired or revoked token, 4400 bad query. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_BAD_REQUEST = 4400;
const PING_INTERVAL_MS = 30_000;
/** Team memberships are re-read this often (a user moved to another team starts seeing its issues). */
const TEAMS_TTL_MS = 60_000;

type Client = Viewer & {
  socket: WebSocket;
  organizationId: string;
  socketType: 'webNoti' | 'live';
  role: Parameters<typeof scopeFor>[0];
  /** The session version of the token the socket was opened with. */
  sessionVersion: number;
  teamsLoadedAt: number;
  alive: boolean;
};

/** What other parts of this process may ask the gateway. */
export type RealtimeGateway = {
  /** Whether the user has a `webNoti` socket of the organisation open on this node. */
  hasNoticeSocket(userId: string, organizationId: string): boolean;
};

export async function registerRealtime(
  app: FastifyInstance,
  deps: Deps,
  bus: EventBus,
): Promise<RealtimeGateway> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const clients = new Map<string, Set<Client>>();
  // webNoti sockets by user: a notification is for one user, so a burst of them (a broadcast to every
  // agent) costs one lookup each instead of a scan of the organisation's sockets.
  const noticeSockets = new Map<string, Set<Client>>();
  // Every socket by user, whatever its organisation: a session change closes them all.
  const userSockets = new Map<string, Set<Client>>();
  const facts = new IssueFactsCache(deps.db);

  const refreshTeams = async (client: Client) => {
    if (Date.now() - client.teamsLoadedAt < TEAMS_TTL_MS) return;
    client.teamIds = new Set(await teamIdsOf(deps.db.orm, client.userId));
    client.teamsLoadedAt = Date.now();
  };

  const unsubscribe = bus.subscribe(async (event) => {
    if (event.name === 'session.changed') return onSessionChanged(event);
    const audience = clients.get(event.organizationId);
    if (!audience?.size) return;
    if (event.name === 'notification.created') {
      const recipients = noticeSockets.get(String(event.data.userId));
      if (!recipients) return;
      const text = webNotiMessage(event);
      for (const c of recipients) if (c.organizationId === event.organizationId) c.socket.send(text);
      return;
    }
    const issueId = Number(event.data.issueId);
    if (!Number.isSafeInteger(issueId)) return;
    const issue = await facts.get(issueId, event);
    if (!issue) return;
    const message = JSON.stringify({ type: event.name, data: event.data });
    for (const c of audience) {
      if (c.socketType !== 'live') continue;
      await refreshTeams(c);
      if (canSeeIssue(c, issue)) c.socket.send(message);
    }
  });

  /**
   * A user's sessions changed: the sockets opened with an older session version close. On a role change
   * their notice sockets of the organisation first get a new session (spec §3 refresh message), unless
   * they may no longer sign in there. One session per user and node.
   */
  const onSessionChanged = async (event: DomainEvent) => {
    const userIds = Array.isArray(event.data.userIds) ? event.data.userIds.map(String) : [];
    for (const userId of userIds) {
      const sockets = userSockets.get(userId);
      if (!sockets?.size) continue;
      const version = await deps.sessions.current(userId);
      const stale = [...sockets].filter((c) => c.sessionVersion !== version);
      const session =
        version !== null && REISSUE_REASONS.has(String(event.data.reason))
          ? await reissueSession(deps, userId, event.organizationId)
          : null;
      for (const c of stale) {
        if (session && c.socketType === 'webNoti' && c.organizationId === event.organizationId) {
          c.socket.send(JSON.stringify(session));
        }
        c.socket.close(CLOSE_UNAUTHORIZED, 'auth.token_revoked');
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
      let auth;
      try {
        auth = await authenticateToken(deps, query.data.token);
      } catch (err) {
        return socket.close(CLOSE_UNAUTHORIZED, (err as { code?: string }).code ?? 'auth.unauthenticated');
      }
      const client: Client = {
        socket,
        userId: auth.userId,
        organizationId: auth.organizationId,
        socketType: query.data.socketType,
        role: auth.role,
        sessionVersion: auth.sv,
        issueScope: scopeFor(auth.role, 'issue', 'view') ?? null,
        teamIds: new Set(),
        teamsLoadedAt: 0,
        alive: true,
      };
      await refreshTeams(client);
      const set = clients.get(client.organizationId) ?? new Set();
      clients.set(client.organizationId, set);
      set.add(client);
      const mine = userSockets.get(client.userId) ?? new Set();
      userSockets.set(client.userId, mine);
      mine.add(client);
      socket.on('pong', () => (client.alive = true));
      if (client.socketType === 'webNoti') {
        const own = noticeSockets.get(client.userId) ?? new Set();
        noticeSockets.set(client.userId, own);
        own.add(client);
      }
      socket.on('close', () => {
        set.delete(client);
        mine.delete(client);
        if (mine.size === 0) userSockets.delete(client.userId);
        const own = noticeSockets.get(client.userId);
        own?.delete(client);
        if (own?.size === 0) noticeSockets.delete(client.userId);
      });
      socket.on('message', (raw) => void onMessage(deps, client, raw.toString()));
    },
  );

  return {
    hasNoticeSocket: (userId, organizationId) =>
      [...(noticeSockets.get(userId) ?? [])].some((c) => c.organizationId === organizationId),
  };
}

/** Client messages: the spec's keepalive, and presence on the live socket. */
async function onMessage(deps: Deps, client: Client, text: string) {
  client.alive = true;
  if (client.socketType !== 'live') return;
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
