// The ingest pipeline's SQL: identities, open issues and messages. Customer messages are written set-based,
// a claimed batch at a time (a few statements per batch whatever its size); the rarer events keep
// statements of their own. Bulk statements take their rows as one array per column (sqlRows), so lookups
// by key use the indexes.
import { and, desc, eq, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  channels,
  contactIdentities,
  issues,
  lineReplyTokens,
  messageAttachments,
  messageProviderIds,
  messages,
} from '../../db/schema';
import { FINAL_STATUSES, ISSUE_STATUSES, isResolvedStatus, type IssueStatus } from '@sabai/domain';
import { rowsOf, type Executor } from '../../platform/db';
import { eventNotification, outgoingEventRecordOf, type DomainEvent } from '../../platform/events';
import { sqlRows } from '../../platform/sql-rows';

/** The active channels owning these provider accounts (LINE channel ids, Page ids, Instagram account ids). */
export async function findActiveChannels(ex: Executor, externalIds: string[]) {
  if (externalIds.length === 0) return [];
  return ex
    .select()
    .from(channels)
    .where(and(inArray(channels.externalId, externalIds), eq(channels.isActive, true)));
}

export type Identity = { id: string; contactId: string; organizationId: string };

/** The identity of an external user on a channel; `lock` holds it until the transaction ends. */
export async function findIdentity(
  ex: Executor,
  channelId: string,
  externalUserId: string,
  { lock = false } = {},
): Promise<Identity | null> {
  const query = ex
    .select({
      id: contactIdentities.id,
      contactId: contactIdentities.contactId,
      organizationId: contactIdentities.organizationId,
    })
    .from(contactIdentities)
    .where(
      and(eq(contactIdentities.channelId, channelId), eq(contactIdentities.externalUserId, externalUserId)),
    );
  const [row] = await (lock ? query.for('no key update') : query);
  return row ?? null;
}

export type IdentityKey = { channelId: string; externalUserId: string };
export type KeyedIdentity = Identity & IdentityKey;

/** The identities of these (channel, external user) pairs that exist. */
export async function findIdentities(ex: Executor, keys: IdentityKey[]): Promise<KeyedIdentity[]> {
  if (keys.length === 0) return [];
  const result = await ex.execute(sql`
    SELECT ci.id, ci.contact_id AS "contactId", ci.organization_id AS "organizationId",
      ci.channel_id AS "channelId", ci.external_user_id AS "externalUserId"
    FROM contact_identities ci
    JOIN ${sqlRows(keys, { channelId: 'uuid', externalUserId: 'text' }, 'k')}
      ON ci.channel_id = k."channelId" AND ci.external_user_id = k."externalUserId"`);
  return rowsOf<KeyedIdentity>(result);
}

export type NewIdentity = IdentityKey & {
  organizationId: string;
  displayName: string;
  pictureUrl: string | null;
  at: Date;
};

/**
 * Creates a contact and its identity for each new customer, in one statement. A pair another worker created
 * meanwhile is skipped (with its contact) and left out of the answer: the caller looks it up.
 */
export async function createIdentities(ex: Executor, rows: NewIdentity[]): Promise<KeyedIdentity[]> {
  if (rows.length === 0) return [];
  // The identity is inserted first so a conflict skips the contact too; the foreign key from identity to
  // contact is checked at the end of the statement, once both exist.
  const result = await ex.execute(sql`
    WITH input AS (
      SELECT gen_random_uuid() AS contact_id, v.*
      FROM ${sqlRows(
        rows,
        {
          organizationId: 'uuid',
          channelId: 'uuid',
          externalUserId: 'text',
          displayName: 'text',
          pictureUrl: 'text',
          at: 'timestamptz',
        },
        'v',
      )}
    ), identity AS (
      INSERT INTO contact_identities (organization_id, contact_id, channel_id, external_user_id, display_name, picture_url)
      SELECT "organizationId", contact_id, "channelId", "externalUserId", "displayName", "pictureUrl" FROM input
      ON CONFLICT (channel_id, external_user_id) DO NOTHING
      RETURNING id, contact_id, organization_id, channel_id, external_user_id
    ), contact AS (
      INSERT INTO contacts (id, organization_id, display_name, picture_url, created_at, last_contact_at)
      SELECT input.contact_id, input."organizationId", input."displayName", input."pictureUrl", input.at, input.at
      FROM input JOIN identity ON identity.contact_id = input.contact_id
    )
    SELECT id, contact_id AS "contactId", organization_id AS "organizationId", channel_id AS "channelId",
      external_user_id AS "externalUserId",
      -- Each new contact is news to the integrations (outgoing webhooks), with the change.
      ${outgoingEventRecordOf('contact.created', sql`organization_id`, sql`jsonb_build_object('contactId', contact_id)`)} AS recorded
    FROM identity`);
  return rowsOf<KeyedIdentity & { recorded?: unknown }>(result).map(
    ({ recorded: _, ...identity }) => identity,
  );
}

