// Set-based processing of a claimed batch: several customers, repeated deliveries, new and closed
// conversations and mixed event types in one transaction give what applying the events one at a time gives.
// Batches are handed to processInboundBatch directly (the worker's batching depends on timing); the last
// test goes through the ingest queue to check that one bad delivery does not hold back its batch.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startChannelHarness, type ChannelHarness } from '../../../test/channels';
import {
  contactIdentities,
  contacts,
  inboundEvents,
  issues,
  lineReplyTokens,
  messages,
} from '../../db/schema';
import { INGEST_CHANNEL, type InboundRow } from '../../platform/ingest-queue';
import type { DomainEvent } from '../../platform/events';
import { processInboundBatch } from './inbound.service';

let h: ChannelHarness;
let line: { id: string; externalId: string };
const published: DomainEvent[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  h = await startChannelHarness();
  line = await h.createLineChannel();
  unlisten = await h.t.db.listen('sabai_events', (payload) => published.push(JSON.parse(payload)));
});
afterAll(() => unlisten());

let seq = 0;
const newUser = () => `U${(Date.now() * 1000 + ++seq).toString(16).padStart(32, 'b')}`;

type LineEvent = Record<string, unknown>;

/** A LINE text message event; `id` is the LINE message id (the idempotency key of a message). */
function text(userId: string, body: string, id = `${Date.now()}${++seq}`): LineEvent {
  return {
    type: 'message',
    mode: 'active',
    timestamp: Date.now() + seq,
    source: { type: 'user', userId },
    webhookEventId: `ev-${id}`,
    deliveryContext: { isRedelivery: false },
    replyToken: `reply-${id}`,
    message: { id, type: 'text', quoteToken: 'q', text: body },
  };
}

function unfollow(userId: string): LineEvent {
  return {
    type: 'unfollow',
    mode: 'active',
    timestamp: Date.now() + ++seq,
    source: { type: 'user', userId },
    webhookEventId: `ev-unfollow-${seq}`,
    deliveryContext: { isRedelivery: false },
  };
}

let rowId = 1_000_000;
/** One stored delivery holding `events`, as the ingest queue hands it over. */
const delivery = (...events: LineEvent[]): InboundRow => ({
  id: ++rowId,
  provider: 'line',
  channelKey: line.externalId,
  body: JSON.stringify({ destination: 'U0', events }),
  attempts: 1,
});

const lineIdOf = (event: LineEvent) => (event.message as { id: string }).id;

async function messagesOfUser(userId: string) {
  return h.t.db.orm
    .select({
      id: messages.id,
      issueId: messages.issueId,
      text: messages.text,
      senderType: messages.senderType,
    })
    .from(messages)
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(contactIdentities.externalUserId, userId))
    .orderBy(asc(messages.id));
}

const customerTexts = async (userId: string) =>
  (await messagesOfUser(userId)).filter((m) => m.senderType === 'customer').map((m) => m.text);

async function issuesOfUser(userId: string) {
  return h.t.db.orm
    .select({ id: issues.id, status: issues.status, unreadCount: issues.unreadCount })
    .from(issues)
    .innerJoin(contactIdentities, eq(contactIdentities.id, issues.contactIdentityId))
    .where(eq(contactIdentities.externalUserId, userId))
    .orderBy(asc(issues.id));
}

