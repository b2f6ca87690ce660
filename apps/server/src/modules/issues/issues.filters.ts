// The inbox's filters and orders (the list query's filter keys) as SQL over `issues i`, shared by the
// list, the status counts and the kanban. Every condition is parenthesised: they are joined with AND after
// the caller's scope, and a bare OR would leak other organisations' rows.
import { sql, type SQL } from 'drizzle-orm';
import type { IssueFilter } from '@sabai/contracts';
import { ISSUE_STATUSES, type IssueSort, type IssueTimeFilter } from '@sabai/domain';
import { containsPattern, likeOperator } from '../../db/list-helpers';

export type FilterContext = { organizationId: string; userId: string; timeZone: string };

/** The pipeline order of the statuses as an SQL array literal (sort=status). */
export const STATUS_ORDER = `'{${ISSUE_STATUSES.join(',')}}'::text[]`;

/**
 * `issues i` rows matching every given filter (status excluded when `withStatus` is false: the tab counts).
 * Not the search: the list and the counts look each of its alternatives up on its own (searchAlternatives).
 */
export function filterConditions(f: IssueFilter, ctx: FilterContext, withStatus = true): SQL[] {
  const where: SQL[] = [];
  if (f.channel?.length) where.push(oneOf(sql`i.channel_id`, f.channel));
  if (f.team?.length) where.push(oneOf(sql`i.team_id`, f.team));
  if (withStatus && f.status) where.push(sql`i.status = ${f.status}`);
  if (f.myIssue) where.push(sql`i.assignee_user_id = ${ctx.userId}`);
  if (f.agent?.length) where.push(agentCondition(f.agent));
  if (f.kind) where.push(sql`i.kind = ${f.kind}`);
  if (f.tag?.length) {
    where.push(
      sql`EXISTS (SELECT 1 FROM issue_tags it WHERE it.issue_id = i.id AND ${oneOf(sql`it.tag_id`, f.tag)})`,
    );
  }
  if (f.time) where.push(timeCondition(f.time, ctx.timeZone));
  if (f.startDate) where.push(sql`i.start_date >= ${localMidnight(f.startDate, ctx.timeZone)}`);
  if (f.endDate) where.push(sql`i.start_date < ${localMidnight(f.endDate, ctx.timeZone)} + interval '1 day'`);
  return where;
}

/**
 * `column` is one of `ids`; a single id is compared with `=`, so an index on (…, column, order) still returns
 * the rows in order (PostgreSQL 15 does not for `= ANY(array)` on a column after the first).
 */
function oneOf(column: SQL, ids: string[]): SQL {
  return ids.length === 1 ? sql`${column} = ${ids[0]}` : sql`${column} = ANY(${sql.param(ids)}::uuid[])`;
}

function agentCondition(agents: string[]): SQL {
  const ids = agents.filter((a) => a !== 'none');
  const none = agents.includes('none');
  const anyOf = oneOf(sql`i.assignee_user_id`, ids);
  if (!none) return anyOf;
  return ids.length ? sql`(${anyOf} OR i.assignee_user_id IS NULL)` : sql`i.assignee_user_id IS NULL`;
}

/** Midnight of a yyyy-mm-dd day in the organisation's time zone, as a timestamptz. */
function localMidnight(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp AT TIME ZONE ${timeZone})`;
}

/** `time` presets over the last activity, by the organisation's calendar. */
function timeCondition(time: IssueTimeFilter, timeZone: string): SQL {
  const today = sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
  switch (time) {
    case 'today':
      return sql`i.last_response_at >= ${today}`;
    case 'yesterday':
      return sql`(i.last_response_at >= ${today} - interval '1 day' AND i.last_response_at < ${today})`;
    case 'last7Days':
      return sql`i.last_response_at >= ${today} - interval '6 days'`;
    case 'last30Days':
      return sql`i.last_response_at >= ${today} - interval '29 days'`;
  }
}

/**
 * Substring search over the contact (name, display name, email, phone) and the issue's messages. (I)LIKE on
 * trigram-indexed columns, so it works for Thai, which has no spaces between words. A number also finds the
 * issue with that id. The ways an issue can match, any one of which is enough: the list looks each up on its
 * own (a word common in messages is found by walking the newest issues, a rare one through the trigram index),
 * and so do the counts (a union of their ids).
 */
/** Digits with the separators people type in phone numbers. */
const PHONE_AS_TYPED = /^\+?[\d\s\-().]+$/;

export function searchAlternatives(search: string, organizationId: string): SQL[] {
  const pattern = containsPattern(search);
  const like = likeOperator(search);
  // A phone number as typed ("081-234 5678", "+66 81…"): its digits match the stored number. Only when the
  // search is such a number: the digits scattered through a name ("Khun a1b2c3") would match any phone
  // holding "123".
  const digits = search.replace(/\D/g, '');
  const isPhoneLike = PHONE_AS_TYPED.test(search.trim()) && digits.length >= 3;
  const byPhone = isPhoneLike ? sql` OR ct.mobile_number LIKE ${containsPattern(digits)}` : sql``;
  const alternatives = [
    sql`i.contact_id IN (
      SELECT ct.id FROM contacts ct WHERE ct.organization_id = ${organizationId}
        AND (ct.display_name ${like} ${pattern} OR ct.name ${like} ${pattern} OR ct.email ${like} ${pattern}${byPhone}))`,
    sql`i.id IN (SELECT m.issue_id FROM messages m WHERE m.text ${like} ${pattern} AND m.organization_id = ${organizationId})`,
  ];
  if (/^#?\d{1,15}$/.test(search)) alternatives.unshift(sql`i.id = ${Number(search.replace('#', ''))}`);
  return alternatives;
}

/** The SQL value an order sorts by; keyset pagination compares (value, id) with the cursor. */
export function sortExpression(sort: IssueSort): SQL {
  switch (sort) {
    case 'lastResponse':
      return sql`i.last_response_at`;
    case 'startDate':
      return sql`i.start_date`;
    case 'status':
      // The same expression as the index issues_org_status_rank_idx (schema.ts), so that index serves it.
      return sql`array_position(${sql.raw(STATUS_ORDER)}, i.status)`;
    case 'daysLeft':
      // Fewest days left first; no window (LINE, no customer message yet) last. The same expression as the
      // index issues_org_reply_deadline_idx (schema.ts), so that index serves it.
      return sql`coalesce(i.reply_deadline_at, 'infinity'::timestamptz)`;
    case 'slaDue':
      // The clock due first soonest; issues without one last. The same expression as the index
      // issues_org_sla_due_idx (schema.ts).
      return sql`coalesce(i.sla_due_at, 'infinity'::timestamptz)`;
  }
}

/** The SQL type of a sort value, to read a cursor's text back. */
export function sortType(sort: IssueSort): SQL {
  return sort === 'status' ? sql.raw('int') : sql.raw('timestamptz');
}

/** Newest first for dates, pipeline order for status, most urgent first for days left. */
export function defaultOrder(sort: IssueSort): 'asc' | 'desc' {
  return sort === 'lastResponse' || sort === 'startDate' ? 'desc' : 'asc';
}

export type Cursor = { key: string; id: number };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

/** The cursor of the previous page; null when it is not one of ours (the caller answers 400). */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const [key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    return typeof key === 'string' && Number.isSafeInteger(id) ? { key, id: id as number } : null;
  } catch {
    return null;
  }
}
