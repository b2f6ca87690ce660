// The tab's one websocket (`/ws?token=…&socketType=web`): the notification channel (notices, new issue and message messages, session refreshes) and the workspace's change feed
// (`{ type, data }` live events of @sabai/contracts, presence included) on one connection, opened while a
// signed-in layout or workspace screen is mounted. The rules are pure functions below (tested one by one);
// `NotiSocket` applies the connection rules to any WebSocket-like object, so the tests drive it with
// a fake socket and fake timers. Screens listen through `onLiveMessage` and `onLiveOpen`; what they
// do with a message (popups, cache updates) lives in their features.
import { useEffect, useSyncExternalStore } from 'react';
import {
  LIVE_READY_MESSAGE,
  LiveFeedEventSchema,
  LiveIssueMessageSchema,
  LiveRefreshMessageSchema,
  type LiveFeedEvent,
  type LiveIssueMessage,
  type LiveRefreshMessage,
} from '@sabai/contracts';
import { socketSession } from './api-client';

/** Socket timeout 5000 ms, 10 attempts, keepalive 300000 ms, popup 5 s. */
export const NOTI_SOCKET = {
  timeoutMs: 5_000,
  maxAttempts: 10,
  keepaliveMs: 300_000,
  popupMs: 5_000,
  /**
   * Our addition: a pause between attempts so a down server is not hammered, doubling per failed
   * attempt up to maxRetryDelayMs.
   */
  retryDelayMs: 1_000,
  maxRetryDelayMs: 30_000,
} as const;

const RECONNECT_REASONS = ['Going away', 'Connection Closed Normally'];
const RECONNECT_CODES = [1000, 1001, 1006];

/**
 * The server's close when the user's session changed (logout elsewhere, password, role): the socket's token
 * was revoked, and a refreshed one may open a new socket (the refresh fails if the session itself ended).
 */
export const isRevokedClose = (code: number, reason: string) =>
  code === 4401 && reason === 'auth.token_revoked';

/**
 * Reconnect when closed with reason Going away or Connection Closed Normally, or 1000/1001/1006;
 * and after a revoked token's close, with a refreshed token.
 */
export function shouldReconnect(code: number, reason: string): boolean {
  return RECONNECT_REASONS.includes(reason) || RECONNECT_CODES.includes(code) || isRevokedClose(code, reason);
}

/** What a socket message is to the client. */
export type LiveMessage =
  | { kind: 'feed'; event: LiveFeedEvent }
  | ({ kind: 'refresh' } & LiveRefreshMessage)
  | ({ kind: 'issue' } & LiveIssueMessage)
  | { kind: 'notice'; text: string; issueId: number | null };

// A link in a notice: an absolute URL or a path, whose query carries issueId.
const LINK = /\s*(?:https?:\/\/\S+|\/\S*)\?\S*\bissueId=(\d+)\S*/;

/** Strips the link from a plain text notice and reads the issue it names. */
export function stripLink(text: string): { text: string; issueId: number | null } {
  const match = LINK.exec(text);
  if (!match) return { text: text.trim(), issueId: null };
  return { text: text.replace(match[0], '').trim(), issueId: Number(match[1]) };
}

/**
 * Reads a socket message; null for what cannot be read (the caller warns and ignores it): empty
 * text, broken JSON, or JSON that is neither a live event, a refresh nor an issue message.
 */
