// Compile-time checks of the client's side of the live event union, run by `npm run typecheck` (never
// imported, never executed): each `@ts-expect-error` fails the type check if the read below it ever compiles.
import { onLiveMessage } from './live-socket';

export const read: unknown[] = [];

export const liveHandlerFixture = onLiveMessage((message) => {
  if (message.kind !== 'feed') return;
  const { event } = message;
  if (event.type === 'issue.assigned') {
    // @ts-expect-error an assignment names the assignee's id, not their name
    read.push(event.data.assigneeName);
  }
  if (event.type === 'message.created') {
    // @ts-expect-error a new message carries a bounded preview in its card, never the message's text
    read.push(event.data.text);
    read.push(event.data.card?.lastMessage.text);
  }
  if (event.type === 'issue.presence') {
    // @ts-expect-error presence has no status
    read.push(event.data.status);
  }
});
