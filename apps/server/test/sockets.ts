// Waiting on the websocket gateway instead of sleeping. Registration finishes after the handshake (the user's
// teams are read first) and an event published before it never reaches that socket, so a test publishes an
// event for the socket's user until one arrives. Notices are handed out in the order they are published, so
// on a webNoti socket the arrival also proves every notice published before it has been delivered.
import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { publishEvent, type DomainEvent } from '../src/platform/events';
import type { TestApp } from './app';

/** Every probe carries this: recorders of a test leave such messages out. */
export const PROBE = 'gateway-registration-probe';

/** Resolves once an event published now reaches `socket` (opened with `token` as `socketType`). */
export async function caughtUp(t: TestApp, socket: WebSocket, token: string, socketType: string) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    organizationId: string;
  };
  const marker = `${PROBE} ${randomUUID()}`;
  // A notice for the user reaches their webNoti sockets; presence on an issue assigned to them (its
  // audience facts travel in the event, so the issue need not exist) reaches their live sockets. The
  // marker travels in a field of the event (the bus keeps only the fields of the event's schema).
  const { organizationId } = claims;
  const event: DomainEvent =
    socketType === 'webNoti'
      ? {
          name: 'notification.created',
          organizationId,
          data: { notificationId: 0, userId: claims.sub, type: 'probe', issueId: null, content: marker },
        }
      : {
          name: 'issue.presence',
          organizationId,
          data: { issueId: 0, userId: marker, state: 'viewing', teamId: null, assigneeUserId: claims.sub },
        };
  // Resolves on the probe's arrival; re-published meanwhile, as one sent before registration is lost.
  let timer: NodeJS.Timeout | undefined;
  let onMessage: (raw: WebSocket.RawData) => void = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      onMessage = (raw) => {
        if (raw.toString().includes(marker)) resolve();
      };
      socket.on('message', onMessage);
      const started = Date.now();
      const publish = () => {
        if (Date.now() - started > 10_000) reject(new Error('the gateway never delivered to the socket'));
        else publishEvent(t.db.orm, event).catch(reject);
      };
      publish();
      timer = setInterval(publish, 50);
    });
  } finally {
    clearInterval(timer);
    socket.off('message', onMessage);
  }
}
