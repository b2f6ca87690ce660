// The contact list's quick search and advanced filters as SQL over `contacts c`, shared by the
// list and the export. Every condition is parenthesised: they are joined with AND after the organisation,
// and a bare OR would leak other organisations' rows.
import { sql, type SQL } from 'drizzle-orm';
import type { ContactFilter, ContactSort } from '@sabai/contracts';
import { containsPattern, likeOperator } from '../../db/list-helpers';

export type ContactQueryContext = {
  organizationId: string;
  timeZone: string;
  /** Scope myChannel: the channels of the caller's teams, one of which the contact must be on; null = all. */
  scopeChannelIds: string[] | null;
  /** The channel type and page filters as channel ids, one of which the contact must be on; null = any. */
  filterChannelIds: string[] | null;
};

const OPEN_STATUSES = sql.raw(`('un-assigned', 'on-going', 'waiting')`);

/** `contacts c` rows of the organisation matching every given filter. */
export function contactConditions(f: ContactFilter, ctx: ContactQueryContext): SQL[] {
  const where: SQL[] = [sql`c.organization_id = ${ctx.organizationId}`];
  // Two conditions, not their intersection: a contact on LINE (in scope) and Messenger (filtered) matches.
  if (ctx.scopeChannelIds) where.push(onChannels(ctx.scopeChannelIds));
  if (ctx.filterChannelIds) where.push(onChannels(ctx.filterChannelIds));
  if (f.ids?.length) where.push(sql`c.id = ANY(${sql.param(f.ids)}::uuid[])`);
  if (f.search) where.push(searchCondition(f.search));
  if (f.gender) where.push(sql`c.gender = ${f.gender}`);
  if (f.province?.length) where.push(sql`c.province = ANY(${sql.param(f.province)}::text[])`);
  if (f.birthdateFrom) where.push(sql`c.birthdate >= ${f.birthdateFrom}::date`);
  if (f.birthdateTo) where.push(sql`c.birthdate <= ${f.birthdateTo}::date`);
  if (f.createdFrom) where.push(sql`c.created_at >= ${localMidnight(f.createdFrom, ctx.timeZone)}`);
  if (f.createdTo)
    where.push(sql`c.created_at < ${localMidnight(f.createdTo, ctx.timeZone)} + interval '1 day'`);
  if (f.lastContactFrom) {
    where.push(sql`c.last_contact_at >= ${localMidnight(f.lastContactFrom, ctx.timeZone)}`);
  }
  if (f.lastContactTo) {
    where.push(sql`c.last_contact_at < ${localMidnight(f.lastContactTo, ctx.timeZone)} + interval '1 day'`);
  }
  if (f.tag?.length) {
    where.push(sql`EXISTS (SELECT 1 FROM issues i JOIN issue_tags it ON it.issue_id = i.id
      WHERE i.contact_id = c.id AND it.tag_id = ANY(${sql.param(f.tag)}::uuid[]))`);
  }
  if (f.hasOpenIssue !== undefined) {
    const exists = sql`EXISTS (SELECT 1 FROM issues i WHERE i.contact_id = c.id AND i.status IN ${OPEN_STATUSES})`;
    where.push(f.hasOpenIssue ? exists : sql`NOT ${exists}`);
  }
  return where;
}

function onChannels(ids: string[]): SQL {
  return sql`EXISTS (SELECT 1 FROM contact_identities ci
    WHERE ci.contact_id = c.id AND ci.channel_id = ANY(${sql.param(ids)}::uuid[]))`;
}

/**
 * Substring search over name, display name, email and phone: (I)LIKE on trigram-indexed columns, so Thai
 * (no spaces between words) is found by any part. A phone typed with spaces or dashes matches its digits.
 */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const digits = search.replace(/[\s-]/g, '');
  const byPhone = /^\d{3,}$/.test(digits) ? sql` OR c.mobile_number LIKE ${containsPattern(digits)}` : sql``;
  const like = likeOperator(search);
  return sql`(c.display_name ${like} ${pattern} OR c.name ${like} ${pattern} OR c.email ${like} ${pattern}${byPhone})`;
}

/** Midnight of a yyyy-mm-dd day in the organisation's time zone, as a timestamptz. */
function localMidnight(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp AT TIME ZONE ${timeZone})`;
}

/** The newest open issue of `c` (the list's "open issue" column). */
export const openIssueOf = sql`(SELECT max(i.id)::int FROM issues i WHERE i.contact_id = c.id AND i.status IN ${OPEN_STATUSES})`;

/**
 * The value an order sorts by; keyset pagination compares (value, id) with the cursor. The expressions are
 * those of the indexes contacts_org_recent_idx, contacts_org_created_idx and contacts_org_display_name_idx.
 */
export function sortExpression(sort: ContactSort): SQL {
  switch (sort) {
    case 'lastContact':
      // A contact always has a creation date; one who never wrote sorts by it.
      return sql`coalesce(c.last_contact_at, c.created_at)`;
    case 'createdAt':
      return sql`c.created_at`;
    case 'displayName':
      return sql`c.display_name`;
  }
}

export function sortType(sort: ContactSort): SQL {
  return sql.raw(sort === 'displayName' ? 'text' : 'timestamptz');
}

/** Most recent first for dates, A to Z for names. */
export function defaultOrder(sort: ContactSort): 'asc' | 'desc' {
  return sort === 'displayName' ? 'asc' : 'desc';
}

export type Cursor = { key: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

/** The cursor of the previous page; null when it is not one of ours (the caller answers 400). */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const [key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    return typeof key === 'string' && typeof id === 'string' && UUID.test(id) ? { key, id } : null;
  } catch {
    return null;
  }
}
