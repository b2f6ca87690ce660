// The workspace's live feed: one websocket per tab (`/ws?socketType=live`), shared by the screens that
// mount useLiveFeed. Changes to issues and messages refresh the cached issue reads (batched, so a burst of
// customer messages costs one refetch); presence (who is viewing or typing an issue) is kept in memory.
// After a reconnect everything is refetched: events sent while the socket was down are not replayed.
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { socketSession } from './api-client';
import { isRevokedClose } from './noti-socket';

export type PresenceState = 'viewing' | 'typing';
type LiveEvent = { type: string; data: Record<string, unknown> };

const REFRESH_BATCH_MS = 300;
const PRESENCE_TTL_MS: Record<PresenceState, number> = { viewing: 25_000, typing: 6_000 };
const MAX_BACKOFF_MS = 30_000;

let socket: WebSocket | null = null;
let users = 0;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let queryClient: QueryClient | null = null;

// issueId → userId → { state, until }
const presence = new Map<number, Map<string, { state: PresenceState; until: number }>>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const listener of listeners) listener();
};

function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    void queryClient?.invalidateQueries({ queryKey: ['issues'] });
  }, REFRESH_BATCH_MS);
}

function onEvent(event: LiveEvent) {
  if (event.type === 'issue.presence') {
    const issueId = Number(event.data.issueId);
    const userId = String(event.data.userId);
    const state = event.data.state as PresenceState | 'left';
    const viewers = presence.get(issueId) ?? new Map();
    presence.set(issueId, viewers);
    if (state === 'left') viewers.delete(userId);
    else viewers.set(userId, { state, until: Date.now() + PRESENCE_TTL_MS[state] });
    changed();
    return;
  }
  scheduleRefresh();
}

// The token of the open socket; when the server closes it as revoked, the next one refreshes it first.
let socketToken: string | undefined;
let revoked = false;

async function connect() {
  // A refresh the server refuses means the session ended: no socket (the next API call signs out).
  const token = await socketSession(revoked ? socketToken : undefined);
  revoked = false;
  if (!token || users === 0) return;
  socketToken = token.accessToken;
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token.accessToken);
  url.searchParams.set('socketType', 'live');
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    if (attempt > 0) scheduleRefresh();
    attempt = 0;
  };
  ws.onmessage = (message) => {
    try {
      onEvent(JSON.parse(String(message.data)) as LiveEvent);
    } catch {
      console.warn('live feed: ignored an unreadable message');
    }
  };
  ws.onclose = ({ code, reason }) => {
    if (socket !== ws) return;
    socket = null;
    revoked = isRevokedClose(code, reason);
    if (users === 0) return;
    attempt++;
    retryTimer = setTimeout(() => void connect(), Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
  };
}

/** Keeps the live feed open while the calling screen is mounted. */
export function useLiveFeed(): void {
  const client = useQueryClient();
  useEffect(() => {
    queryClient = client;
    users++;
    if (users === 1) void connect();
    return () => {
      users--;
      if (users > 0) return;
      clearTimeout(retryTimer);
      socket?.close(1000, 'Connection Closed Normally');
      socket = null;
    };
  }, [client]);
}

/** Tells colleagues the user is viewing or typing in an issue (or has left it). */
export function sendPresence(issueId: number, state: PresenceState | 'left'): void {
  if (socket?.readyState === WebSocket.OPEN)
    socket.send(JSON.stringify({ type: 'presence', issueId, state }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Presence lapses without news: expired entries are dropped every few seconds.
setInterval(() => {
  const now = Date.now();
  let isChanged = false;
  for (const viewers of presence.values()) {
    for (const [userId, v] of viewers) {
      if (v.until <= now) {
        viewers.delete(userId);
        isChanged = true;
      }
    }
  }
  if (isChanged) changed();
}, 2_000);

/** Other users present on an issue now (the current user excluded by the caller). */
export function usePresence(issueId: number | null): Array<{ userId: string; state: PresenceState }> {
  useSyncExternalStore(subscribe, () => version);
  const viewers = issueId === null ? undefined : presence.get(issueId);
  return [...(viewers?.entries() ?? [])].map(([userId, v]) => ({ userId, state: v.state }));
}
