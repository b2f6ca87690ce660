// Processing of stored webhook deliveries (issue 4 "Inbound processing"). One delivery may hold several
// events; each event is applied in its own short transaction that also marks nothing twice: messages are
// unique per (channel, provider message id), so a redelivery or a retaken row changes nothing.
// Network calls (profile lookups) happen before the transaction; media downloads run as jobs after it.
import { routeNewIssue, type ChannelType } from '@sabai/domain';
import { parseLineWebhook, parseMetaWebhook, type InboundEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { InboundRow } from '../../platform/ingest-queue';
import { publishEvent } from '../../platform/events';
import {
  credentialsOf,
  findActiveByExternalId,
  findRoutingRules,
  findTeamAutoReply,
  type ChannelRow,
} from '../channels';
import { queueSystemMessage } from '../messages';
import * as repo from './inbound.repo';

export const MEDIA_JOB = 'message.download_media';
// LINE reply tokens are good for one minute after the webhook (channels.md A.8); keep a safety margin.
const REPLY_TOKEN_TTL_MS = 50_000;

/** Applies one stored delivery (the ingest worker marks it processed). */
export async function processInbound(deps: Deps, row: InboundRow) {
  const body: unknown = JSON.parse(row.body);
  const events =
    row.provider === 'line' ? parseLineWebhook(body, row.channelKey ?? '') : parseMetaWebhook(body);
  const metaObject = row.provider === 'meta' ? (body as { object?: string }).object : null;
  // LINE may deliver out of order: apply in event time.
  events.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  for (const event of events) {
    const types: ChannelType[] =
      row.provider === 'line' ? ['line'] : metaObject === 'instagram' ? ['instagram'] : ['facebook'];
    const channel = await findActiveByExternalId(deps.db.orm, types, event.accountId);
    if (!channel) {
      deps.logger.warn({ accountId: event.accountId }, 'inbound event for an unknown or inactive channel');
      continue;
    }
    await applyEvent(deps, channel, event);
  }
}

async function applyEvent(deps: Deps, channel: ChannelRow, event: InboundEvent) {
  switch (event.type) {
    case 'message':
      return event.isEcho ? applyEcho(deps, channel, event) : applyCustomerMessage(deps, channel, event);
    case 'follow': {
      const identity = await ensureIdentity(deps, channel, event.externalUserId, event.timestamp);
      await repo.setFollowing(deps.db.orm, identity.id, event.isFollowing);
      return;
    }
    case 'referral': {
      const identity = await ensureIdentity(deps, channel, event.externalUserId, event.timestamp);
      await repo.recordReferral(deps.db.orm, identity.id, event.adId);
      return;
    }
    case 'unsend': {
      const row = await repo.markUnsent(deps.db.orm, channel.id, event.providerMessageId);
      if (row)
        await publishEvent(deps.db.orm, {
          name: 'message.updated',
          organizationId: row.organizationId,
          data: { issueId: row.issueId, messageId: row.id },
        });
      return;
    }
    case 'read': {
      const identity = await repo.findIdentity(deps.db.orm, channel.id, event.externalUserId);
      if (!identity) return;
      const issueIds = await repo.issueIdsOfIdentity(deps.db.orm, identity.id);
      await repo.markRead(deps.db.orm, {
        channelId: channel.id,
        issueIds,
        upTo: event.watermark,
        providerMessageId: event.providerMessageId,
      });
      return;
    }
  }
}

type MessageEvent = Extract<InboundEvent, { type: 'message' }>;

async function applyCustomerMessage(deps: Deps, channel: ChannelRow, event: MessageEvent) {
  // No duplicate pre-check: the unique (channel, provider message id) index refuses a redelivery inside the
  // transaction below, which then rolls back.
  const identity = await ensureIdentity(deps, channel, event.externalUserId, event.timestamp);
  const now = deps.clock.now();
  const replyTokenExpiresAt = new Date(now.getTime() + REPLY_TOKEN_TTL_MS);

  // Hot path: the conversation is open, so one statement appends the message (media needs its id for the
  // download job, so it takes the transaction below).
  if (!event.media) {
    const appended = await repo.appendToOpenIssue(deps.db.orm, {
      organizationId: channel.organizationId,
      channelId: channel.id,
      identityId: identity.id,
      contactId: identity.contactId,
      kind: event.kind,
      text: event.text,
      payload: event.payload,
      providerMessageId: event.providerMessageId,
      at: event.timestamp,
      adId: event.adId,
      replyToken: event.replyToken,
      replyTokenExpiresAt,
    });
    if (appended) return;
  }

  await deps.db.orm
    .transaction(async (tx) => {
      let issue = await repo.findOpenIssueForUpdate(tx, identity.id);
      let isNew = false;
      let routing: ReturnType<typeof routeNewIssue> | null = null;
      if (!issue) {
        const rules = await findRoutingRules(tx, channel.id);
        const timeZone = await repo.organizationTimeZone(tx, channel.organizationId);
        routing = routeNewIssue(channel, rules, event.text, event.timestamp, timeZone);
        const id = await repo.createIssue(tx, {
          organizationId: channel.organizationId,
          channelId: channel.id,
          contactId: identity.contactId,
          identityId: identity.id,
          teamId: routing.teamId,
          adId: event.adId ?? (await repo.takeReferralAdId(tx, identity.id)),
          at: event.timestamp,
        });
        issue = { id, status: 'un-assigned', assigneeUserId: null, teamId: routing.teamId };
        isNew = true;
      }
      const messageId = await repo.insertMessage(tx, {
        organizationId: channel.organizationId,
        issueId: issue.id,
        channelId: channel.id,
        direction: 'inbound',
        senderType: 'customer',
        kind: event.kind,
        text: event.text,
        payload: { ...event.payload, ...(event.media ? { media: { status: 'pending' } } : {}) },
        deliveryStatus: 'received',
        providerMessageId: event.providerMessageId,
        createdAt: event.timestamp,
      });
      // A concurrent worker stored it first: undo this transaction (and a new issue with it).
      if (messageId === null) throw new DuplicateEvent();
      await repo.touchIssueForCustomer(tx, issue.id, event.timestamp, event.adId);
      await repo.touchIdentity(
        tx,
        identity.id,
        identity.contactId,
        event.timestamp,
        event.replyToken,
        replyTokenExpiresAt,
      );
      if (event.media)
        await deps.jobs.sendInTransaction(
          tx,
          MEDIA_JOB,
          { messageId, media: event.media },
          { retryLimit: 5, retryDelay: 2, retryBackoff: true },
        );
      if (isNew) {
        await deps.jobs.sendInTransaction(tx, 'issue.assign', { issueId: issue.id }, { retryLimit: 3 });
        await publishEvent(tx, {
          name: 'issue.created',
          organizationId: channel.organizationId,
          data: { issueId: issue.id, teamId: issue.teamId, channelId: channel.id },
        });
        for (const text of await automaticReplies(deps, tx, routing!, issue.teamId)) {
          await queueSystemMessage(deps, tx, {
            organizationId: channel.organizationId,
            issueId: issue.id,
            channelId: channel.id,
            text,
            at: now,
          });
        }
      }
      await publishEvent(tx, {
        name: 'message.created',
        organizationId: channel.organizationId,
        data: { issueId: issue.id, messageId, direction: 'inbound' },
      });
    })
    .catch((err: unknown) => {
      if (!(err instanceof DuplicateEvent)) throw err;
    });
}

/** The customer's automatic answers for a new issue: the off-hours or holiday message, else the team's auto-reply. */
async function automaticReplies(
  deps: Deps,
  tx: Parameters<typeof findTeamAutoReply>[0],
  routing: ReturnType<typeof routeNewIssue>,
  teamId: string | null,
) {
  if (routing.service !== 'open') return routing.serviceMessage ? [routing.serviceMessage] : [];
  if (!teamId) return [];
  const autoReply = (await findTeamAutoReply(tx, teamId)).trim();
  return autoReply ? [autoReply] : [];
}

/** A reply typed in Meta's own inbox (echo): stored as an outgoing message, unless it is one of ours. */
async function applyEcho(deps: Deps, channel: ChannelRow, event: MessageEvent) {
  if (await repo.messageExists(deps.db.orm, channel.id, event.providerMessageId)) return;
  const identity = await repo.findIdentity(deps.db.orm, channel.id, event.externalUserId);
  if (!identity) return;
  await deps.db.orm.transaction(async (tx) => {
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
    await publishEvent(tx, {
      name: 'message.created',
      organizationId: channel.organizationId,
      data: { issueId: issue.id, messageId, direction: 'outbound' },
    });
  });
}

// Identities never change once created (a merge of contacts, later, must call forgetIdentities), so the
// hot path keeps the most recent ones in memory instead of looking them up for every message.
const identityCaches = new WeakMap<Deps['db'], Map<string, repo.Identity>>();
const IDENTITY_CACHE_SIZE = 20_000;

/** Drops cached identities (after contacts were merged or erased). */
export function forgetIdentities(deps: Deps) {
  identityCaches.delete(deps.db);
}

/** The contact's identity on this channel, created with the provider profile on first contact. */
async function ensureIdentity(deps: Deps, channel: ChannelRow, externalUserId: string, at: Date) {
  let identityCache = identityCaches.get(deps.db);
  if (!identityCache) identityCaches.set(deps.db, (identityCache = new Map()));
  const key = `${channel.id}:${externalUserId}`;
  const cached = identityCache.get(key);
  if (cached) return cached;
  const identity = await findOrCreateIdentity(deps, channel, externalUserId, at);
  if (identityCache.size >= IDENTITY_CACHE_SIZE) identityCache.delete(identityCache.keys().next().value!);
  identityCache.set(key, identity);
  return identity;
}

async function findOrCreateIdentity(deps: Deps, channel: ChannelRow, externalUserId: string, at: Date) {
  const existing = await repo.findIdentity(deps.db.orm, channel.id, externalUserId);
  if (existing) return existing;
  const profile = await deps.channels
    .get(channel.type)
    .fetchProfile(credentialsOf(deps, channel), externalUserId)
    .catch((err: unknown) => {
      deps.logger.warn({ err, channelId: channel.id }, 'profile lookup failed');
      return null;
    });
  return repo.createIdentity(deps.db.orm, {
    organizationId: channel.organizationId,
    channelId: channel.id,
    externalUserId,
    displayName: profile?.displayName || externalUserId,
    pictureUrl: profile?.pictureUrl ?? null,
    now: at,
  });
}

class DuplicateEvent extends Error {}
