// Customer messages, set-based: a run of messages from a claimed batch is applied inside the batch's
// transaction with a fixed number of statements, however many messages and customers it holds (lock the
// customers, skip redeliveries, open the missing issues, store the messages, record the activity).
// Per customer the result is what applying the messages one at a time gives: they land in that customer's
// open issue, in order, and a customer without one (new, or whose last issue was closed) gets exactly one
// new issue, routed by its first message.
import { messagePreview } from '@sabai/contracts';
import {
  replyDeadline,
  routeNewIssue,
  type ChannelType,
  type IssueStatus,
  type RoutingDecision,
} from '@sabai/domain';
import type { InboundEvent } from '../../channels';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { publishEvents, type DomainEvent } from '../../platform/events';
import { jobToSend } from '../../platform/jobs';
import { handOutFallbackJobs } from '../assignment';
import type { RuleEvent } from '../../ports';
import { findRoutingRules, findTeamIntake, type ChannelRow } from '../channels';
import { firstResponderJobs } from '../first-responder';
import { DELIVER_JOB } from '../messages';
import { notifyCustomerActivity } from '../notifications';
import { refreshSla } from '../sla';
import { organizationTimeZone } from '../organizations';
import * as repo from './inbound.repo';
import { recordChatMembers } from './chat-members';
import { MEDIA_JOB } from './media';
import { memoize } from '../../platform/memoize';

export type MessageEvent = Extract<InboundEvent, { type: 'message' }>;
export type CustomerMessage = { channel: ChannelRow; identity: repo.Identity; event: MessageEvent };

// LINE reply tokens are good for one minute after the webhook (docs/channels.md "Reply and push"); keep a
// safety margin.
export const REPLY_TOKEN_TTL_MS = 50_000;

/** An issue this run opened, with what its creation decided. */
type OpenedIssue = {
  id: number;
  channel: ChannelRow;
  teamId: string | null;
  routing: RoutingDecision;
  tookReferral: boolean;
};

/** A message as stored, with its issue. */
type AppliedMessage = CustomerMessage & { messageId: number; issue: repo.OpenIssue };
type StoredReply = Awaited<ReturnType<typeof repo.insertAutomaticReplies>>[number] & {
  text: string;
  at: Date;
};

/**
 * Applies customer messages (in arrival order) inside the batch transaction `tx`; resolves to the teams
 * with issues here that wait for automatic assignment, to hand out once `tx` commits (a delayed hand-out
 * job queued in `tx` is the durable path for the new ones).
 */
export async function appendCustomerMessages(
  deps: Deps,
  tx: Tx,
  messages: CustomerMessage[],
): Promise<string[]> {
  const referralAds = await repo.lockIdentities(tx, unique(messages.map((m) => m.identity.id)));
  // Under the identity locks, a copy another worker stored is committed and visible here.
  const fresh = await withoutStored(tx, messages);
  if (fresh.length === 0) return [];
  const { opened, issueOf } = await issuesOf(tx, fresh, referralAds);
  const applied = await storeMessages(tx, fresh, issueOf);
  const now = deps.clock.now();
  const replyTokenExpiresAt = new Date(now.getTime() + REPLY_TOKEN_TTL_MS);
  const statusAfter = await repo.recordCustomerActivity(
    tx,
    issueActivity(applied),
    identityActivity(applied, opened, replyTokenExpiresAt),
  );
  await recordChatMembers(deps, tx, writers(applied));
  const intakeOf = memoize((teamId: string) => findTeamIntake(tx, teamId));
  // A group or room hears no greeting nor AI answer, unless its channel says so: the account talks there
  // when an agent does. Nor does a chat in standby, where another module answers.
  const quiet = new Set(
    applied
      .filter(({ channel, event }) => (event.inGroupChat && !channel.answerInGroups) || event.inStandby)
      .map(({ issue }) => issue.id),
  );
  const planned = (await automaticReplies(opened, intakeOf, now)).filter((r) => !quiet.has(r.issueId));
  // One automatic reply per new issue at most: its text and time travel in its event.
  const plannedOf = new Map(planned.map((r) => [r.issueId, r]));
  const replies = (await repo.insertAutomaticReplies(tx, planned)).map((r) => ({
    ...r,
    text: plannedOf.get(r.issueId)!.text,
    at: plannedOf.get(r.issueId)!.at,
  }));
  const handOuts = await teamsToHandOut(applied, opened, intakeOf);
  await deps.jobs.sendManyInTransaction(tx, [
    ...jobsFor(applied, replies),
    ...handOutFallbackJobs(deps, handOuts.withNewIssues),
    // The AI first responder answers later, from its own job: nothing here waits on a model.
    ...(await firstResponderJobs(
      tx,
      applied
        .filter(({ issue }) => !quiet.has(issue.id))
        .map(({ channel, issue, messageId }) => ({
          channelId: channel.id,
          issueId: issue.id,
          messageId,
          assigneeUserId: issue.assigneeUserId,
        })),
    )),
  ]);
  await publishEvents(tx, [...eventsFor(applied, opened, replies), ...statusChanges(applied, statusAfter)]);
  // New issues start their service level clocks; a customer waiting again starts the next-response one.
  await refreshSla(tx, now, uniqueIssues(applied));
  await notifyCustomerActivity(tx, {
    newIssueIds: [...opened.values()].map(({ id }) => id),
    messages: applied.map(({ issue, event }) => ({ issueId: issue.id, text: event.text })),
  });
  await deps.automation.run(deps, tx, ruleEvents(applied, opened, statusAfter));
  return handOuts.all;
}