/**
 * Locks the identities of a batch's customers until commit, in id order (so concurrent batches never
 * deadlock), and reads the ad each came from. Holding them serialises the work on one customer across
 * workers: whoever comes second sees the first one's issue and messages.
 */
export async function lockIdentities(ex: Executor, identityIds: string[]) {
  const rows = await ex
    .select({ id: contactIdentities.id, referralAdId: contactIdentities.referralAdId })
    .from(contactIdentities)
    .where(inArray(contactIdentities.id, identityIds))
    .orderBy(contactIdentities.id)
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r.referralAdId]));
}

export async function messageExists(ex: Executor, channelId: string, providerMessageId: string) {
  const rows = await ex
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), eq(messages.providerMessageId, providerMessageId)))
    .limit(1);
  return rows.length > 0;
}

// Chat messages land in conversations; a commenter's comment threads are other issues of the same identity.
const isConversation = eq(issues.kind, 'conversation');

/** The identity's open issue (anything not closed or transferred), locked for this transaction. */
export async function findOpenIssueForUpdate(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({
      id: issues.id,
      status: issues.status,
      assigneeUserId: issues.assigneeUserId,
      teamId: issues.teamId,
    })
    .from(issues)
    .where(
      and(
        eq(issues.contactIdentityId, identityId),
        isConversation,
        notInArray(issues.status, [...FINAL_STATUSES]),
      ),
    )
    .orderBy(desc(issues.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** An open issue with who may see it (its team and assignee, which its live events carry). */
export type OpenIssue = {
  id: number;
  status: IssueStatus;
  teamId: string | null;
  assigneeUserId: string | null;
};

/** Each identity's open issue, locked for this transaction (in id order, like every batch). */
export async function findOpenIssuesForUpdate(ex: Executor, identityIds: string[]) {
  const rows = await ex
    .select({
      id: issues.id,
      identityId: issues.contactIdentityId,
      status: issues.status,
      teamId: issues.teamId,
      assigneeUserId: issues.assigneeUserId,
    })
    .from(issues)
    .where(
      and(
        inArray(issues.contactIdentityId, identityIds),
        isConversation,
        notInArray(issues.status, [...FINAL_STATUSES]),
      ),
    )
    .orderBy(issues.id)
    .for('update');
  // Rows come in id order: the latest open issue of an identity is the last one seen.
  const open = new Map<string, OpenIssue>();
  for (const r of rows)
    open.set(r.identityId!, {
      id: r.id,
      status: r.status,
      teamId: r.teamId,
      assigneeUserId: r.assigneeUserId,
    });
  return open;
}

/** The identity's latest issue whatever its status (where echoes of old conversations land). */
export async function findLatestIssue(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.contactIdentityId, identityId), isConversation))
    .orderBy(desc(issues.id))
    .limit(1);
  return row ?? null;
}

export type NewIssue = {
  organizationId: string;
  channelId: string;
  contactId: string;
  identityId: string;
  teamId: string | null;
  adId: string | null;
  at: Date;
};

/** Opens an un-assigned issue per identity; resolves to identity id → issue id. */
export async function createIssues(ex: Executor, rows: NewIssue[]) {
  if (rows.length === 0) return new Map<string, number>();
  const result = await ex.execute(sql`
    INSERT INTO issues (organization_id, channel_id, contact_id, contact_identity_id, team_id, ad_id, status,
      start_date, created_at, updated_at)
    SELECT "organizationId", "channelId", "contactId", "identityId", "teamId", "adId", 'un-assigned', at, at, at
    FROM ${sqlRows(
      rows,
      {
        organizationId: 'uuid',
        channelId: 'uuid',
        contactId: 'uuid',
        identityId: 'uuid',
        teamId: 'uuid',
        adId: 'text',
        at: 'timestamptz',
      },
      'v',
    )}
    RETURNING id, contact_identity_id AS "identityId"`);
  return new Map(
    rowsOf<{ id: string | number; identityId: string }>(result).map((r) => [r.identityId, Number(r.id)]),
  );
}

