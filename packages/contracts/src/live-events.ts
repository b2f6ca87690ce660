// Every live event (docs/architecture.md "Realtime"): what a server service publishes through pg_notify, and
// what the websocket gateway forwards to the web app as `{ type: name, data }`. One schema per event name:
// the server's publisher type, the gateway and the web client's parser all derive from this map, so a
// payload that disagrees with it fails to compile (see apps/server/src/platform/events.typecheck.ts).
// Payloads stay small (pg_notify takes less than 8000 bytes): ids, statuses, times and bounded previews,
// never a message's full text; a client fetches what it needs beyond them.
import { z } from 'zod';
import { CHANNEL_TYPES, ISSUE_STATUSES } from '@sabai/domain';

const issueId = z.number().int();
const userId = z.string();
const nullableId = z.string().nullable();

/** Where an issue stands now: what the gateway picks the audience by and the web moves the card by. */
const IssueStateSchema = z.object({
  issueId,
  status: z.enum(ISSUE_STATUSES),
  teamId: nullableId,
  assigneeUserId: nullableId,
});

/** The longest message preview an event carries (the card shows one line of it). */
export const MESSAGE_PREVIEW_CHARS = 100;

/** What an issue's card shows after a message: its last message (bounded) and last response time. */
const CardSchema = z.object({
  lastResponseAt: z.iso.datetime(),
  lastMessage: z.object({
    text: z.string().max(MESSAGE_PREVIEW_CHARS).nullable(),
    kind: z.string(),
    senderType: z.string(),
  }),
});
export type LiveIssueCard = z.infer<typeof CardSchema>;

/** A message's card preview: its text cut to MESSAGE_PREVIEW_CHARS. */
export function messagePreview(
  at: Date,
  message: { text: string | null; kind: string; senderType: string },
): LiveIssueCard {
  return {
    lastResponseAt: at.toISOString(),
    lastMessage: {
      text: message.text === null ? null : [...message.text].slice(0, MESSAGE_PREVIEW_CHARS).join(''),
      kind: message.kind,
      senderType: message.senderType,
    },
  };
}

export const LIVE_EVENT_DATA = {
  'issue.created': IssueStateSchema.extend({ channelId: z.string().optional() }),
  /**
   * A change of state (with the note, a close request), or of some fields only (`unread`: read now; `csat`: its
   * survey; `chat`: a LINE group's members or the chat's events in the trail).
   */
  'issue.updated': z.union([
    IssueStateSchema,
    z.object({ issueId, fields: z.array(z.enum(['tags', 'contact', 'unread', 'csat', 'chat'])).min(1) }),
  ]),
  'issue.assigned': IssueStateSchema,
  'issue.status_changed': IssueStateSchema,
  'message.created': z.object({
    issueId,
    messageId: z.number().int(),
    direction: z.enum(['inbound', 'outbound']),
    /** The card after this message; null when it does not change (a private note). */
    card: CardSchema.nullable(),
    // Present when the publisher knows them (customer messages): the gateway then reads no issue.
    teamId: nullableId.optional(),
    assigneeUserId: nullableId.optional(),
  }),
  /** Delivered, failed, retried, unsent, or its media stored: the message's row changed. */
  'message.updated': z.object({
    issueId,
    messageId: z.number().int(),
    // Present when the publisher knows them (a delivery): the gateway then reads no issue.
    teamId: nullableId.optional(),
    assigneeUserId: nullableId.optional(),
  }),
  /** For one user; the gateway turns it into the published webNoti message (realtime/web-noti.ts). */
  'notification.created': z.object({
    notificationId: z.number().int(),
    userId,
    type: z.string(),
    issueId: issueId.nullable(),
    /** Bounded by the notification's own limit (200 characters). */
    content: z.string(),
    adminUserId: nullableId.optional(),
    /** For a customer's message: who wrote, where, and a preview (the popup's title and text). */
    sender: z
      .object({
        contactName: z.string().max(200),
        channelName: z.string().max(200),
        channelType: z.enum(CHANNEL_TYPES),
        preview: z.string().max(200),
      })
      .optional(),
  }),
  /** Sessions of these users moved on (at most 100 per event); their sockets close. */
  'session.changed': z.object({ userIds: z.array(userId).max(100), reason: z.string() }),
  /** Someone viewing or typing in an issue's chat (ephemeral; never stored). */
  'issue.presence': z.object({
    issueId,
    userId,
    state: z.enum(['viewing', 'typing', 'left']),
    teamId: nullableId,
    assigneeUserId: nullableId,
  }),
} as const;

export type LiveEventName = keyof typeof LIVE_EVENT_DATA;
export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENT_DATA) as LiveEventName[];
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LIVE_EVENT_DATA)[N]>;

/** An event as published by the server: name, organisation and the name's payload. */
export type DomainEvent = {
  [N in LiveEventName]: { name: N; organizationId: string; data: LiveEventData<N> };
}[LiveEventName];

/** Schema of a published event (what the server's event bus reads back from pg_notify). */
// (Built from the map, so the options' literal types are lost: the declared type restores them.)
export const DomainEventSchema = z.discriminatedUnion(
  'name',
  LIVE_EVENT_NAMES.map((name) =>
    z.object({ name: z.literal(name), organizationId: z.string().min(1), data: LIVE_EVENT_DATA[name] }),
  ) as never,
) as unknown as z.ZodType<DomainEvent>;

/** The events the gateway forwards on a socket's change feed (notices and sessions travel otherwise). */
export const FEED_EVENT_NAMES = [
  'issue.created',
  'issue.updated',
  'issue.assigned',
  'issue.status_changed',
  'message.created',
  'message.updated',
  'issue.presence',
] as const satisfies readonly LiveEventName[];
export type FeedEventName = (typeof FEED_EVENT_NAMES)[number];

/** A change-feed message on the web app's socket: `{ type: name, data }`. */
export type LiveFeedEvent = { [N in FeedEventName]: { type: N; data: LiveEventData<N> } }[FeedEventName];

export const LiveFeedEventSchema = z.discriminatedUnion(
  'type',
  FEED_EVENT_NAMES.map((type) => z.object({ type: z.literal(type), data: LIVE_EVENT_DATA[type] })) as never,
) as unknown as z.ZodType<LiveFeedEvent>;

/** The feed message of an event, or null for one that is not for the feed. */
export function feedEventOf(event: DomainEvent): LiveFeedEvent | null {
  return (FEED_EVENT_NAMES as readonly string[]).includes(event.name)
    ? ({ type: event.name, data: event.data } as LiveFeedEvent)
    : null;
}
