// The spec's notification socket (§4 "Live channel"): `/ws?token=…&socketType=webNoti`, opened on layout
// mount. The rules are pure functions below (tested one by one); `NotiSocket` applies the connection
// rules to any WebSocket-like object, so the tests drive it with a fake socket and fake timers.
import {
  LiveIssueMessageSchema,
  LiveRefreshMessageSchema,
  type LiveIssueMessage,
  type LiveRefreshMessage,
} from '@sabai/contracts';

/** Spec §9: socket timeout 5000 ms, 10 attempts, keepalive 300000 ms, popup 5 s. */
export const NOTI_SOCKET = {
  timeoutMs: 5_000,
  maxAttempts: 10,
  keepaliveMs: 300_000,
  popupMs: 5_000,
  /** Not in the spec: a pause between attempts so a down server is not hammered. */
  retryDelayMs: 1_000,
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
 * Spec §4: reconnect when closed with reason Going away or Connection Closed Normally, or 1000/1001/1006;
 * and (not in the spec) after a revoked token's close, with a refreshed token.
 */
export function shouldReconnect(code: number, reason: string): boolean {
  return RECONNECT_REASONS.includes(reason) || RECONNECT_CODES.includes(code) || isRevokedClose(code, reason);
}

/** What a socket message is to the client. */
export type LiveMessage =
  | ({ kind: 'refresh' } & LiveRefreshMessage)
  | ({ kind: 'issue' } & LiveIssueMessage)
  | { kind: 'notice'; text: string; issueId: number | null };

// A link in a notice: an absolute URL or a path, whose query carries issueId (spec §3).
const LINK = /\s*(?:https?:\/\/\S+|\/\S*)\?\S*\bissueId=(\d+)\S*/;

/** Strips the link from a plain text notice and reads the issue it names. */
export function stripLink(text: string): { text: string; issueId: number | null } {
  const match = LINK.exec(text);
  if (!match) return { text: text.trim(), issueId: null };
  return { text: text.replace(match[0], '').trim(), issueId: Number(match[1]) };
}

/**
 * Reads a socket message; null for what cannot be read (the caller warns and ignores it, spec §8): empty
 * text, broken JSON, or JSON that is neither a refresh nor an issue message.
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
  const refresh = LiveRefreshMessageSchema.safeParse(json);
  if (refresh.success) return { kind: 'refresh', ...refresh.data };
  const issue = LiveIssueMessageSchema.safeParse(json);
  if (issue.success) return { kind: 'issue', ...issue.data };
  return null;
}

/** Spec §4: the Thai closed-issue message gets the issue number inserted at character 6. */
export function insertIssueNumber(thaiClosedText: string, issueId: number): string {
  return `${thaiClosedText.slice(0, 6)} ${issueId}${thaiClosedText.slice(6)}`;
}

export type PopupContext = {
  /** The current path (mobile prefix included). */
  pathname: string;
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

/** Spec §4's popup rules for a notice or an issue message. */
export function shouldShowPopup(message: LiveMessage, ctx: PopupContext): boolean {
  if (message.kind === 'refresh' || ctx.hasDeviceToken) return false;
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
  return message.kind === 'refresh' ? null : message.issueId;
}

/** The minimal WebSocket the client needs (the browser's, or a fake in tests). */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
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
 * The connection rules of spec §4: each attempt must open within 5000 ms; at most 10 attempts in a row;
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
    this.openTimer = this.timers.setTimeout(() => {
      // Not open in time: give up on this attempt and try again.
      if (this.socket !== socket || socket.readyState === OPEN) return;
      this.socket = null;
      socket.onclose = null;
      socket.close();
      this.retry();
    }, NOTI_SOCKET.timeoutMs);
    socket.onopen = () => {
      this.timers.clearTimeout(this.openTimer);
      this.attempts = 0;
      this.revoked = false;
      this.keepalive = this.timers.setInterval(() => {
        if (socket.readyState === OPEN) socket.send(KEEPALIVE_TEXT);
      }, NOTI_SOCKET.keepaliveMs);
    };
    socket.onmessage = (event) => this.options.onMessage(String(event.data));
    socket.onclose = ({ code, reason }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.revoked = isRevokedClose(code, reason);
      if (shouldReconnect(code, reason)) this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    this.retryTimer = this.timers.setTimeout(() => void this.attempt(), NOTI_SOCKET.retryDelayMs);
  }

  private clearTimers(): void {
    this.timers.clearTimeout(this.openTimer);
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearInterval(this.keepalive);
  }
}