export type NewMessage = typeof messages.$inferInsert;

/** Inserts a message unless its provider id is already stored (idempotency); returns the new id or null. */
export async function insertMessage(ex: Executor, v: NewMessage): Promise<number | null> {
  const [row] = await ex.insert(messages).values(v).onConflictDoNothing().returning({ id: messages.id });
  return row?.id ?? null;
}

export type MessageKey = { channelId: string; providerMessageId: string };

/** Which of these provider messages are already stored (redeliveries), as `channelId:providerMessageId`. */
export async function findStoredMessages(ex: Executor, keys: MessageKey[]) {
  if (keys.length === 0) return new Set<string>();
  const result = await ex.execute(sql`
    SELECT channel_id AS "channelId", provider_message_id AS "providerMessageId" FROM messages
    WHERE (channel_id, provider_message_id) IN (
      SELECT * FROM ${sqlRows(keys, { channelId: 'uuid', providerMessageId: 'text' }, 'k')})`);
  return new Set(rowsOf<MessageKey>(result).map((k) => `${k.channelId}:${k.providerMessageId}`));
}

export type NewCustomerMessage = MessageKey & {
  organizationId: string;
  issueId: number;
  kind: string;
  text: string | null;
  payload: Record<string, unknown>;
  at: Date;
};

/**
 * Stores customer messages in the given order (ids follow it) in one statement. A message already stored
 * (the unique channel + provider id) is skipped, so a redelivery changes nothing; the answer lists the
 * stored ones.
 */
export async function insertCustomerMessages(ex: Executor, rows: NewCustomerMessage[]) {
  if (rows.length === 0) return [];
  const numbered = rows.map((r, n) => ({ ...r, n }));
  const result = await ex.execute(sql`
    INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text, payload,
      delivery_status, provider_message_id, created_at)
    SELECT "organizationId", "issueId", "channelId", 'inbound', 'customer', kind, text, payload, 'received',
      "providerMessageId", at
    FROM ${sqlRows(
      numbered,
      {
        n: 'int',
        organizationId: 'uuid',
        issueId: 'bigint',
        channelId: 'uuid',
        kind: 'text',
        text: 'text',
        payload: 'jsonb',
        providerMessageId: 'text',
        at: 'timestamptz',
      },
      'v',
    )}
    ORDER BY n
    ON CONFLICT DO NOTHING
    RETURNING id, issue_id AS "issueId", channel_id AS "channelId", provider_message_id AS "providerMessageId"`);
  return rowsOf<{ id: string | number; issueId: string | number } & MessageKey>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    issueId: Number(r.issueId),
  }));
}

/** What a batch's customer messages change on one issue. */
export type IssueActivity = {
  issueId: number;
  /** The batch's first and latest customer message on the issue. */
  firstAt: Date;
  at: Date;
  messages: number;
  adId: string | null;
  /** The reply window the latest message opens (domain replyDeadline). */
  replyDeadline: Date | null;
};
/** ... on one identity (and its contact). */
export type IdentityActivity = {
  identityId: string;
  contactId: string;
  at: Date;
  replyToken: string | null;
  replyTokenExpiresAt: Date;
  tookReferral: boolean;
  inStandby: boolean;
};

/**
 * Records a batch's customer messages in one statement. On each issue: last activity, unread count, the ad,
 * the waiting → on-going rule (the customer spoke last, so the ball is back with the agent), the report
 * facts (the first customer message and when the customer started waiting for a reply), and on the trail
 * the customer's return to a resolved issue. On each identity: last inbound time, following again, the
 * referral ad a new issue took, standby or not; its newest reply token kept, its expired ones dropped. On
 * each contact: last contact time.
 */
