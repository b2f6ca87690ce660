// Reading issues for the workspace: the list page, the tab counts, one issue's card data, the contact's
// history and the issue's activity trail. One query each; the list picks its page of ids first, then
// decorates just those rows.
import { and, sql, type SQL } from 'drizzle-orm';
import type { AutomationTrace, IssueFilter } from '@sabai/contracts';
import type {
  ChatEventKind,
  IssueActivityKind,
  IssueSort,
  IssueStatus,
  Scope,
  SlaTarget,
} from '@sabai/domain';
import { isStatementTimeout } from '../../db/list-helpers';
import { rowsOf, type Executor } from '../../platform/db';
import { issues, issueStatusTally } from '../../db/schema';
import { wasRemovedSql } from '../people';
import { issueScopeCondition, readableCondition } from './issues.repo';
import {
  filterConditions,
  searchAlternatives,
  sortExpression,
  sortType,
  type Cursor,
  type FilterContext,
} from './issues.filters';
import { tallyAnswers } from './issues.tally';

export type Caller = FilterContext & { scope: Scope };

/** The row every issue view is built from (list item, card, detail). */
export type IssueRow = {
  id: number;
  kind: 'conversation' | 'comment';
  post_id: string | null;
  status: IssueStatus;
  start_date: Date;
  last_response_at: Date;
  last_customer_message_at: Date | null;
  reply_deadline_at: Date | string | null;
  sla_due_at: Date | string | null;
  sla_warn_at: Date | string | null;
  sla_target: SlaTarget | null;
  close_requested_at: Date | null;
  unread_count: number;
  note: string;
  ad_id: string | null;
  transferred_from_issue_id: number | null;
  channel_id: string;
  channel_name: string;
  channel_type: 'line' | 'facebook' | 'instagram';
  channel_page_id: string | null;
  channel_external_id: string;
  contact_id: string;
  contact_display_name: string;
  contact_name: string;
  contact_email: string | null;
  contact_mobile: string | null;
  contact_picture: string | null;
  team_id: string | null;
  team_name: string | null;
  assignee_id: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_username: string | null;
  assignee_avatar: string | null;
  assignee_deleted: boolean;
  tags: Array<{ id: string; name: string; colour: string }> | null;
  last_text: string | null;
  last_kind: string | null;
  last_sender: string | null;
  sort_key: string;
};

const scopeOf = (c: Caller) => issueScopeCondition(c.organizationId, c.userId, c.scope, 'i');
/** In scope, or handed over to the caller by a transfer: what they may read (never change). */
const readableBy = (c: Caller) => readableCondition(c.organizationId, c.userId, c.scope, 'i');

/** Columns and joins that turn `page p` (issue rows) into IssueRows. */
function decorated(sortKey: SQL) {
  return sql`SELECT p.id::int AS id, p.kind, p.post_id, p.status, p.start_date, p.last_response_at, p.last_customer_message_at,
      p.reply_deadline_at, p.sla_due_at, p.sla_warn_at, p.sla_target, p.close_requested_at, p.unread_count, p.note, p.ad_id, p.transferred_from_issue_id::int AS transferred_from_issue_id,
      ch.id AS channel_id, ch.name AS channel_name, ch.type AS channel_type, ch.page_id AS channel_page_id,
      ch.external_id AS channel_external_id,
      ct.id AS contact_id, ct.display_name AS contact_display_name, ct.name AS contact_name,
      ct.email AS contact_email, ct.mobile_number AS contact_mobile, ct.picture_url AS contact_picture,
      t.id AS team_id, t.name AS team_name,
      u.id AS assignee_id, u.first_name AS assignee_first_name, u.last_name AS assignee_last_name,
      u.username AS assignee_username, u.avatar_file_id AS assignee_avatar,
      ${wasRemovedSql(sql`ch.organization_id`, sql`u.id`)} AS assignee_deleted,
      (SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name, 'colour', tg.colour) ORDER BY tg.name)
         FROM issue_tags it JOIN tags tg ON tg.id = it.tag_id WHERE it.issue_id = p.id) AS tags,
      lm.text AS last_text, lm.kind AS last_kind, lm.sender_type AS last_sender,
      ${sortKey} AS sort_key
    FROM page p
    JOIN channels ch ON ch.id = p.channel_id
    JOIN contacts ct ON ct.id = p.contact_id
    LEFT JOIN teams t ON t.id = p.team_id
    LEFT JOIN users u ON u.id = p.assignee_user_id
    LEFT JOIN LATERAL (
      SELECT m.text, m.kind, m.sender_type FROM messages m
      WHERE m.issue_id = p.id AND NOT m.is_private_note ORDER BY m.id DESC LIMIT 1
    ) lm ON true`;
}