/** The events automation rules may wait for: each new issue, each message, each issue moved by a message. */
function ruleEvents(
  applied: AppliedMessage[],
  opened: Map<string, OpenedIssue>,
  statusAfter: Map<number, IssueStatus>,
): RuleEvent[] {
  const firstText = new Map<number, string | null>();
  for (const { issue, event } of applied) if (!firstText.has(issue.id)) firstText.set(issue.id, event.text);
  return [
    ...[...opened.values()].map(({ id, channel }): RuleEvent => ({
      trigger: 'issue_created',
      organizationId: channel.organizationId,
      issueId: id,
      key: `c:${id}`,
      messageText: firstText.get(id) ?? null,
      known: { channelId: channel.id },
    })),
    ...movedIssues(applied, statusAfter).map(({ issue, channel, status, messageId }): RuleEvent => ({
      trigger: 'status_changed',
      organizationId: channel.organizationId,
      issueId: issue.id,
      status,
      key: `s:${issue.id}:${status}:m${messageId}`,
    })),
    ...applied.map(({ channel, issue, messageId, event }): RuleEvent => ({
      trigger: 'customer_message',
      organizationId: channel.organizationId,
      issueId: issue.id,
      key: `m:${messageId}`,
      messageText: event.text,
      // The batch's last change of the issue (rules read it after the batch's writes).
      known: { channelId: channel.id, status: statusAfter.get(issue.id) ?? issue.status },
    })),
  ];
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
  const issueOf = (identityId: string): repo.OpenIssue => {
    const found = open.get(identityId);
    if (found) return found;
    const { id, teamId } = opened.get(identityId)!;
    return { id, status: 'un-assigned', teamId, assigneeUserId: null };
  };
  return { opened, issueOf };
}

/**
 * Opens one issue per customer, from the customer's first message: routing (team, business hours) and the
 * ad the customer came from (the message's, else a pending referral, which it then takes).
 */
async function openIssues(tx: Tx, firsts: CustomerMessage[], referralAds: Map<string, string | null>) {
  const opened = new Map<string, OpenedIssue>();
  if (firsts.length === 0) return opened;
  const rulesOf = memoize((channelId: string) => findRoutingRules(tx, channelId));
  const timeZoneOf = memoize((organizationId: string) => organizationTimeZone(tx, organizationId));
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
  issueOf: (identityId: string) => repo.OpenIssue,
): Promise<AppliedMessage[]> {
  const stored = await repo.insertCustomerMessages(
    tx,
    messages.map(({ channel, identity, event }) => ({
      organizationId: channel.organizationId,
      issueId: issueOf(identity.id).id,
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
    return messageId === undefined ? [] : [{ ...m, messageId, issue: issueOf(m.identity.id) }];
  });
}

/** Per issue: how many messages, the first and latest time, the first ad id, the reply window. */
function issueActivity(applied: AppliedMessage[]): repo.IssueActivity[] {
  const byIssue = new Map<number, Omit<repo.IssueActivity, 'replyDeadline'> & { channelType: ChannelType }>();
  for (const { issue, event, channel } of applied) {
    const issueId = issue.id;
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

/**
 * Per identity: the latest time, the newest reply token (the batch keeps one per chat) and whether the
 * latest event came in standby.
 */
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
        inStandby: event.inStandby === true,
      });
      continue;
    }
    a.replyToken = event.replyToken ?? a.replyToken;
    if (event.timestamp < a.at) continue;
    // The latest event says who controls the chat now.
    a.at = event.timestamp;
    a.inStandby = event.inStandby === true;
  }
  return [...byIdentity.values()];
}

/** The members who wrote in LINE groups and rooms (those LINE names). */
function writers(applied: AppliedMessage[]) {
  return applied.flatMap(({ identity, event }) => {
    const userId = (event.payload.member as { userId?: string | null } | undefined)?.userId;
    return event.inGroupChat && userId
      ? [{ organizationId: identity.organizationId, identityId: identity.id, userId }]
      : [];
  });
}

type TeamIntake = (teamId: string) => ReturnType<typeof findTeamIntake>;