export function parseLiveMessage(data: string): LiveMessage | null {
  const text = data.trim();
  if (!text) return null;
  if (!text.startsWith('{') && !text.startsWith('[')) return { kind: 'notice', ...stripLink(text) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const feed = LiveFeedEventSchema.safeParse(json);
  if (feed.success) return { kind: 'feed', event: feed.data };
  const refresh = LiveRefreshMessageSchema.safeParse(json);
  if (refresh.success) return { kind: 'refresh', ...refresh.data };
  const issue = LiveIssueMessageSchema.safeParse(json);
  if (issue.success) return { kind: 'issue', ...issue.data };
  return null;
}

/** The Thai closed-issue message gets the issue number inserted at character 6. */
export function insertIssueNumber(thaiClosedText: string, issueId: number): string {
  return `${thaiClosedText.slice(0, 6)} ${issueId}${thaiClosedText.slice(6)}`;
}

export type PopupContext = {
  /** The current path (mobile prefix included). */
  pathname: string;
  /** The issue whose chat the page shows, when the tab is visible (null otherwise). */
  openIssueId: number | null;
  userId: string;
  isStaff: boolean;
  /** A registered device token means the browser shows push notifications instead of popups. */
  hasDeviceToken: boolean;
};

/** Staff (and no higher role) get new-issue popups only for their own issues. */
export function isStaffOnly(roleNames: readonly string[]): boolean {
  return roleNames.length > 0 && roleNames.every((role) => role === 'Staff');
}

const WORKSPACE_PAGES = /^(?:\/mobile)?\/issue\/(?:inbox|kanban)\/?$/;
const CHAT_PAGES = /^(?:\/issue\/inbox|\/mobile\/issue\/chat)\/?$/;

/** The issue whose chat a page shows (`issueId` on the inbox and the phone's chat), else null. */
export function chatIssueOf(pathname: string, search: string): number | null {
  if (!CHAT_PAGES.test(pathname)) return null;
  const id = Number(new URLSearchParams(search).get('issueId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A notice about the issue the user is reading right now: it needs no popup, no sound and no count (the
 * chat shows the message, and reading it marks the notice read on the server).
 */
export function isAboutOpenIssue(message: LiveMessage, ctx: Pick<PopupContext, 'openIssueId'>): boolean {
  return message.kind === 'issue' && ctx.openIssueId !== null && message.issueId === ctx.openIssueId;
}

/** Whether a notice or an issue message pops up: never for refreshes and the feed, nor while web push covers this browser. */
export function shouldShowPopup(message: LiveMessage, ctx: PopupContext): boolean {
  if (message.kind === 'refresh' || message.kind === 'feed' || ctx.hasDeviceToken) return false;
  if (isAboutOpenIssue(message, ctx)) return false;
  if (message.kind === 'notice') return true;
  if (message.type === 'newIssue') {
    // The inbox and kanban show new issues as they land; a popup there is noise.
    if (WORKSPACE_PAGES.test(ctx.pathname)) return false;
    return !ctx.isStaff || message.adminUserId === ctx.userId;
  }
  return message.adminUserId === ctx.userId && message.action === 'user';
}

/** The issue a notice opens when clicked. */
export function issueOf(message: LiveMessage): number | null {
  if (message.kind === 'refresh') return null;
  return message.kind === 'feed' ? message.event.data.issueId : message.issueId;
}

/** The pause before the next attempt after `failures` failed ones in a row: 1 s, 2 s, 4 s … up to 30 s. */
export const retryDelay = (failures: number) =>
  Math.min(NOTI_SOCKET.maxRetryDelayMs, NOTI_SOCKET.retryDelayMs * 2 ** failures);

/** The minimal WebSocket the client needs (the browser's, or a fake in tests). */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

export type NotiSocketOptions = {
  /**
   * The socket URL with a fresh access token; null when signed out (no connection is made). `revoked`: the
   * previous socket was closed because its token was revoked, so the token must be refreshed first.
   */
  url(revoked: boolean): Promise<string | null>;
  open(url: string): SocketLike;
  onMessage(data: string): void;
  /**
   * Called on each open, once the server says the socket is registered (LIVE_READY_MESSAGE; the handshake
   * comes before that, and an event sent in between would be missed); `reconnected` after an earlier socket
   * of this run had closed.
   */
  onOpen?(reconnected: boolean): void;
  /** Called when a socket closes; `retrying` when a new attempt follows. */
  onClose?(retrying: boolean): void;
  /** Called when the attempts are used up (the socket stays closed until the next mount). */
  onGiveUp?(): void;
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(id: unknown): void;
    setInterval(fn: () => void, ms: number): unknown;
    clearInterval(id: unknown): void;
  };
};

const OPEN = 1;
/** What the keepalive sends; the server only marks the socket alive. */
export const KEEPALIVE_TEXT = 'ping';

/**
 * The connection rules: each attempt must open within 5000 ms; at most 10 attempts in a row;
 * a close with one of the reconnect reasons or codes starts a new attempt; a keepalive every 300000 ms.
 */
export class NotiSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private stopped = false;
  private openTimer: unknown = null;
  private retryTimer: unknown = null;
  private keepalive: unknown = null;
  private revoked = false;
  /** Failed attempts in a row since the last open: the retry pause doubles with each. */
  private failures = 0;
  private hasOpened = false;
  private readonly timers: NonNullable<NotiSocketOptions['timers']>;

  constructor(private readonly options: NotiSocketOptions) {
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    };
  }

  /** Attempts made since the last successful open. */
  get attemptCount(): number {
    return this.attempts;
  }

  start(): void {
    this.stopped = false;
    this.attempts = 0;
    this.failures = 0;
    this.hasOpened = false;
    void this.attempt();
  }

  /** Closes for good (layout unmount, sign-out). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Connection Closed Normally');
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    if (this.attempts >= NOTI_SOCKET.maxAttempts) {
      this.options.onGiveUp?.();
      return;
    }
    this.attempts++;
    const url = await this.options.url(this.revoked);
    if (!url || this.stopped) return;
    const socket = this.options.open(url);
    this.socket = socket;
    let ready = false;
    this.openTimer = this.timers.setTimeout(() => {
      // Not open (registered) in time: give up on this attempt and try again.
      if (this.socket !== socket || ready) return;
      this.socket = null;
      socket.onclose = null;
      socket.close();
      this.options.onClose?.(true);
      this.retry();
    }, NOTI_SOCKET.timeoutMs);
    const opened = () => {
      ready = true;
      this.timers.clearTimeout(this.openTimer);
      this.attempts = 0;
      this.failures = 0;
      this.revoked = false;
      this.options.onOpen?.(this.hasOpened);
      this.hasOpened = true;
      this.keepalive = this.timers.setInterval(() => {
        if (socket.readyState === OPEN) socket.send(KEEPALIVE_TEXT);
      }, NOTI_SOCKET.keepaliveMs);
    };
    socket.onmessage = (event) => {
      const data = String(event.data);
      if (data === LIVE_READY_MESSAGE) opened();
      else this.options.onMessage(data);
    };
    socket.onclose = ({ code, reason }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.revoked = isRevokedClose(code, reason);
      const retrying = shouldReconnect(code, reason);
      this.options.onClose?.(retrying);
      if (retrying) this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    this.retryTimer = this.timers.setTimeout(() => void this.attempt(), retryDelay(this.failures));
    this.failures++;
  }

  private clearTimers(): void {
    this.timers.clearTimeout(this.openTimer);
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearInterval(this.keepalive);
  }
}

// The tab's one socket, shared by whatever is mounted (the layout's notices, the workspace screens).

type MessageListener = (message: LiveMessage) => void;
const messageListeners = new Set<MessageListener>();
const openListeners = new Set<() => void>();
// The socket's state, shown as <html data-live="connecting|open|closed">: support sees it in the browser's
// tools, and the journeys wait for "open" before they raise the events a screen should receive.
type LiveState = 'connecting' | 'open' | 'closed';
function setLiveState(state: LiveState) {
  document.documentElement.dataset.live = state;
}
// Whether the server can be reached, as the socket knows it: not from a failed attempt or a lost connection
// (or the browser going offline) until the next open. The shell's banner and the availability say so.
let isReachable = true;
const reachListeners = new Set<() => void>();
function setReachable(next: boolean) {
  if (next === isReachable) return;
  isReachable = next;
  for (const listener of [...reachListeners]) listener();
}

/** Whether the server can be reached now (re-renders when that changes). */
export function useServerReachable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      reachListeners.add(listener);
      return () => reachListeners.delete(listener);
    },
    () => isReachable,
  );
}