export async function recordCustomerActivity(
  ex: Executor,
  issueActivity: IssueActivity[],
  identityActivity: IdentityActivity[],
) {
  // Identities of one contact (several channels) may both be in the batch: the contact takes the latest.
  const lastContactAt = new Map<string, Date>();
  for (const a of identityActivity) {
    const seen = lastContactAt.get(a.contactId);
    if (!seen || seen < a.at) lastContactAt.set(a.contactId, a.at);
  }
  const result = await ex.execute(sql`
    WITH issue_update AS (
      UPDATE issues SET last_response_at = v.at, last_customer_message_at = v.at, reply_deadline_at = v."replyDeadline",
        first_customer_message_at = COALESCE(issues.first_customer_message_at, v."firstAt"),
        wait_started_at = COALESCE(issues.wait_started_at, v."firstAt"),
        unread_count = unread_count + v.messages,
        status = CASE WHEN status = 'waiting' THEN 'on-going' ELSE status END,
        ad_id = COALESCE(issues.ad_id, v."adId"), updated_at = v.at
      FROM ${sqlRows(
        issueActivity,
        {
          issueId: 'bigint',
          firstAt: 'timestamptz',
          at: 'timestamptz',
          messages: 'int',
          adId: 'text',
          replyDeadline: 'timestamptz',
        },
        'v',
      )}
      WHERE issues.id = v."issueId"
      RETURNING issues.id, issues.status, v."firstAt" AS first_at
    ), returned AS (
      -- Every sub-statement reads the rows as they were before this statement: old_row is the issue the
      -- customer wrote to, new_row (issue_update's answer) what it became.
      INSERT INTO issue_activities (organization_id, issue_id, kind, from_status, to_status, data, created_at)
      SELECT old_row.organization_id, old_row.id, 'customer_returned', old_row.status, new_row.status,
        '{}'::jsonb, new_row.first_at
      FROM issues old_row JOIN issue_update new_row ON new_row.id = old_row.id
      WHERE ${customerReturns(sql`old_row`)}
    ), identity_update AS (
      UPDATE contact_identities ci SET last_inbound_at = v.at, is_following = true,
        referral_ad_id = CASE WHEN v."tookReferral" THEN NULL ELSE ci.referral_ad_id END,
        in_standby = v."inStandby"
      FROM ${sqlRows(
        identityActivity,
        { identityId: 'uuid', at: 'timestamptz', tookReferral: 'boolean', inStandby: 'boolean' },
        'v',
      )}
      WHERE ci.id = v."identityId"
    ), expired_tokens AS (
      -- Each chat's expired tokens looked up apart, through the chat's index (a subquery per chat): as a
      -- join, the planner without statistics (PGlite, autovacuum off) read the whole table every batch.
      DELETE FROM ${lineReplyTokens} t WHERE t.id = ANY(ARRAY(
        SELECT unnest((SELECT array_agg(r.id) FROM ${lineReplyTokens} r
                       WHERE r.identity_id = v."identityId" AND r.expires_at <= now()))
        FROM ${sqlRows(identityActivity, { identityId: 'uuid' }, 'v')}))
    ), new_tokens AS (
      INSERT INTO ${lineReplyTokens} (identity_id, token, expires_at)
      SELECT v."identityId", v."replyToken", v."replyTokenExpiresAt"
      FROM ${sqlRows(
        identityActivity.filter((a) => a.replyToken !== null),
        { identityId: 'uuid', replyToken: 'text', replyTokenExpiresAt: 'timestamptz' },
        'v',
      )}
    ), contact_update AS (
      UPDATE contacts SET last_contact_at = v.at
      FROM ${sqlRows(
        [...lastContactAt].map(([id, at]) => ({ id, at })),
        { id: 'uuid', at: 'timestamptz' },
        'v',
      )}
      WHERE contacts.id = v.id
    )
    SELECT id, status FROM issue_update`);
  // Each issue's status after the activity (a customer's message puts a waiting issue back on-going).
  return new Map(
    rowsOf<{ id: string | number; status: IssueStatus }>(result).map((r) => [Number(r.id), r.status]),
  );
}

