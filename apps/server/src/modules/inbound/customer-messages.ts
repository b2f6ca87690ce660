// Customer messages, set-based: a run of messages from a claimed batch is applied inside the batch's
// transaction with a fixed number of statements, however many messages and customers it holds (lock the
// customers, skip redeliveries, open the missing issues, store the messages, record the activity).
// Per customer the result is what applying the messages one at a time gives: they land in that customer's
// open issue, in order, and a customer without one (new, or whose last issue was closed) gets exactly one
// new issue, routed by its first message.
import { replyDeadline, routeNewIssue, type ChannelType, type RoutingDecision } from '@sabai/domain';
import type { InboundEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { publishEvents, type DomainEvent } from '../../platform/events';
import { ASSIGN_JOB, ASSIGN_RETRY } from '../assignment';
import { findRoutingRules, findTeamAutoReply, type ChannelRow } from '../channels';
import { DELIVER_JOB, DELIVERY_RETRY } from '../messages';
import { notifyCustomerActivity } from '../notifications';
import * as repo from './inbound.repo';
import { MEDIA_JOB, MEDIA_RETRY } from './media';

export type MessageEvent = Extract<InboundEvent, { type: 'message' }>;
export type CustomerMessage = { channel: ChannelRow; identity: repo.Identity; event: MessageEvent };

// LINE reply tokens are good for one minute after the webhook (channels.md A.8); keep a safety margin.
const REPLY_TOKEN_TTL_MS = 50_000;

/** An issue this run opened, with what its creation decided. */
type OpenedIssue = {
  id: number;
  channel: ChannelRow;
  teamId: string | null;
  routing: RoutingDecision;
  tookReferral: boolean;
};

/** A message as stored. */
type AppliedMessage = CustomerMessage & { messageId: number; issueId: number };
type StoredReply = Awaited<ReturnType<typeof repo.insertAutomaticReplies>>[number];

/** Applies customer messages (in arrival order) inside the batch transaction `tx`. */
export async function appendCustomerMessages(deps: Deps, tx: Tx, messages: CustomerMessage[]) {
  const referralAds = await repo.lockIdentities(tx, unique(messages.map((m) => m.identity.id)));
  // Under the identity locks, a copy another worker stored is committed and visible here.
  const fresh = await withoutStored(tx, messages);
  if (fresh.length === 0) return;
  const { opened, issueIdOf } = await issuesOf(tx, fresh, referralAds);
  const applied = await storeMessages(tx, fresh, issueIdOf);
  const now = deps.clock.now();
  const replyTokenExpiresAt = new Date(now.getTime() + REPLY_TOKEN_TTL_MS);
  await repo.recordCustomerActivity(
    tx,
    issueActivity(applied),
    identityActivity(applied, opened, replyTokenExpiresAt),
  );
  const replies = await repo.insertAutomaticReplies(tx, await automaticReplies(tx, opened, now));
  await deps.jobs.sendManyInTransaction(tx, jobsFor(applied, opened, replies));
  await publishEvents(tx, eventsFor(applied, opened, replies));
  await notifyCustomerActivity(tx, {
    newIssueIds: [...opened.values()].map(({ id }) => id),
    messages: applied.map(({ issueId, event }) => ({ issueId, text: event.text })),
  });
}

/** The messages not stored yet, each once (a delivery may repeat within a batch too). */
async function withoutStored(tx: Tx, messages: CustomerMessage[]) {
  const keyOf = (m: CustomerMessage) => `${m.channel.id}:${m.event.providerMessageId}`;
  const stored = await repo.findStoredMessages(
    tx,
    messages.map((m) => ({ channelId: m.channel.id, providerMessageId: m.event.providerMessageId })),
  );
  return messages.filter((m) => {
    const key = keyOf(m);
    if (stored.has(key)) return false;
    stored.add(key);
    return true;
  });
}

/** Each customer's issue: their open one (locked), else one opened now from their first message. */
async function issuesOf(tx: Tx, messages: CustomerMessage[], referralAds: Map<string, string | null>) {
  const firsts = new Map<string, CustomerMessage>();
  for (const m of messages) if (!firsts.has(m.identity.id)) firsts.set(m.identity.id, m);
  const open = await repo.findOpenIssuesForUpdate(tx, [...firsts.keys()]);
  const opened = await openIssues(
    tx,
    [...firsts.values()].filter((m) => !open.has(m.identity.id)),
    referralAds,
  );
  const issueIdOf = (identityId: string) => open.get(identityId)?.id ?? opened.get(identityId)!.id;
  return { opened, issueIdOf };
}

/**
 * Opens one issue per customer, from the customer's first message: routing (team, business hours) and the
 * ad the customer came from (the message's, else a pending referral, which it then takes).
 */
async function openIssues(tx: Tx, firsts: CustomerMessage[], referralAds: Map<string, string | null>) {
  const opened = new Map<string, OpenedIssue>();
  if (firsts.length === 0) return opened;
  const rulesOf = memoize((channelId: string) => findRoutingRules(tx, channelId));
  const timeZoneOf = memoize((organizationId: string) => repo.organizationTimeZone(tx, organizationId));
  const planned: Array<repo.NewIssue & Omit<OpenedIssue, 'id'>> = [];
  for (const { channel, identity, event } of firsts) {
    const rules = await rulesOf(channel.id);
    const timeZone = await timeZoneOf(channel.organizationId);
    const routing = routeNewIssue(channel, rules, event.text, event.timestamp, timeZone);
    const referralAdId = event.adId ? null : (referralAds.get(identity.id) ?? null);
    planned.push({
      organizationId: channel.organizationId,
      channelId: channel.id,
      contactId: identity.contactId,
      identityId: identity.id,
      teamId: routing.teamId,
      adId: event.adId ?? referralAdId,
      at: event.timestamp,
      channel,
      routing,
      tookReferral: referralAdId !== null,
    });
  }
  const ids = await repo.createIssues(tx, planned);
  for (const { identityId, channel, teamId, routing, tookReferral } of planned)
    opened.set(identityId, { id: ids.get(identityId)!, channel, teamId, routing, tookReferral });
  return opened;
}

/** Stores the messages in their issues; resolves to those stored, with their ids. */
async function storeMessages(
  tx: Tx,
  messages: CustomerMessage[],
  issueIdOf: (identityId: string) => number,
): Promise<AppliedMessage[]> {
  const stored = await repo.insertCustomerMessages(
    tx,
    messages.map(({ channel, identity, event }) => ({
      organizationId: channel.organizationId,
      issueId: issueIdOf(identity.id),
      channelId: channel.id,
      kind: event.kind,
      text: event.text,
      payload: { ...event.payload, ...(event.media ? { media: { status: 'pending' } } : {}) },
      providerMessageId: event.providerMessageId,
      at: event.timestamp,
    })),
  );
  // Every message was checked unstored under the customer's lock, so all are stored; the insert's answer
  // stays the reference all the same (a message it skipped gets no effects).
  const ids = new Map(stored.map((s) => [`${s.channelId}:${s.providerMessageId}`, s.id]));
  return messages.flatMap((m) => {
    const messageId = ids.get(`${m.channel.id}:${m.event.providerMessageId}`);
    return messageId === undefined ? [] : [{ ...m, messageId, issueId: issueIdOf(m.identity.id) }];
  });
}

/** Per issue: how many messages, the first and latest time, the first ad id, the reply window. */
function issueActivity(applied: AppliedMessage[]): repo.IssueActivity[] {
  const byIssue = new Map<number, Omit<repo.IssueActivity, 'replyDeadline'> & { channelType: ChannelType }>();
  for (const { issueId, event, channel } of applied) {
    const a = byIssue.get(issueId);
    if (!a) {
      const at = event.timestamp;
      byIssue.set(issueId, {
        issueId,
        firstAt: at,
        at,
        messages: 1,
        adId: event.adId,
        channelType: channel.type,
      });
      continue;
    }
    a.messages += 1;
    if (event.timestamp > a.at) a.at = event.timestamp;
    if (event.timestamp < a.firstAt) a.firstAt = event.timestamp;
    a.adId ??= event.adId;
  }
  return [...byIssue.values()].map(({ channelType, ...a }) => ({
    ...a,
    replyDeadline: replyDeadline(channelType, a.at),
  }));
}

/** Per identity: the latest time and the newest reply token (LINE's earlier tokens are then stale). */
function identityActivity(
  applied: AppliedMessage[],
  opened: Map<string, OpenedIssue>,
  replyTokenExpiresAt: Date,
) {
  const byIdentity = new Map<string, repo.IdentityActivity>();
  for (const { identity, event } of applied) {
    const a = byIdentity.get(identity.id);
    if (!a) {
      byIdentity.set(identity.id, {
        identityId: identity.id,
        contactId: identity.contactId,
        at: event.timestamp,
        replyToken: event.replyToken,
        replyTokenExpiresAt,
        tookReferral: opened.get(identity.id)?.tookReferral ?? false,
      });
      continue;
    }
    if (event.timestamp > a.at) a.at = event.timestamp;
    a.replyToken = event.replyToken ?? a.replyToken;
  }
  return [...byIdentity.values()];
}

/** The automatic answers of the new issues: the off-hours or holiday message, else the team's auto-reply. */
async function automaticReplies(tx: Tx, opened: Map<string, OpenedIssue>, at: Date) {
  const autoReplyOf = memoize((teamId: string) => findTeamAutoReply(tx, teamId));
  const replies: repo.AutomaticReply[] = [];
  for (const { id, channel, teamId, routing } of opened.values()) {
    const text =
      routing.service !== 'open' ? routing.serviceMessage : teamId ? (await autoReplyOf(teamId)).trim() : '';
    if (text)
      replies.push({ organizationId: channel.organizationId, issueId: id, channelId: channel.id, text, at });
  }
  return replies;
}

/** The jobs of a run: media downloads, assignment of the new issues, delivery of automatic replies. */
function jobsFor(applied: AppliedMessage[], opened: Map<string, OpenedIssue>, replies: StoredReply[]) {
  return [
    ...applied.flatMap(({ messageId, event }) =>
      event.media ? [{ name: MEDIA_JOB, data: { messageId, media: event.media }, options: MEDIA_RETRY }] : [],
    ),
    ...[...opened.values()].map(({ id }) => ({
      name: ASSIGN_JOB,
      data: { issueId: id },
      options: ASSIGN_RETRY,
    })),
    ...replies.map(({ id }) => ({ name: DELIVER_JOB, data: { messageId: id }, options: DELIVERY_RETRY })),
  ];
}

/** What the inbox hears of a run: the new issues, then every message, the customers' first. */
function eventsFor(
  applied: AppliedMessage[],
  opened: Map<string, OpenedIssue>,
  replies: StoredReply[],
): DomainEvent[] {
  return [
    ...[...opened.values()].map(({ id, channel, teamId }): DomainEvent => ({
      name: 'issue.created',
      organizationId: channel.organizationId,
      data: { issueId: id, teamId, channelId: channel.id },
    })),
    ...applied.map(({ channel, issueId, messageId }): DomainEvent => ({
      name: 'message.created',
      organizationId: channel.organizationId,
      data: { issueId, messageId, direction: 'inbound' },
    })),
    ...replies.map(({ organizationId, issueId, id }): DomainEvent => ({
      name: 'message.created',
      organizationId,
      data: { issueId, messageId: id },
    })),
  ];
}

function unique<T>(values: T[]) {
  return [...new Set(values)];
}

/** Caches an async lookup for the length of one run (routing rules, time zones, auto-replies). */
function memoize<K, V>(load: (key: K) => Promise<V>) {
  const cache = new Map<K, Promise<V>>();
  return (key: K) => {
    let value = cache.get(key);
    if (!value) cache.set(key, (value = load(key)));
    return value;
  };
}
