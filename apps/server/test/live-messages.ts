// What an agent's page sees live, for the tests and benches that time customer messages end to end: a live
// socket records when each message's `message.created` arrives, and the API tells which text each message
// id holds (the event carries ids only).
import WebSocket from 'ws';
import { LIVE_READY_MESSAGE } from '@sabai/contracts';

/** Signs in through the API; resolves to the access token. */
export async function signInOver(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export type LiveWatch = {
  /** Inbound message id → when its notice arrived (performance.now()). */
  arrivals: Map<number, number>;
  /** Issues the notices were about. */
  issueIds: Set<number>;
  /** The same, in the order first seen (to pick one at random without copying the set). */
  issueList: number[];
  socket: WebSocket;
  close(): void;
};

/**
 * Resolves once the gateway has registered a feed socket (`web` or `live`): its first message says so, and
 * every event published afterwards reaches it. Attach before the socket opens (the message may come at once).
 */
export function feedRegistered(socket: WebSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('message', (raw) => {
      const first = raw.toString();
      if (first === LIVE_READY_MESSAGE) resolve();
      else reject(new Error(`the socket's first message was ${first}`));
    });
  });
}

/** Opens a live socket and records the first arrival of every inbound `message.created`. */
export async function watchLiveMessages(baseUrl: string, token: string): Promise<LiveWatch> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?token=${token}&socketType=live`, {
    perMessageDeflate: false,
  });
  const registered = feedRegistered(socket);
  const arrivals = new Map<number, number>();
  const issueIds = new Set<number>();
  const issueList: number[] = [];
  socket.on('message', (raw) => {
    const at = performance.now();
    const event = JSON.parse(raw.toString()) as { type?: string; data?: Record<string, unknown> };
    if (event.type !== 'message.created' || event.data?.direction !== 'inbound') return;
    const id = Number(event.data.messageId);
    if (!arrivals.has(id)) arrivals.set(id, at);
    const issueId = Number(event.data.issueId);
    if (!issueIds.has(issueId)) issueList.push(issueId);
    issueIds.add(issueId);
  });
  await registered;
  return { arrivals, issueIds, issueList, socket, close: () => socket.close() };
}

/** Every customer message of these issues, text → message id, read page by page through the API. */
export async function inboundTextIds(baseUrl: string, token: string, issueIds: Iterable<number>) {
  const ids = new Map<string, number>();
  for (const issueId of issueIds) {
    let before: number | null = null;
    do {
      const query: string = `limit=100${before ? `&before=${before}` : ''}`;
      const res = await fetch(`${baseUrl}/api/v1/issues/${issueId}/messages?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`messages of issue ${issueId} answered ${res.status}`);
      const page = (await res.json()) as {
        items: Array<{ id: number; direction: string; text: string | null }>;
        nextCursor: number | null;
      };
      for (const m of page.items) if (m.direction === 'inbound' && m.text) ids.set(m.text, m.id);
      before = page.nextCursor;
    } while (before);
  }
  return ids;
}