/** The automatic answers of the new issues: the off-hours or holiday message, else the team's auto-reply. */
async function automaticReplies(opened: Map<string, OpenedIssue>, intakeOf: TeamIntake, at: Date) {
  const replies: repo.AutomaticReply[] = [];
  for (const { id, channel, teamId, routing } of opened.values()) {
    const text =
      routing.service !== 'open' ? routing.serviceMessage : teamId ? (await intakeOf(teamId)).autoReply : '';
    if (text)
      replies.push({ organizationId: channel.organizationId, issueId: id, channelId: channel.id, text, at });
  }
  return replies;
}

/**
 * The teams that assign automatically with an issue here waiting for an agent: the new issues, and an older
 * one a hand-out skipped while this batch held it. A manual team's issues wait for a person; should the
 * team switch to automatic meanwhile, the switch's hand-out (or the minute sweep) gives them out.
 */
async function teamsToHandOut(
  applied: AppliedMessage[],
  opened: Map<string, OpenedIssue>,
  intakeOf: TeamIntake,
) {
  const isNew = new Set([...opened.values()].map(({ id }) => id));
  const all = new Set<string>();
  const withNewIssues = new Set<string>();
  for (const { issue } of applied) {
    const { teamId } = issue;
    if (!teamId || issue.assigneeUserId !== null || issue.status !== 'un-assigned') continue;
    if (!(await intakeOf(teamId)).assignsAutomatically) continue;
    all.add(teamId);
    if (isNew.has(issue.id)) withNewIssues.add(teamId);
  }
  return { all: [...all], withNewIssues: [...withNewIssues] };
}

/** The jobs of a run: media downloads, delivery of automatic replies. */
function jobsFor(applied: AppliedMessage[], replies: StoredReply[]) {
  return [
    ...applied.flatMap(({ messageId, event }) =>
      event.media ? [jobToSend(MEDIA_JOB, { messageId, media: event.media })] : [],
    ),
    ...replies.map(({ id }) => jobToSend(DELIVER_JOB, { messageId: id })),
  ];
}

/**
 * What the inbox hears of a run: the new issues, then every message, the customers' first. Each names its
 * issue's team and assignee, so the gateway picks the audience without reading the issue.
 */
function eventsFor(
  applied: AppliedMessage[],
  opened: Map<string, OpenedIssue>,
  replies: StoredReply[],
): DomainEvent[] {
  const teamOf = new Map([...opened.values()].map(({ id, teamId }) => [id, teamId]));
  return [
    ...[...opened.values()].map(({ id, channel, teamId }): DomainEvent => ({
      name: 'issue.created',
      organizationId: channel.organizationId,
      data: { issueId: id, status: 'un-assigned', teamId, assigneeUserId: null, channelId: channel.id },
    })),
    ...applied.map(({ channel, issue, messageId, event }): DomainEvent => ({
      name: 'message.created',
      organizationId: channel.organizationId,
      data: {
        issueId: issue.id,
        teamId: issue.teamId,
        assigneeUserId: issue.assigneeUserId,
        messageId,
        direction: 'inbound',
        card: messagePreview(event.timestamp, { text: event.text, kind: event.kind, senderType: 'customer' }),
      },
    })),
    ...replies.map(({ organizationId, issueId, id, text, at }): DomainEvent => ({
      name: 'message.created',
      organizationId,
      data: {
        issueId,
        teamId: teamOf.get(issueId) ?? null,
        assigneeUserId: null,
        messageId: id,
        direction: 'outbound',
        card: messagePreview(at, { text, kind: 'text', senderType: 'system' }),
      },
    })),
  ];
}

/** The issues the messages moved (a waiting issue is on-going again once the customer writes). */
function statusChanges(applied: AppliedMessage[], statusAfter: Map<number, IssueStatus>): DomainEvent[] {
  return movedIssues(applied, statusAfter).map(({ issue, channel, status }) => ({
    name: 'issue.status_changed',
    organizationId: channel.organizationId,
    data: { issueId: issue.id, status, teamId: issue.teamId, assigneeUserId: issue.assigneeUserId },
  }));
}

/** Each issue whose status the messages changed, with its new status and the first message of the run. */
function movedIssues(applied: AppliedMessage[], statusAfter: Map<number, IssueStatus>) {
  const first = new Map<number, AppliedMessage>();
  for (const m of applied) if (!first.has(m.issue.id)) first.set(m.issue.id, m);
  return [...first.values()].flatMap(({ issue, channel, messageId }) => {
    const status = statusAfter.get(issue.id);
    return status && status !== issue.status ? [{ issue, channel, status, messageId }] : [];
  });
}

function unique<T>(values: T[]) {
  return [...new Set(values)];
}

/** The issues the messages landed in, once each. */
function uniqueIssues(applied: AppliedMessage[]) {
  const byId = new Map(applied.map((m) => [m.issue.id, m.channel.organizationId]));
  return [...byId].map(([issueId, organizationId]) => ({ issueId, organizationId }));
}
