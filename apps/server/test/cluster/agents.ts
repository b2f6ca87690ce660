// Agents of the cluster test: each signs in through the proxy and holds the web app's socket
// (`/ws?token=…&socketType=web`), reconnecting like the web app (apps/web/src/lib/live-socket.ts): an
// attempt counts once the server says the socket is registered (LIVE_READY_MESSAGE) within 5 s; after a
// close the next attempt waits 1 s, doubling after each failed attempt. Every connection is kept as a
// session: which node served it (the proxy's x-sabai-node header), when it was registered and closed, and
// the ids of the messages whose `message.created` it received.
import WebSocket from 'ws';
import { LIVE_READY_MESSAGE } from '@sabai/contracts';

const OPEN_TIMEOUT_MS = 5_000;
const RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;

export type SocketSession = {
  node: string | null;
  /** When the server's registration message arrived (test clock), null until then. */
  readyAt: number | null;
  closedAt: number | null;
  /** Ids of the messages announced on this session. */
  messageIds: Set<number>;
};

/** Signs in with email and password through `baseUrl`; resolves to the access token. */
export async function signInAgent(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export class AgentSocket {
  readonly sessions: SocketSession[] = [];
  private socket: WebSocket | null = null;
  private failures = 0;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly wsUrl: string,
    private readonly token: string,
  ) {}

  /** The latest session. */
  get current(): SocketSession | undefined {
    return this.sessions.at(-1);
  }

  /** Registered on a node now. */
  get isReady(): boolean {
    const s = this.current;
    return Boolean(s && s.readyAt !== null && s.closedAt === null);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000, 'Connection Closed Normally');
  }

  private connect(): void {
    const session: SocketSession = { node: null, readyAt: null, closedAt: null, messageIds: new Set() };
    this.sessions.push(session);
    const socket = new WebSocket(`${this.wsUrl}/ws?token=${this.token}&socketType=web`);
    this.socket = socket;
    const openTimer = setTimeout(() => socket.terminate(), OPEN_TIMEOUT_MS);
    socket.on('upgrade', (res) => {
      session.node = String(res.headers['x-sabai-node'] ?? '') || null;
    });
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text === LIVE_READY_MESSAGE) {
        clearTimeout(openTimer);
        session.readyAt = Date.now();
        this.failures = 0;
        return;
      }
      if (!text.includes('"message.created"')) return;
      const event = JSON.parse(text) as { type: string; data: { messageId: number } };
      if (event.type === 'message.created') session.messageIds.add(event.data.messageId);
    });
    // A failed handshake (the proxy's 503 while no node is up) also ends in a close.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(openTimer);
      session.closedAt = Date.now();
      if (this.stopped) return;
      const delay = Math.min(MAX_RETRY_DELAY_MS, RETRY_DELAY_MS * 2 ** this.failures);
      if (session.readyAt === null) this.failures++;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }
}