const RESOLVED = sql.join(
  ISSUE_STATUSES.filter(isResolvedStatus).map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Whether a customer writing to `issue` (its row before the message) is coming back to a resolved issue:
 * the first message since the resolution (the issue stays resolved, so later ones are the same return).
 * An issue resolved without a recorded time counts too.
 */
const customerReturns = (issue: SQL) =>
  sql`${issue}.status IN (${RESOLVED}) AND coalesce(${issue}.last_customer_message_at < ${issue}.resolved_at, true)`;

export type AutomaticReply = {
  organizationId: string;
  issueId: number;
  channelId: string;
  text: string;
  at: Date;
};

/**
 * Queues automatic replies (pending outgoing system messages, each with its own retry key) and records
 * them as the issues' last activity and as an `auto_reply` on their trail, in one statement: what
 * queueSystemMessage does for one issue, for a batch's new issues. Resolves to the stored messages, in
 * order; the caller enqueues their delivery.
 */
export async function insertAutomaticReplies(ex: Executor, rows: AutomaticReply[]) {
  if (rows.length === 0) return [];
  const numbered = rows.map((r, n) => ({ ...r, n }));
  const result = await ex.execute(sql`
    WITH reply AS (
      INSERT INTO messages (organization_id, issue_id, channel_id, direction, sender_type, kind, text,
        delivery_status, retry_key, created_at)
      SELECT "organizationId", "issueId", "channelId", 'outbound', 'system', 'text', text, 'pending',
        gen_random_uuid(), at
      FROM ${sqlRows(
        numbered,
        {
          n: 'int',
          organizationId: 'uuid',
          issueId: 'bigint',
          channelId: 'uuid',
          text: 'text',
          at: 'timestamptz',
        },
        'v',
      )}
      ORDER BY n
      RETURNING id, issue_id, organization_id, created_at
    ), touched AS (
      UPDATE issues SET last_response_at = reply.created_at, updated_at = reply.created_at
      FROM reply WHERE issues.id = reply.issue_id
    ), trail AS (
      INSERT INTO issue_activities (organization_id, issue_id, kind, data, created_at)
      SELECT organization_id, issue_id, 'auto_reply', jsonb_build_object('messageId', id), created_at FROM reply
    )
    SELECT id, issue_id AS "issueId", organization_id AS "organizationId" FROM reply ORDER BY id`);
  return rowsOf<{ id: string | number; issueId: string | number; organizationId: string }>(result).map(
    (r) => ({ id: Number(r.id), issueId: Number(r.issueId), organizationId: r.organizationId }),
  );
}

/** Records a business message typed outside the product (Meta echo) on the issue. */
export async function touchIssueForAgent(ex: Executor, issueId: number, at: Date) {
  await ex
    .update(issues)
    .set({
      lastResponseAt: at,
      lastAgentMessageAt: at,
      firstResponseAt: sql`COALESCE(${issues.firstResponseAt}, ${at})`,
      updatedAt: at,
    })
    .where(eq(issues.id, issueId));
}

export async function setFollowing(ex: Executor, identityId: string, isFollowing: boolean) {
  await ex.update(contactIdentities).set({ isFollowing }).where(eq(contactIdentities.id, identityId));
}

/** The customer unsent a message: keep the row (history, counts) but drop its content. */
export async function markUnsent(ex: Executor, channelId: string, providerMessageId: string) {
  const [row] = await ex
    .update(messages)
    .set({ text: null, payload: { unsent: true }, kind: 'unsent' })
    .where(
      and(
        eq(messages.channelId, channelId),
        eq(messages.providerMessageId, providerMessageId),
        eq(messages.direction, 'inbound'),
      ),
    )
    .returning({ id: messages.id, issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
}

/**
 * Read receipts: outgoing messages up to the watermark (Messenger) or the one read (Instagram) become read,
 * seen at the receipt's time. Returns the messages the receipt newly covered.
 */
export async function markRead(
  ex: Executor,
  v: { channelId: string; issueIds: number[]; upTo: Date | null; providerMessageId: string | null; at: Date },
) {
  if (v.issueIds.length === 0) return [];
  const target = v.providerMessageId
    ? eq(messages.providerMessageId, v.providerMessageId)
    : v.upTo
      ? lte(messages.createdAt, v.upTo)
      : undefined;
  if (!target) return [];
  return ex
    .update(messages)
    .set({ deliveryStatus: 'read', readAt: v.at })
    .where(
      and(
        eq(messages.channelId, v.channelId),
        inArray(messages.issueId, v.issueIds),
        eq(messages.direction, 'outbound'),
        ne(messages.deliveryStatus, 'failed'),
        isNull(messages.readAt),
        target,
      ),
    )
    .returning({ id: messages.id, issueId: messages.issueId, organizationId: messages.organizationId });
}

/** The customer reacted to one of our messages (any of its parts), or took the reaction back (null). */
export async function setCustomerReaction(
  ex: Executor,
  channelId: string,
  providerMessageId: string,
  emoji: string | null,
) {
  const [row] = await ex
    .update(messages)
    .set({ customerReaction: emoji })
    .where(
      and(
        eq(messages.channelId, channelId),
        or(
          eq(messages.providerMessageId, providerMessageId),
          inArray(
            messages.id,
            ex
              .select({ id: messageProviderIds.messageId })
              .from(messageProviderIds)
              .where(
                and(
                  eq(messageProviderIds.channelId, channelId),
                  eq(messageProviderIds.providerMessageId, providerMessageId),
                ),
              ),
          ),
        ),
      ),
    )
    .returning({ id: messages.id, issueId: messages.issueId, organizationId: messages.organizationId });
  return row ?? null;
}

export async function issueIdsOfIdentity(ex: Executor, identityId: string) {
  const rows = await ex
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.contactIdentityId, identityId), isNull(issues.closedAt)));
  return rows.map((r) => r.id);
}