describe('a batch of deliveries', () => {
  it('gives each customer their own conversation, messages in order, known and new customers alike', async () => {
    const known = newUser();
    await processInboundBatch(h.t.deps, [delivery(text(known, 'first contact'))]);
    const [knownIssue] = await issuesOfUser(known);

    const [anna, ben] = [newUser(), newUser()];
    await processInboundBatch(h.t.deps, [
      delivery(text(anna, 'anna 1')),
      delivery(text(known, 'known 2'), text(ben, 'ben 1')),
      delivery(text(anna, 'anna 2')),
      delivery(text(known, 'known 3')),
    ]);

    expect(await customerTexts(anna)).toEqual(['anna 1', 'anna 2']);
    expect(await customerTexts(ben)).toEqual(['ben 1']);
    expect(await customerTexts(known)).toEqual(['first contact', 'known 2', 'known 3']);
    expect((await issuesOfUser(known)).map((i) => [i.id, i.unreadCount])).toEqual([[knownIssue!.id, 3]]);
    for (const user of [anna, ben]) expect(await issuesOfUser(user)).toHaveLength(1);
  });

  it('opens exactly one issue for two messages of a new customer, and announces it once', async () => {
    const userId = newUser();
    const before = published.length;
    const first = text(userId, 'hello');
    const second = text(userId, 'anyone there?');
    await processInboundBatch(h.t.deps, [delivery(first), delivery(second)]);

    const [issue, ...others] = await issuesOfUser(userId);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ status: 'un-assigned', unreadCount: 2 });
    const stored = await messagesOfUser(userId);
    expect(stored.filter((m) => m.senderType === 'customer').map((m) => m.text)).toEqual([
      'hello',
      'anyone there?',
    ]);
    expect(new Set(stored.map((m) => m.issueId))).toEqual(new Set([issue!.id]));

    const ofIssue = () =>
      published.slice(before).filter((e) => 'issueId' in e.data && e.data.issueId === issue!.id);
    const inbound = await eventually(async () => {
      const created = ofIssue().flatMap((e) =>
        e.name === 'message.created' && e.data.direction === 'inbound' ? [e.data] : [],
      );
      return created.length === 2 ? created : null;
    });
    expect(inbound.map((e) => e.messageId)).toEqual(
      stored.filter((m) => m.senderType === 'customer').map((m) => m.id),
    );
    expect(ofIssue().filter((e) => e.name === 'issue.created')).toHaveLength(1);
  });

  it('records when the customer first wrote and started waiting, and keeps both on later messages', async () => {
    const userId = newUser();
    const first = text(userId, 'is this in stock?');
    await processInboundBatch(h.t.deps, [delivery(first), delivery(text(userId, 'size M'))]);
    const reportFacts = async () => {
      const [issue] = await issuesOfUser(userId);
      const [row] = await h.t.db.orm
        .select({ first: issues.firstCustomerMessageAt, waiting: issues.waitStartedAt })
        .from(issues)
        .where(eq(issues.id, issue!.id));
      return row!;
    };
    const facts = await reportFacts();
    expect(facts.first?.getTime()).toBe(first.timestamp);
    expect(facts.waiting?.getTime()).toBe(first.timestamp);

    await processInboundBatch(h.t.deps, [delivery(text(userId, 'hello?'))]);
    expect(await reportFacts()).toEqual(facts);
  });

  it("keeps each chat's newest reply token of a batch and drops the chat's expired ones", async () => {
    const userId = newUser();
    const first = text(userId, 'first');
    await processInboundBatch(h.t.deps, [delivery(first)]);
    const [identity] = await h.t.db.orm
      .select({ id: contactIdentities.id })
      .from(contactIdentities)
      .where(eq(contactIdentities.externalUserId, userId));
    // A token a batch left over a minute ago, expired since.
    await h.t.db.orm
      .insert(lineReplyTokens)
      .values({ identityId: identity!.id, token: 'expired', expiresAt: new Date(Date.now() - 60_000) });
    const [second, third] = [text(userId, 'second'), text(userId, 'third')];
    await processInboundBatch(h.t.deps, [delivery(second, third)]);
    const tokens = await h.t.db.orm
      .select({ token: lineReplyTokens.token })
      .from(lineReplyTokens)
      .where(eq(lineReplyTokens.identityId, identity!.id))
      .orderBy(asc(lineReplyTokens.id));
    // The first batch's token is still good for a reply; of the second batch, its newest.
    expect(tokens.map((t) => t.token)).toEqual([`reply-${lineIdOf(first)}`, `reply-${lineIdOf(third)}`]);
  });

  it('stores a message delivered twice in one batch once, and ignores a later redelivery', async () => {
    const userId = newUser();
    const message = text(userId, 'only once');
    await processInboundBatch(h.t.deps, [delivery(message), delivery(message), delivery(message)]);
    await processInboundBatch(h.t.deps, [delivery(message)]);

    expect(await customerTexts(userId)).toEqual(['only once']);
    expect(await issuesOfUser(userId)).toEqual([expect.objectContaining({ unreadCount: 1 })]);
    const stored = await h.t.db.orm
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, lineIdOf(message)));
    expect(stored).toHaveLength(1);
  });

  it('opens a new issue for a message after the last one was closed', async () => {
    const userId = newUser();
    await processInboundBatch(h.t.deps, [delivery(text(userId, 'order question'))]);
    const [closed] = await issuesOfUser(userId);
    await h.t.db.orm
      .update(issues)
      .set({ status: 'close', closedAt: new Date() })
      .where(eq(issues.id, closed!.id));

    await processInboundBatch(h.t.deps, [
      delivery(text(userId, 'one more thing')),
      delivery(text(userId, 'and another')),
    ]);
    const [old, reopened, ...others] = await issuesOfUser(userId);
    expect(others).toEqual([]);
    expect(old).toMatchObject({ id: closed!.id, status: 'close', unreadCount: 1 });
    expect(reopened).toMatchObject({ status: 'un-assigned', unreadCount: 2 });
    const texts = await messagesOfUser(userId);
    expect(texts.filter((m) => m.issueId === reopened!.id && m.senderType === 'customer')).toHaveLength(2);
  });

  it('keeps the order of other events between messages (unfollow after a message, a message after it)', async () => {
    const [leaves, returns] = [newUser(), newUser()];
    await processInboundBatch(h.t.deps, [
      delivery(text(leaves, 'bye')),
      delivery(text(returns, 'hi')),
      delivery(unfollow(leaves), unfollow(returns)),
      delivery(text(returns, 'back again')),
    ]);
    const following = await h.t.db.orm
      .select({
        externalUserId: contactIdentities.externalUserId,
        isFollowing: contactIdentities.isFollowing,
      })
      .from(contactIdentities)
      .where(inArray(contactIdentities.externalUserId, [leaves, returns]));
    expect(Object.fromEntries(following.map((r) => [r.externalUserId, r.isFollowing]))).toEqual({
      [leaves]: false,
      [returns]: true,
    });
    expect(await customerTexts(returns)).toEqual(['hi', 'back again']);
  });

  it('lets two workers share a new customer: one identity, one contact, one issue', async () => {
    const userId = newUser();
    await Promise.all([
      processInboundBatch(h.t.deps, [delivery(text(userId, 'from worker one'))]),
      processInboundBatch(h.t.deps, [delivery(text(userId, 'from worker two'))]),
    ]);
    expect(await issuesOfUser(userId)).toEqual([expect.objectContaining({ unreadCount: 2 })]);
    const identities = await h.t.db.orm
      .select({ contactId: contactIdentities.contactId })
      .from(contactIdentities)
      .where(eq(contactIdentities.externalUserId, userId));
    expect(identities).toHaveLength(1);
    // No second contact was left behind by the worker that lost the race (it would keep the placeholder
    // name, the external id, for good: no identity points to it, so no profile job fills it in).
    const placeholders = await h.t.db.orm.select().from(contacts).where(eq(contacts.displayName, userId));
    expect(placeholders.filter((c) => c.id !== identities[0]!.contactId)).toEqual([]);
  });

  it('processes the rest of a claimed batch when one delivery in it is broken, which becomes a dead letter', async () => {
    const userId = newUser();
    const good = [text(userId, 'before the broken one'), text(userId, 'after the broken one')];
    const bodies = [
      JSON.stringify({ destination: 'U0', events: [good[0]] }),
      '{"destination": "U0", "events": [', // cut short
      JSON.stringify({ destination: 'U0', events: [good[1]] }),
    ];
    // Stored by one statement, so the worker claims them together.
    const stored = await h.t.db.query<{ id: string }>(
      `WITH stored AS (
         INSERT INTO inbound_events (provider, channel_key, body)
         SELECT 'line', $1, body FROM unnest($2::text[]) AS body RETURNING id)
       SELECT id, pg_notify('${INGEST_CHANNEL}', '') FROM stored`,
      [line.externalId, bodies],
    );
    const ids = stored.map((r) => Number(r.id));
    const rows = await eventually(async () => {
      const found = await h.t.db.orm
        .select({
          id: inboundEvents.id,
          processedAt: inboundEvents.processedAt,
          deadReason: inboundEvents.deadReason,
          attempts: inboundEvents.attempts,
        })
        .from(inboundEvents)
        .where(inArray(inboundEvents.id, ids))
        .orderBy(asc(inboundEvents.id));
      return found.every((r) => r.processedAt) ? found : null;
    });
    // Set aside at the first reading, with the reason: never retried.
    expect(rows.map((r) => [r.attempts, r.deadReason?.startsWith('unreadable: ') ?? false])).toEqual([
      [1, false],
      [1, true],
      [1, false],
    ]);
    expect(await customerTexts(userId)).toEqual(['before the broken one', 'after the broken one']);
  });
});