/** One page of the caller's issues matching `filter`, in `sort` order after `cursor`. */
export async function listIssues(
  ex: Executor,
  caller: Caller,
  q: { filter: IssueFilter; sort: IssueSort; order: 'asc' | 'desc'; cursor: Cursor | null; limit: number },
): Promise<IssueRow[]> {
  const key = sortExpression(q.sort);
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const where = [scopeOf(caller), ...filterConditions(q.filter, caller)];
  if (q.cursor) {
    const after = sql`(${key}, i.id) ${sql.raw(q.order === 'asc' ? '>' : '<')} (${q.cursor.key}::${sortType(q.sort)}, ${q.cursor.id})`;
    where.push(after);
  }
  /**
   * The ids and sort values of the page of issues that also match `extra`. Only ids first: an index holding
   * every column the filters and the order read answers it alone, and just the page's rows are read after.
   */
  const pageOf = (extra?: SQL) => sql`
      SELECT i.id, ${key} AS sort_value FROM ${issues} i
      WHERE ${and(...where, extra)}
      ORDER BY ${key} ${dir}, i.id ${dir}
      LIMIT ${q.limit}`;
  // A search takes a page of each way to match (contact, messages, issue number), each with its own plan,
  // and keeps the first of their union: the same rows as one query with OR, without building every match of
  // a word common in messages first.
  const ids = q.filter.search
    ? sql`SELECT * FROM (${sql.join(
        searchAlternatives(q.filter.search, caller.organizationId).map((s) => sql`(${pageOf(s)})`),
        sql` UNION `,
      )}) u
      ORDER BY u.sort_value ${dir}, u.id ${dir}
      LIMIT ${q.limit}`
    : pageOf();
  const result = await ex.transaction(async (tx) => {
    // A page is a few rows found by walking an index in order. Parallel workers walk ahead of it until their
    // queues fill, long past the LIMIT (ten times the work for a search word in 2% of the issues), so the
    // list runs in one process.
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    return tx.execute(sql`
      WITH page AS (SELECT i.*, ids.sort_value FROM (${ids}) ids JOIN ${issues} i ON i.id = ids.id)
      ${decorated(sql`p.sort_value::text`)}
      ORDER BY p.sort_value ${dir}, p.id ${dir}`);
  });
  return rowsOf<IssueRow>(result);
}

/**
 * One issue with everything its card and info panel show. Not scoped: the caller's right to read it is
 * checked first (findIssueToRead), once.
 */
export async function findIssueRow(ex: Executor, issueId: number): Promise<IssueRow | null> {
  const result = await ex.execute(sql`
    WITH page AS (SELECT i.* FROM ${issues} i WHERE i.id = ${issueId})
    ${decorated(sql`''`)}`);
  return rowsOf<IssueRow>(result)[0] ?? null;
}

/** How long the tab counts under a search may take; past it the tabs go without numbers. */
export const SEARCH_COUNT_TIMEOUT_MS = 300;

type StatusCount = { status: IssueStatus; count: number };

/**
 * Issues per status matching the filter without its status (the tabs), in one query: from the status tally
 * when it knows every filtered fact (the scope's and the tally's columns share their names, so the same
 * conditions apply to both), else by counting the issues. Null when a search matches too many issues to
 * count in SEARCH_COUNT_TIMEOUT_MS (a word in half the messages takes seconds; the list itself stays fast).
 */