/** A message with its channel, and who hears of it (its issue's team and assignee: the gateway reads no issue). */
export async function findMessageWithChannel(ex: Executor, messageId: number) {
  const [row] = await ex
    .select({
      message: messages,
      channel: channels,
      audience: { teamId: issues.teamId, assigneeUserId: issues.assigneeUserId },
    })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .innerJoin(issues, eq(issues.id, messages.issueId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/**
 * Records the outcome of a media download on the message, links the stored file and publishes `published`,
 * in one statement: all of it, or nothing when the message is gone meanwhile.
 */
export async function setMediaResult(
  ex: Executor,
  v: { messageId: number; payload: Record<string, unknown>; fileId: string | null },
  published: DomainEvent,
) {
  await ex.execute(sql`
    WITH updated AS (
      UPDATE ${messages} SET payload = ${JSON.stringify(v.payload)}::jsonb WHERE id = ${v.messageId} RETURNING id
    ), attached AS (
      INSERT INTO ${messageAttachments} (message_id, file_id)
      SELECT id, ${v.fileId}::text FROM updated WHERE ${v.fileId}::text IS NOT NULL
    )
    SELECT ${eventNotification(published)} FROM updated`);
}

/** Remembers the ad a customer came from; an open issue takes it at once, otherwise their next issue does. */
export async function recordReferral(ex: Executor, identityId: string, adId: string) {
  // The customer's lock first, as the message path takes it: a batch opening their issue right now commits
  // before this looks for it, so the ad goes to that issue rather than waiting for the next one.
  await lockIdentities(ex, [identityId]);
  const updated = await ex
    .update(issues)
    .set({ adId })
    .where(
      and(
        eq(issues.contactIdentityId, identityId),
        notInArray(issues.status, [...FINAL_STATUSES]),
        isNull(issues.adId),
      ),
    )
    .returning({ id: issues.id });
  if (updated.length === 0)
    await ex
      .update(contactIdentities)
      .set({ referralAdId: adId })
      .where(eq(contactIdentities.id, identityId));
}

/** An identity with its channel, for the profile job. */
export async function findIdentityWithChannel(ex: Executor, identityId: string) {
  const [row] = await ex
    .select({ identity: contactIdentities, channel: channels })
    .from(contactIdentities)
    .innerJoin(channels, eq(channels.id, contactIdentities.channelId))
    .where(eq(contactIdentities.id, identityId));
  return row ?? null;
}

/**
 * Fills in the provider profile of an identity and its contact where they still carry the placeholder (the
 * external id) they were created with; a name an agent gave meanwhile stays. Resolves to the issues of the
 * identity whose card shows the name (none when nothing changed).
 */
export async function fillProfile(
  ex: Executor,
  identityId: string,
  profile: { displayName: string; pictureUrl: string | null },
) {
  const [identity] = await ex
    .update(contactIdentities)
    .set({ displayName: profile.displayName, pictureUrl: profile.pictureUrl })
    .where(
      and(
        eq(contactIdentities.id, identityId),
        eq(contactIdentities.displayName, contactIdentities.externalUserId),
      ),
    )
    .returning({ contactId: contactIdentities.contactId, externalUserId: contactIdentities.externalUserId });
  if (!identity) return [];
  await ex.execute(sql`
    UPDATE contacts SET display_name = ${profile.displayName},
      picture_url = coalesce(picture_url, ${profile.pictureUrl}), updated_at = now()
    WHERE id = ${identity.contactId} AND display_name = ${identity.externalUserId}
    RETURNING ${outgoingEventRecordOf('contact.updated', sql`organization_id`, sql`jsonb_build_object('contactId', id)`)}`);
  return ex
    .select({ id: issues.id })
    .from(issues)
    .where(eq(issues.contactIdentityId, identityId))
    .orderBy(desc(issues.id))
    .limit(20);
}
