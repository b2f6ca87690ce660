// Compile-time checks of the live event union, run by `npm run typecheck` (never imported, never executed):
// each `@ts-expect-error` fails the type check if the wrong payload below it ever compiles. The client's side
// is apps/web/src/lib/live-socket.typecheck.ts.
import type { Executor } from './db';
import { publishEvent, publishEvents } from './events';

export async function publisherFixtures(tx: Executor): Promise<void> {
  await publishEvent(tx, {
    name: 'issue.status_changed',
    organizationId: 'o',
    data: { issueId: 1, status: 'waiting', teamId: null, assigneeUserId: null },
  });
  await publishEvent(tx, {
    name: 'issue.status_changed',
    organizationId: 'o',
    // @ts-expect-error a status the issues do not have
    data: { issueId: 1, status: 'archived', teamId: null, assigneeUserId: null },
  });
  // @ts-expect-error a new message says which way it went and what its issue's card shows
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: 'o',
    data: { issueId: 1, messageId: 2 },
  });
  await publishEvent(tx, {
    name: 'session.changed',
    organizationId: 'o',
    // @ts-expect-error the payload of another event
    data: { issueId: 1, messageId: 2 },
  });
  // @ts-expect-error an event nobody declared
  await publishEvents(tx, [{ name: 'issue.archived', organizationId: 'o', data: { issueId: 1 } }]);
}