export async function countByStatus(
  ex: Executor,
  caller: Caller,
  filter: IssueFilter,
): Promise<StatusCount[] | null> {
  if (tallyAnswers(filter)) {
    const where = and(scopeOf(caller), ...filterConditions(filter, caller, false));
    return rowsOf<StatusCount>(
      await ex.execute(sql`
        SELECT i.status, sum(i.n)::int AS count FROM ${issueStatusTally} i WHERE ${where}
        GROUP BY i.status HAVING sum(i.n) <> 0`),
    );
  }
  const where = [scopeOf(caller), ...filterConditions(filter, caller, false)];
  if (filter.search) {
    // The ids each way of matching finds, unioned: each gets its own plan, where one OR would get a poor one.
    const matches = searchAlternatives(filter.search, caller.organizationId).map(
      (s) => sql`SELECT i.id FROM ${issues} i WHERE ${s}`,
    );
    where.push(sql`i.id IN (${sql.join(matches, sql` UNION `)})`);
  }
  const count = async (tx: Executor) =>
    rowsOf<StatusCount>(
      await tx.execute(
        sql`SELECT i.status, count(*)::int AS count FROM ${issues} i WHERE ${and(...where)} GROUP BY i.status`,
      ),
    );
  if (!filter.search) return count(ex);
  try {
    return await ex.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SEARCH_COUNT_TIMEOUT_MS}`));
      return count(tx);
    });
  } catch (err) {
    if (isStatementTimeout(err)) return null;
    throw err;
  }
}

export type HistoryRow = {
  issue_id: number;
  channel_id: string;
  channel_type: 'line' | 'facebook' | 'instagram';
  channel_name: string;
  status: IssueStatus;
  start_date: Date;
  last_text: string | null;
};

/**
 * The contact's other issues the caller may read, newest first: those in their scope and those handed over
 * to them, so the issue this one was transferred from (even when it belonged to another team).
 */
export async function issueHistory(ex: Executor, caller: Caller, issue: { id: number; contactId: string }) {
  const result = await ex.execute(sql`
    SELECT i.id::int AS issue_id, ch.id AS channel_id, ch.type AS channel_type, ch.name AS channel_name,
      i.status, i.start_date,
      (SELECT m.text FROM messages m WHERE m.issue_id = i.id AND NOT m.is_private_note ORDER BY m.id DESC LIMIT 1) AS last_text
    FROM ${issues} i JOIN channels ch ON ch.id = i.channel_id
    WHERE i.contact_id = ${issue.contactId} AND i.id <> ${issue.id} AND i.organization_id = ${caller.organizationId}
      AND ${readableBy(caller)}
    ORDER BY i.id DESC LIMIT 100`);
  return rowsOf<HistoryRow>(result);
}

/** The issue a transfer created from this one, if any. */
export async function transferredTo(ex: Executor, issueId: number): Promise<number | null> {
  const result = await ex.execute(
    sql`SELECT id::int AS id FROM ${issues} WHERE transferred_from_issue_id = ${issueId} ORDER BY id LIMIT 1`,
  );
  return rowsOf<{ id: number }>(result)[0]?.id ?? null;
}

/** The trail shows the latest entries of an issue, at most this many (the route's contract). */
export const ACTIVITY_TRAIL_LIMIT = 500;

/** A person of the trail as the query returns them (null when the user is missing). */
export type TrailPerson = { id: string; firstName: string; lastName: string; username: string } | null;

export type ActivityRow = {
  id: number | string;
  kind: IssueActivityKind;
  created_at: Date | string;
  from_status: IssueStatus | null;
  to_status: IssueStatus | null;
  actor: TrailPerson;
  agent: TrailPerson;
  previous_agent: TrailPerson;
  team_id: string | null;
  team_name: string | null;
  /** An assignment that recorded the team the issue had, and moved it to another. */
  team_changed: boolean;
  tag_id: string | null;
  tag_name: string | null;
  tag_colour: string | null;
  to_issue_id: number | string | null;
  csat_rating: number | string | null;
  csat_comment: string | null;
  /** The rule or macro that made the change (activity data `automation`). */
  automation: AutomationTrace | null;
  /** `chat_event`: the event, the names of the members it names (null while unknown), its detail. */
  chat_event: { event: ChatEventKind; members: Array<string | null>; detail: string | null } | null;
};

const personJson = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id,
    'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'username', ${alias}.username) END`);

/**
 * An issue's latest ACTIVITY_TRAIL_LIMIT activities, oldest first, with the people, team and tag their data
 * names (and the LINE chat members a chat event names, as they are known now). A tag keeps the name and colour it had when recorded, so a deleted tag still reads; one that
 * exists shows as it is now. Which of these each kind shows is the presenter's business.
 */
export async function activityTrail(ex: Executor, organizationId: string, issueId: number) {
  const result = await ex.execute(sql`
    SELECT a.id, a.kind, a.created_at, a.from_status, a.to_status,
      ${personJson('actor')} AS actor, ${personJson('agent')} AS agent, ${personJson('prev')} AS previous_agent,
      t.id AS team_id, t.name AS team_name,
      coalesce(a.data ? 'previousTeamId' AND a.data->>'previousTeamId' IS DISTINCT FROM a.data->>'teamId', false)
        AS team_changed,
      a.data->>'tagId' AS tag_id, coalesce(tg.name, a.data->>'name') AS tag_name,
      coalesce(tg.colour, a.data->>'colour') AS tag_colour,
      a.data->>'toIssueId' AS to_issue_id,
      a.data->>'rating' AS csat_rating, a.data->>'comment' AS csat_comment,
      a.data->'automation' AS automation,
      CASE WHEN a.kind = 'chat_event' THEN json_build_object('event', a.data->>'event', 'detail', a.data->>'detail',
        'members', (SELECT coalesce(json_agg(m.display_name ORDER BY u.n), '[]'::json)
          FROM jsonb_array_elements_text(a.data->'memberIds') WITH ORDINALITY AS u(user_id, n)
          LEFT JOIN line_chat_members m ON m.user_id = u.user_id
            AND m.identity_id = (SELECT contact_identity_id FROM issues WHERE id = a.issue_id)))
      END AS chat_event
    FROM (SELECT * FROM issue_activities
          WHERE issue_id = ${issueId} AND organization_id = ${organizationId}
          ORDER BY id DESC LIMIT ${ACTIVITY_TRAIL_LIMIT}) a
    LEFT JOIN users actor ON actor.id = a.actor_user_id
    LEFT JOIN users agent ON agent.id = (a.data->>'userId')::uuid
    LEFT JOIN users prev ON prev.id = (a.data->>'previousUserId')::uuid
    LEFT JOIN teams t ON t.id = (a.data->>'teamId')::uuid
    LEFT JOIN tags tg ON tg.id = (a.data->>'tagId')::uuid
    ORDER BY a.id`);
  return rowsOf<ActivityRow>(result);
}