/** After the attempts ran out, how often the server is asked whether it is back (then the socket starts again). */
const SERVER_PROBE_MS = 15_000;
let probeTimer: ReturnType<typeof setInterval> | undefined;

/** Starts the socket again once the server answers /healthz, or at once when the browser comes back online. */
function restartWhenReachable() {
  const restart = () => {
    clearInterval(probeTimer);
    probeTimer = undefined;
    setLiveState('connecting');
    connection?.start();
  };
  probeTimer = setInterval(() => {
    fetch('/healthz', { cache: 'no-store' }).then(
      (response) => response.ok && restart(),
      () => undefined, // still unreachable
    );
  }, SERVER_PROBE_MS);
}

const onBrowserOffline = () => setReachable(false);
const onBrowserOnline = () => {
  if (probeTimer !== undefined) {
    clearInterval(probeTimer);
    probeTimer = undefined;
    setLiveState('connecting');
    connection?.start();
  }
};

let users = 0;
let connection: NotiSocket | null = null;
let openSocket: SocketLike | null = null;
// The token of the latest socket: refreshed before the next one when the server revoked it.
let socketToken: string | undefined;

async function socketUrl(revoked: boolean): Promise<string | null> {
  // A refresh the server refuses means the session ended: no socket (the next API call signs out).
  const token = await socketSession(revoked ? socketToken : undefined);
  if (!token) return null;
  socketToken = token.accessToken;
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token.accessToken);
  url.searchParams.set('socketType', 'web');
  return url.toString();
}

function dispatch(data: string) {
  const message = parseLiveMessage(data);
  if (!message) {
    console.warn('live socket: ignored an unreadable message');
    return;
  }
  if (message.kind === 'feed' && message.event.type === 'issue.presence') onPresence(message.event.data);
  for (const listener of [...messageListeners]) listener(message);
}

