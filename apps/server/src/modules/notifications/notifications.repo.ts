// The only file of the notifications module that touches the database. Every read and write is keyed by
// the organisation and the user, so nobody reaches another user's or another organisation's rows.
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { channels, issues, notifications } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';

export type NewNotification = {
  organizationId: string;
  userId: string;
  type: string;
  content: string;
  issueId?: number | null;
  channelType?: 'line' | 'facebook' | 'instagram' | null;
  channelName?: string | null;
  createdAt?: Date;
};

export type Owner = { organizationId: string; userId: string };

const ownedBy = (o: Owner) =>
  and(eq(notifications.organizationId, o.organizationId), eq(notifications.userId, o.userId));

export async function insertNotification(ex: Executor, v: NewNotification) {
  const [row] = await ex
    .insert(notifications)
    .values({
      organizationId: v.organizationId,
      userId: v.userId,
      type: v.type,
      content: v.content,
      issueId: v.issueId ?? null,
      channelType: v.channelType ?? null,
      channelName: v.channelName ?? null,
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * One page of the user's notifications, newest first. Notifications written without a channel (the
 * issue services' notices) take it from their issue.
 */
export async function listNotifications(ex: Executor, o: Owner, q: { cursor?: number; limit: number }) {
  return ex
    .select({
      id: notifications.id,
      issueId: notifications.issueId,
      content: notifications.content,
      readStatus: notifications.readStatus,
      createdAt: notifications.createdAt,
      channelType: sql<
        'line' | 'facebook' | 'instagram' | null
      >`coalesce(${notifications.channelType}, ${channels.type})`,
      channelName: sql<string | null>`coalesce(${notifications.channelName}, ${channels.name})`,
    })
    .from(notifications)
    .leftJoin(issues, eq(issues.id, notifications.issueId))
    .leftJoin(channels, eq(channels.id, issues.channelId))
    .where(and(ownedBy(o), q.cursor ? lt(notifications.id, q.cursor) : undefined))
    .orderBy(desc(notifications.id))
    .limit(q.limit);
}

/** Notifications the bell counts: those arrived since the user last opened it. */
export async function countCounted(ex: Executor, o: Owner) {
  const [row] = await ex
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(o), eq(notifications.isCounted, true)));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(ex: Executor, o: Owner, id: number) {
  const rows = await ex
    .update(notifications)
    .set({ readStatus: true, isCounted: false })
    .where(and(ownedBy(o), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks the user's notifications of one issue read (they opened it). */
export async function markIssueRead(ex: Executor, o: Owner, issueId: number) {
  await ex
    .update(notifications)
    .set({ readStatus: true, isCounted: false })
    .where(
      // Every counted notification is unread (reading one uncounts it).
      and(ownedBy(o), eq(notifications.issueId, issueId), eq(notifications.readStatus, false)),
    );
}

export async function clearCount(ex: Executor, o: Owner) {
  await ex
    .update(notifications)
    .set({ isCounted: false })
    .where(and(ownedBy(o), eq(notifications.isCounted, true)));
}

export async function deleteAll(ex: Executor, o: Owner) {
  await ex.delete(notifications).where(ownedBy(o));
}

export type CustomerActivity = {
  /** Issues the customers' messages just opened: their team's manager hears of each. */
  newIssueIds: number[];
  /** The latest customer message per issue: the issue's agent hears of it. */
  messages: Array<{ issueId: number; text: string }>;
};

/** Rows written for customer activity, for announcing them (with who wrote and on which channel). */
export type InsertedNotification = {
  id: number;
  organization_id: string;
  user_id: string;
  issue_id: number;
  type: 'new_issue' | 'new_message';
  content: string;
  channel_type: 'line' | 'facebook' | 'instagram';
  channel_name: string;
  contact_name: string;
};

const CONTENT_MAX = 200;

/**
 * The notifications of a batch of customer messages, in one statement (the ingest worker's transaction
 * stays set-based): a new issue for its team's manager, a new message for the issue's agent unless they
 * muted the issue. The texts are NOTICE_TEXTS.newIssue and .newMessage (@sabai/contracts), written in SQL;
 * a test parses them back.
 */
export async function insertForCustomerActivity(ex: Executor, a: CustomerActivity) {
  if (a.newIssueIds.length === 0 && a.messages.length === 0) return [];
  const result = await ex.execute(sql`
    with inserted as (
      insert into notifications (organization_id, user_id, issue_id, type, content, channel_type, channel_name)
      select i.organization_id, t.manager_user_id, i.id, 'new_issue',
             'New issue #' || i.id || ' from ' || coalesce(nullif(c.display_name, ''), ch.name),
             ch.type, ch.name
        from issues i
        join teams t on t.id = i.team_id
        join channels ch on ch.id = i.channel_id
        left join contacts c on c.id = i.contact_id
       where i.id = any(${sql.param(a.newIssueIds)}::bigint[]) and t.manager_user_id is not null
      union all
      select i.organization_id, i.assignee_user_id, i.id, 'new_message',
             left('New message on issue #' || i.id || ': ' || m.text, ${CONTENT_MAX}),
             ch.type, ch.name
        from unnest(${sql.param(a.messages.map((m) => m.issueId))}::bigint[],
                    ${sql.param(a.messages.map((m) => m.text))}::text[]) as m(issue_id, text)
        join issues i on i.id = m.issue_id
        join channels ch on ch.id = i.channel_id
       where i.assignee_user_id is not null
         and not exists (select 1 from issue_mutes mu
                          where mu.user_id = i.assignee_user_id and mu.issue_id = i.id)
      returning id, organization_id, user_id, issue_id, type, content, channel_type, channel_name
    )
    select n.*, coalesce(nullif(c.display_name, ''), n.channel_name) as contact_name
      from inserted n
      join issues i on i.id = n.issue_id
      left join contacts c on c.id = i.contact_id`);
  return rowsOf<InsertedNotification>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    issue_id: Number(r.issue_id),
  }));
}
