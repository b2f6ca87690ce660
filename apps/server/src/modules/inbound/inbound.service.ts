// Processing of stored webhook deliveries, a claimed batch at a time
// (docs/decisions/channels.md "Set-based inbound processing"). Before the transaction, with a few queries for the
// whole batch: parse the deliveries, find their channels, find or create the customers' identities (the
// profile lookups of new customers are the only network calls). Then a transaction applies the events in
// order: runs of customer messages set-based, the rarer events (echo, follow, referral, unsend, read) one
// by one between them; a second one applies the first contacts' events once their profiles answered (or
// PROFILE_WAIT_MS passed). Two commits at most per batch, not one per message: with pg_notify in each
// transaction, commits queue on PostgreSQL's notification lock, so their number is what bounds throughput.
// Processing is idempotent: messages are unique per (channel, provider message id), so a redelivery or a
// retaken batch changes nothing.
import { messagePreview } from '@sabai/contracts';
import { toStorableText, type ChannelType } from '@sabai/domain';
import { parseLineWebhook, parseMetaWebhook, type InboundEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { deadLetterInbound } from '../../platform/dead-letters';
import type { InboundRow } from '../../platform/ingest-queue';
import { publishEvent, publishEvents } from '../../platform/events';
import type { ChannelRow } from '../channels';
import { startHandOuts } from '../assignment';
import { appendCustomerMessages, type CustomerMessage, type MessageEvent } from './customer-messages';
import { answerableSurveys, applySurveyAnswer } from './csat-answers';
import { customersInFlight, type CustomersInFlight } from './customers-in-flight';
import { createIdentities, identityKey, knownIdentities } from './identities';
import { isPrivateReplyMetadata } from '../comments';
import { applyComments, type ChannelComment } from './comments';
import { isOwnSentPart } from '../messages';
import { refreshSla } from '../sla';
import { linkCodeIn, linkFromLine } from '../staff-alerts';
import * as repo from './inbound.repo';
import { applyChatEvent, isChatOpening } from './chat-members';
import { withBoundedTime } from './provider-time';

/** An event with the channel it arrived on. */
type ChannelEvent = { channel: ChannelRow; event: InboundEvent };

/**
 * Applies stored deliveries, in the given order (the ingest worker marks them processed). The events of
 * customers already known are applied at once, in one transaction. The others wait, and are applied in a
 * second one: first contacts, whose profile is asked for meanwhile (up to PROFILE_WAIT_MS), and customers
 * whose earlier events a batch still in flight is applying. So a batch's new customers never hold up the
 * others, and each customer's events stay in arrival order.
 */
export async function processInboundBatch(deps: Deps, rows: InboundRow[]) {
  const inFlight = customersInFlight(deps);
  // Batches read their events and identities side by side, but say what they apply in the order they were
  // handed over: a later batch that finished reading first would otherwise apply a customer's later
  // events before the earlier batch's.
  const turn = inFlight.takeTurn();
  try {
    await applyInTurn(deps, rows, inFlight, turn.ready, turn.done);
  } finally {
    turn.done();
  }
}

async function applyInTurn(
  deps: Deps,
  rows: InboundRow[],
  inFlight: CustomersInFlight,
  turnReady: Promise<void>,
  endTurn: () => void,
) {
  const events = await withChannels(deps, await readableEvents(deps, rows));
  if (events.length === 0) return;
  const { found, missing } = await knownIdentities(
    deps,
    events
      .filter(({ event }) => createsIdentity(event))
      .map(({ channel, event }) => ({ channel, externalUserId: event.externalUserId, at: event.timestamp })),
  );
  await turnReady;
  // From here to the tracking below nothing is awaited: no other batch changes what is in flight.
  const customerOf = ({ channel, event }: ChannelEvent) => identityKey(channel.id, event.externalUserId);
  const newCustomers = new Set(missing.map((w) => identityKey(w.channel.id, w.externalUserId)));
  const waits = (e: ChannelEvent) => newCustomers.has(customerOf(e)) || inFlight.has(customerOf(e));
  const now = events.filter((e) => !waits(e));
  const later = events.filter(waits);
  const laterCustomers = new Set(later.map(customerOf));
  const earlierParts = inFlight.partsOf(laterCustomers);
  // A customer first seen by a batch still in flight is created by that batch; the others are created now.
  const [seenEarlier, firstSeen] = partition(missing, (w) =>
    inFlight.has(identityKey(w.channel.id, w.externalUserId)),
  );
  const created = createIdentities(deps, firstSeen);
  const nowApplied = applyEvents(deps, now, found);
  const laterApplied = (async () => {
    const [made] = await Promise.all([created, Promise.allSettled(earlierParts)]);
    const since = await knownIdentities(deps, seenEarlier);
    // The batch that saw them first failed: they are created here after all.
    const remade = await createIdentities(deps, since.missing);
    await applyEvents(deps, later, new Map([...found, ...made, ...since.found, ...remade]));
  })();
  inFlight.track(new Set(now.map(customerOf)), nowApplied);
  inFlight.track(laterCustomers, laterApplied);
  endTurn();
  // Both settle before a failure is reported: the worker then retries the rows one by one.
  const failed = (await Promise.allSettled([nowApplied, laterApplied])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** Applies events in one transaction, with the identities of their customers. */
async function applyEvents(deps: Deps, events: ChannelEvent[], identities: Map<string, repo.Identity>) {
  if (events.length === 0) return;
  const identityOf = (channel: ChannelRow, externalUserId: string) =>
    identities.get(identityKey(channel.id, externalUserId))!;
  const teamsToAssign = new Set<string>();
  await deps.db.orm.transaction(async (tx) => {
    const surveys = await answerableSurveys(
      tx,
      events.flatMap(({ channel, event }) =>
        event.type === 'message' && !event.isEcho
          ? [{ channel, identity: identityOf(channel, event.externalUserId), event }]
          : [],
      ),
    );
    // Consecutive customer messages are applied together; any other event first lets the messages before
    // it land, so each customer's events keep their order.
    // Comments likewise, as a run of their own.
    let run: CustomerMessage[] = [];
    let commentRun: ChannelComment[] = [];
    const flushRun = async () => {
      if (run.length > 0)
        for (const teamId of await appendCustomerMessages(deps, tx, run)) teamsToAssign.add(teamId);
      run = [];
    };
    const flushComments = async () => {
      if (commentRun.length > 0)
        for (const teamId of await applyComments(deps, tx, commentRun)) teamsToAssign.add(teamId);
      commentRun = [];
    };
    for (const { channel, event } of events) {
      if (event.type === 'comment') {
        await flushRun();
        commentRun.push({ channel, event });
        continue;
      }
      await flushComments();
      if (event.type === 'message' && !event.isEcho) {
        // A staff member linking their LINE for alerts is no customer (an unknown code is a message).
        if (linkCodeIn(event.text) && (await linkFromLine(deps, tx, channel, event))) continue;
        const message = { channel, identity: identityOf(channel, event.externalUserId), event };
        // A rating or comment answers the survey that asked, not the customer's current issue.
        const survey = surveys.answered(message);
        if (survey) {
          await flushRun();
          if (await applySurveyAnswer(deps, tx, message, survey)) continue;
        }
        run.push(message);
        continue;
      }
      await flushRun();
      await applyOtherEvent(deps, tx, channel, event, identityOf);
    }
    await flushRun();
    await flushComments();
  });
  // Handed out here, as soon as they are committed, rather than by a job a worker must first fetch (tens
  // of milliseconds under load); the delayed hand-out job queued with them is the durable path.
  startHandOuts(deps, teamsToAssign);
}

/** Applies one stored delivery. */
export function processInbound(deps: Deps, row: InboundRow) {
  return processInboundBatch(deps, [row]);
}

/**
 * The events of the deliveries that can be read; one that cannot (broken JSON, an unexpected shape) is a
 * dead letter at once: reading it again would fail the same way, and the batch goes on without it.
 */
async function readableEvents(deps: Deps, rows: InboundRow[]) {
  const events: Array<ReturnType<typeof eventsOf>[number] & { delivery: number }> = [];
  for (const [delivery, row] of rows.entries()) {
    try {
      events.push(...eventsOf(row).map((e) => ({ ...e, delivery })));
    } catch (err) {
      const reason = `unreadable: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
      // The reason is kept with the row: it may quote the delivery's text, which the log never carries.
      deps.logger.warn(
        { inboundId: row.id, error: err instanceof Error ? err.name : typeof err },
        'inbound delivery set aside as a dead letter',
      );
      await deadLetterInbound(deps.db, row.id, reason, metaAccountOf(row));
    }
  }
  return events;
}

/** The Page or Instagram account a Meta delivery names, when its text shows one (for the admin's count). */
function metaAccountOf(row: InboundRow) {
  if (row.provider !== 'meta') return null;
  return /"entry"\s*:\s*\[\s*\{[^{}]*?"id"\s*:\s*"(\d{1,20})"/.exec(row.body)?.[1] ?? null;
}

/** A delivery's events, with the channel types they may be for. */
function eventsOf(row: InboundRow) {
  // Provider text is kept, made storable (a NUL or lone surrogate would fail the whole batch).
  const body: unknown = JSON.parse(row.body, (_key, value: unknown) =>
    typeof value === 'string' ? toStorableText(value) : value,
  );
  const events =
    row.provider === 'line' ? parseLineWebhook(body, row.channelKey ?? '') : parseMetaWebhook(body);
  const metaObject = row.provider === 'meta' ? (body as { object?: string }).object : null;
  const types: ChannelType[] =
    row.provider === 'line' ? ['line'] : metaObject === 'instagram' ? ['instagram'] : ['facebook'];
  return events.map((event) => ({ event, types }));
}

/**
 * The events with their active channel, looked up once for the batch, and their time bounded (a provider
 * clock far ahead, or before the channel existed, gives way to the time of processing); events of unknown
 * channels are dropped. Each delivery's events are put in event time (LINE may deliver out of order).
 */
async function withChannels(
  deps: Deps,
  events: Array<{ event: InboundEvent; types: ChannelType[]; delivery: number }>,
) {
  const channels = await repo.findActiveChannels(deps.db.orm, [
    ...new Set(events.map(({ event }) => event.accountId)),
  ]);
  const receivedAt = deps.clock.now();
  return events
    .flatMap(({ event, types, delivery }) => {
      const channel = channels.find((c) => c.externalId === event.accountId && types.includes(c.type));
      if (channel)
        return [{ channel, event: withBoundedTime(event, receivedAt, channel.createdAt), delivery }];
      deps.logger.warn({ accountId: event.accountId }, 'inbound event for an unknown or inactive channel');
      return [];
    })
    .sort((a, b) => a.delivery - b.delivery || a.event.timestamp.getTime() - b.event.timestamp.getTime())
    .map(({ channel, event }): ChannelEvent => ({ channel, event }));
}

/**
 * Events that make a customer known: their first message, a follow, an ad referral; a LINE group or room
 * once the account joins it or members join it.
 */
function createsIdentity(
  event: InboundEvent,
): event is Extract<InboundEvent, { type: 'message' | 'follow' | 'referral' | 'chat_event' }> {
  return (
    (event.type === 'message' && !event.isEcho) ||
    event.type === 'follow' ||
    event.type === 'referral' ||
    isChatOpening(event)
  );
}

async function applyOtherEvent(
  deps: Deps,
  tx: Tx,
  channel: ChannelRow,
  event: InboundEvent,
  identityOf: (channel: ChannelRow, externalUserId: string) => repo.Identity,
) {
  switch (event.type) {
    case 'message':
      return applyEcho(tx, channel, event);
    case 'comment':
      return; // applied in runs (applyComments)
    case 'follow': {
      // Blocking (unfollow) or adding the account again changes what the chat lets agents do.
      const identityId = identityOf(channel, event.externalUserId).id;
      await repo.setFollowing(tx, identityId, event.isFollowing);
      const issueIds = await repo.issueIdsOfIdentity(tx, identityId);
      return publishEvents(
        tx,
        issueIds.map((issueId) => ({
          name: 'issue.updated' as const,
          organizationId: channel.organizationId,
          data: { issueId, fields: ['contact' as const] },
        })),
      );
    }
    case 'chat_event':
      return applyChatEvent(deps, tx, channel.id, event);
    case 'referral':
      return repo.recordReferral(tx, identityOf(channel, event.externalUserId).id, event.adId);
    case 'unsend': {
      const row = await repo.markUnsent(tx, channel.id, event.providerMessageId);
      if (row) await publishEvent(tx, messageUpdated(row));
      return;
    }
    case 'read': {
      const identity = await repo.findIdentity(tx, channel.id, event.externalUserId);
      if (!identity) return;
      const issueIds = await repo.issueIdsOfIdentity(tx, identity.id);
      const seen = await repo.markRead(tx, {
        channelId: channel.id,
        issueIds,
        upTo: event.watermark,
        providerMessageId: event.providerMessageId,
        at: event.timestamp,
      });
      return publishEvents(tx, seen.map(messageUpdated));
    }
    case 'reaction': {
      const row = await repo.setCustomerReaction(tx, channel.id, event.providerMessageId, event.emoji);
      if (row) await publishEvent(tx, messageUpdated(row));
      return;
    }
  }
}

const messageUpdated = (row: { id: number; issueId: number; organizationId: string }) => ({
  name: 'message.updated' as const,
  organizationId: row.organizationId,
  data: { issueId: row.issueId, messageId: row.id },
});

/** A reply typed in Meta's own inbox (echo): stored as an outgoing message, unless it is one of ours. */
async function applyEcho(tx: Tx, channel: ChannelRow, event: MessageEvent) {
  if (await repo.messageExists(tx, channel.id, event.providerMessageId)) return;
  const metadata = (event.payload.meta as { metadata?: unknown } | undefined)?.metadata;
  if (await isOwnSentPart(tx, channel.id, event.providerMessageId, metadata)) return;
  // A private reply to a comment: its job stores it in the chat it went to.
  if (isPrivateReplyMetadata(metadata)) return;
  const identity = await repo.findIdentity(tx, channel.id, event.externalUserId);
  if (!identity) return;
  const issue =
    (await repo.findOpenIssueForUpdate(tx, identity.id)) ?? (await repo.findLatestIssue(tx, identity.id));
  if (!issue) return;
  const messageId = await repo.insertMessage(tx, {
    organizationId: channel.organizationId,
    issueId: issue.id,
    channelId: channel.id,
    direction: 'outbound',
    senderType: 'agent',
    kind: event.kind,
    text: event.text,
    payload: { ...event.payload, sentFrom: 'provider_inbox' },
    deliveryStatus: 'sent',
    providerMessageId: event.providerMessageId,
    createdAt: event.timestamp,
  });
  if (messageId === null) return;
  await repo.touchIssueForAgent(tx, issue.id, event.timestamp);
  await refreshSla(tx, event.timestamp, [{ issueId: issue.id, organizationId: channel.organizationId }]);
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: channel.organizationId,
    data: {
      issueId: issue.id,
      messageId,
      direction: 'outbound',
      card: messagePreview(event.timestamp, { text: event.text, kind: event.kind, senderType: 'agent' }),
    },
  });
}