/** Keeps the tab's socket open while the calling component is mounted (one socket, however many call it). */
export function useLiveSocket(): void {
  useEffect(() => {
    users++;
    if (users === 1) {
      connection = new NotiSocket({
        url: socketUrl,
        open: (url) => (openSocket = new WebSocket(url)),
        onMessage: dispatch,
        // Events sent before an open (while the socket was down, or between a screen's first fetch and the
        // first open) are not replayed: on every open, listeners refetch what they show.
        onOpen: () => {
          setLiveState('open');
          setReachable(true);
          // A screen opened before the socket (or while it was down) said nothing: say it now, not at the
          // next heartbeat.
          for (const issueId of viewing) sendPresence(issueId, 'viewing');
          for (const listener of [...openListeners]) listener();
        },
        onClose: (retrying) => {
          setLiveState(retrying ? 'connecting' : 'closed');
          // A close without a retry is the server's word (a revoked session), not a lost connection.
          if (retrying) setReachable(false);
        },
        onGiveUp: () => {
          setLiveState('closed');
          restartWhenReachable();
        },
      });
      setLiveState('connecting');
      connection.start();
      window.addEventListener('offline', onBrowserOffline);
      window.addEventListener('online', onBrowserOnline);
    }
    return () => {
      users--;
      if (users > 0) return;
      connection?.stop();
      connection = null;
      openSocket = null;
      clearInterval(probeTimer);
      probeTimer = undefined;
      window.removeEventListener('offline', onBrowserOffline);
      window.removeEventListener('online', onBrowserOnline);
      setLiveState('closed');
      setReachable(true);
    };
  }, []);
}

/** Calls `listener` with every message the socket receives; returns the unsubscribe function. */
export function onLiveMessage(listener: MessageListener): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/**
 * Calls `listener` each time the socket opens, the first time included (what a screen fetched before could
 * miss an event sent before the open); returns the unsubscribe function.
 */
export function onLiveOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

// Presence (who is viewing or typing an issue) is kept in memory.

export type PresenceState = 'viewing' | 'typing';
type PresenceData = Extract<LiveFeedEvent, { type: 'issue.presence' }>['data'];

const PRESENCE_TTL_MS: Record<PresenceState, number> = { viewing: 25_000, typing: 6_000 };
/**
 * issueId → userId → until when each state holds. Typing implies viewing, and a viewing heartbeat never
 * ends typing: only typing's own time does (a heartbeat sent just after a keystroke hid the typing).
 */
export type Presence = { state: PresenceState; viewingUntil: number; typingUntil: number };

/** A colleague's presence after their news `state` at `now`: typing shows until its own time ends. */
export function presenceAfter(held: Presence | undefined, state: PresenceState, now: number): Presence {
  const typingUntil = state === 'typing' ? now + PRESENCE_TTL_MS.typing : (held?.typingUntil ?? 0);
  return {
    state: typingUntil > now ? 'typing' : 'viewing',
    viewingUntil: Math.max(held?.viewingUntil ?? 0, now + PRESENCE_TTL_MS.viewing),
    typingUntil,
  };
}
const presence = new Map<number, Map<string, Presence>>();
const presenceListeners = new Set<() => void>();
let presenceVersion = 0;
const presenceChanged = () => {
  presenceVersion++;
  for (const listener of presenceListeners) listener();
};

function onPresence({ issueId, userId, state }: PresenceData) {
  const viewers = presence.get(issueId) ?? new Map<string, Presence>();
  presence.set(issueId, viewers);
  if (state === 'left') viewers.delete(userId);
  else viewers.set(userId, presenceAfter(viewers.get(userId), state, Date.now()));
  presenceChanged();
}

/** Issues open on this tab's screens, announced again each time the socket opens. */
const viewing = new Set<number>();

/** Tells colleagues the user views or types on an issue; typing a reply (`isReply`) shows the customer too. */
export function sendPresence(issueId: number, state: PresenceState | 'left', isReply = false): void {
  if (state === 'viewing') viewing.add(issueId);
  if (state === 'left') viewing.delete(issueId);
  if (openSocket?.readyState === OPEN)
    openSocket.send(
      JSON.stringify({ type: 'presence', issueId, state, ...(isReply ? { reply: true } : {}) }),
    );
}

const subscribePresence = (listener: () => void) => {
  presenceListeners.add(listener);
  return () => presenceListeners.delete(listener);
};

// Presence lapses without news: every few seconds, viewers gone quiet are dropped, and typing that ended
// shows as viewing.
setInterval(() => {
  const now = Date.now();
  let isChanged = false;
  for (const viewers of presence.values()) {
    for (const [userId, held] of viewers) {
      if (held.viewingUntil <= now) {
        viewers.delete(userId);
        isChanged = true;
      } else if (held.state === 'typing' && held.typingUntil <= now) {
        held.state = 'viewing';
        isChanged = true;
      }
    }
  }
  if (isChanged) presenceChanged();
}, 2_000);

/** Other users present on an issue now (the current user excluded by the caller). */
export function usePresence(issueId: number | null): Array<{ userId: string; state: PresenceState }> {
  useSyncExternalStore(subscribePresence, () => presenceVersion);
  const viewers = issueId === null ? undefined : presence.get(issueId);
  return [...(viewers?.entries() ?? [])].map(([userId, held]) => ({ userId, state: held.state }));
}
