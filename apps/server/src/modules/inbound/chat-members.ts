// A LINE group or room as one conversation: the members Sabai has seen in it (who wrote, who joined), their
// names and pictures looked up by a job from LINE's group and room member profiles, and the chat's other
// events (the account added or removed, members joining or leaving, a customer near a beacon, …) as lines
// in the trail of the chat's latest issue.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { InboundEvent } from '../../channels';
import type { Deps } from '../../deps';
import { lineChatMembers } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import { sqlRows } from '../../platform/sql-rows';
import { publishEvents } from '../../platform/events';
import { defineJob, jobToSend, type JobOf } from '../../platform/jobs';
import { credentialsOf } from '../channels';
import { recordActivity } from '../issues';
import * as repo from './inbound.repo';

type ChatEvent = Extract<InboundEvent, { type: 'chat_event' }>;

/** Retried with backoff while LINE fails or does not answer, like a customer's profile. */
export const MEMBER_PROFILE_JOB = defineJob(
  'line.fetch_member',
  z.object({ identityId: z.guid(), userId: z.string().min(1) }),
  { retryLimit: 8, retryDelay: 2, retryBackoff: true },
);

/** The chat events that make a group or room known before anyone writes in it. */
export const isChatOpening = (event: InboundEvent) =>
  event.type === 'chat_event' && (event.event === 'bot_joined' || event.event === 'members_joined');

/** Members seen in chats (present again if they had left), in one statement for the whole batch. */
export async function recordChatMembers(
  deps: Deps,
  tx: Executor,
  seen: Array<{ organizationId: string; identityId: string; userId: string }>,
) {
  const unique = [...new Map(seen.map((m) => [`${m.identityId}/${m.userId}`, m])).values()];
  if (unique.length === 0) return;
  // New members, and those back after leaving: their profiles are looked up (again).
  const arrived = rowsOf<{ identity_id: string; user_id: string }>(
    await tx.execute(sql`
      INSERT INTO line_chat_members (organization_id, identity_id, user_id)
      SELECT v."organizationId", v."identityId", v."userId"
      FROM ${sqlRows(unique, { organizationId: 'uuid', identityId: 'uuid', userId: 'text' }, 'v')}
      ON CONFLICT (identity_id, user_id) DO UPDATE SET left_at = NULL
        WHERE line_chat_members.left_at IS NOT NULL
      RETURNING identity_id, user_id`),
  );
  await deps.jobs.sendManyInTransaction(
    tx,
    arrived.map((r) => jobToSend(MEMBER_PROFILE_JOB, { identityId: r.identity_id, userId: r.user_id })),
  );
}

/** Applies a chat event: members who joined or left, and the event's line in the chat's latest issue. */
export async function applyChatEvent(deps: Deps, tx: Executor, channelId: string, event: ChatEvent) {
  const identity = await repo.findIdentity(tx, channelId, event.externalUserId);
  if (!identity) return; // a 1:1 event of someone who never wrote: no conversation to note it in
  if (event.event === 'members_joined')
    await recordChatMembers(
      deps,
      tx,
      event.memberIds.map((userId) => ({
        organizationId: identity.organizationId,
        identityId: identity.id,
        userId,
      })),
    );
  if (event.event === 'members_left' && event.memberIds.length > 0)
    await tx
      .update(lineChatMembers)
      .set({ leftAt: event.timestamp })
      .where(
        and(
          eq(lineChatMembers.identityId, identity.id),
          inArray(lineChatMembers.userId, event.memberIds),
          isNull(lineChatMembers.leftAt),
        ),
      );
  const issue = await repo.findLatestIssue(tx, identity.id);
  if (!issue) return; // the account just joined: the chat's first message opens its issue
  await recordActivity(tx, {
    organizationId: identity.organizationId,
    issueId: issue.id,
    kind: 'chat_event',
    data: { event: event.event, memberIds: event.memberIds, detail: event.detail },
    createdAt: event.timestamp,
  });
  await chatChanged(tx, identity.organizationId, [issue.id]);
}

/** The job: a member's name and picture, from LINE's group or room member profile. */
export async function fetchMemberProfile(deps: Deps, job: JobOf<typeof MEMBER_PROFILE_JOB>) {
  const found = await repo.findIdentityWithChannel(deps.db.orm, job.data.identityId);
  if (!found) return;
  const { identity, channel } = found;
  const adapter = deps.channels.get(channel.type);
  if (!adapter.fetchChatMember) return;
  const profile = await adapter.fetchChatMember(
    credentialsOf(deps, channel),
    identity.externalUserId,
    job.data.userId,
  );
  if (!profile) return; // not in the chat any more, or LINE keeps the profile to itself
  await deps.db.orm.transaction(async (tx) => {
    await tx
      .update(lineChatMembers)
      .set({ displayName: profile.displayName, pictureUrl: profile.pictureUrl })
      .where(and(eq(lineChatMembers.identityId, identity.id), eq(lineChatMembers.userId, job.data.userId)));
    await chatChanged(tx, identity.organizationId, await repo.issueIdsOfIdentity(tx, identity.id));
  });
}

/** Screens showing these issues read their members and trail again. */
function chatChanged(tx: Executor, organizationId: string, issueIds: number[]) {
  return publishEvents(
    tx,
    issueIds.map((issueId) => ({
      name: 'issue.updated' as const,
      organizationId,
      data: { issueId, fields: ['chat' as const] },
    })),
  );
}
