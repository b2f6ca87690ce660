// The only file of the contacts module that touches the database; organizationId is always a parameter.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContactAuditAction, ContactFilter, ContactSort } from '@sabai/contracts';
import type { IssueStatus } from '@sabai/domain';
import { contactAuditEvents, contacts } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';
import {
  contactConditions,
  openIssueOf,
  sortExpression,
  sortType,
  type ContactQueryContext,
  type Cursor,
} from './contacts.filters';

type ChannelType = 'line' | 'facebook' | 'instagram';
type ContactChannel = { id: string; name: string; type: ChannelType };

export type ContactRow = {
  id: string;
  display_name: string;
  name: string;
  picture_url: string | null;
  email: string | null;
  mobile_number: string | null;
  province: string | null;
  birthdate: string | null;
  gender: 'male' | 'female' | null;
  address: string | null;
  location: string | null;
  consent_status: 'unknown' | 'given' | 'withdrawn';
  consent_at: Date | string | null;
  last_contact_at: Date | string | null;
  created_at: Date | string;
  channels: ContactChannel[] | null;
  open_issue_id: number | null;
  sort_key: string;
};

export type PageQuery = {
  filter: ContactFilter;
  sort: ContactSort;
  order: 'asc' | 'desc';
  cursor: Cursor | null;
  limit: number;
};

/**
 * One page of contacts in `sort` order after `cursor`. The page's ids come first from the order's index
 * (filters checked on the way), then only those rows are decorated with their channels and open issue.
 */
export async function listContacts(ex: Executor, ctx: ContactQueryContext, q: PageQuery) {
  const key = sortExpression(q.sort);
  const dir = sql.raw(q.order === 'asc' ? 'ASC' : 'DESC');
  const where = contactConditions(q.filter, ctx);
  if (q.cursor) {
    const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
    where.push(sql`(${key}, c.id) ${cmp} (${q.cursor.key}::${sortType(q.sort)}, ${q.cursor.id}::uuid)`);
  }
  // Walking the order's index until enough rows match is the fast plan, except when the filter's matches
  // all sit far down that order: contacts created in a past range, listed by last contact (the two move
  // together), are only reached after skipping every newer contact. Then the matches are found first (the
  // range's index) and sorted (bench/contacts.ts "created in one week a year ago").
  const matchesFirst = isCorrelatedRange(q);
  const result = await ex.execute(sql`
    WITH ${
      matchesFirst
        ? sql`matched AS MATERIALIZED (SELECT c.id, ${key} AS sort_value FROM contacts c WHERE ${and(...where)}),
    page AS (SELECT * FROM matched ORDER BY sort_value ${dir}, id ${dir} LIMIT ${q.limit})`
        : sql`page AS (
      SELECT c.id, ${key} AS sort_value FROM contacts c
      WHERE ${and(...where)}
      ORDER BY ${key} ${dir}, c.id ${dir}
      LIMIT ${q.limit})`
    }
    SELECT c.id, c.display_name, c.name, c.picture_url, c.email, c.mobile_number, c.province,
      c.birthdate::text AS birthdate, c.gender, c.address, c.location, c.consent_status, c.consent_at,
      c.last_contact_at, c.created_at, ${channelsOf} AS channels, ${openIssueOf} AS open_issue_id,
      p.sort_value::text AS sort_key
    FROM page p JOIN contacts c ON c.id = p.id
    ORDER BY p.sort_value ${dir}, p.id ${dir}`);
  return rowsOf<ContactRow>(result);
}

/** A date range that ends in the past on the dates the order follows (creation and last contact). */
function isCorrelatedRange(q: PageQuery): boolean {
  // A search under 3 characters has no trigram to use and is checked on every row of the range; since Thai
  // is matched with LIKE that still beats walking the order (bench "สม" + female + 200 days of a million
  // contacts: p95 141 ms against 157 ms).
  const f = q.filter;
  if (q.sort === 'lastContact') return Boolean(f.createdTo);
  if (q.sort === 'createdAt') return Boolean(f.lastContactTo);
  return false;
}

/** The channels `c` has an identity on. */
const channelsOf = sql`(SELECT json_agg(json_build_object('id', ch.id, 'name', ch.name, 'type', ch.type) ORDER BY ch.name)
  FROM channels ch WHERE ch.id IN (SELECT ci.channel_id FROM contact_identities ci WHERE ci.contact_id = c.id))`;

/** How many contacts match (the export's progress total). */
export async function countContacts(ex: Executor, ctx: ContactQueryContext, filter: ContactFilter) {
  const result = await ex.execute(
    sql`SELECT count(*)::int AS n FROM contacts c WHERE ${and(...contactConditions(filter, ctx))}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** One contact of the organisation in the caller's channels; null = 404. */
export async function findContact(ex: Executor, ctx: ContactQueryContext, id: string) {
  const result = await ex.execute(sql`
    SELECT c.id, c.display_name, c.name, c.picture_url, c.email, c.mobile_number, c.province,
      c.birthdate::text AS birthdate, c.gender, c.address, c.location, c.consent_status, c.consent_at,
      c.last_contact_at, c.created_at, ${channelsOf} AS channels, ${openIssueOf} AS open_issue_id, '' AS sort_key
    FROM contacts c WHERE c.id = ${id} AND ${and(...contactConditions({}, ctx))}`);
  return rowsOf<ContactRow>(result)[0] ?? null;
}

export type IdentityRow = {
  id: string;
  channel_id: string;
  channel_name: string;
  channel_type: ChannelType;
  external_user_id: string;
  display_name: string;
  is_following: boolean;
  created_at: Date | string;
};

export async function identitiesOf(ex: Executor, contactId: string) {
  const result = await ex.execute(sql`
    SELECT ci.id, ch.id AS channel_id, ch.name AS channel_name, ch.type AS channel_type,
      ci.external_user_id, ci.display_name, ci.is_following, ci.created_at
    FROM contact_identities ci JOIN channels ch ON ch.id = ci.channel_id
    WHERE ci.contact_id = ${contactId} ORDER BY ci.created_at`);
  return rowsOf<IdentityRow>(result);
}

export type ContactIssueRow = {
  id: number;
  status: IssueStatus;
  channel_id: string;
  channel_name: string;
  channel_type: ChannelType;
  start_date: Date | string;
  last_response_at: Date | string;
};

/** The contact's issues, newest first (the drawer links each to the inbox, which checks its own scope). */
export async function issuesOf(ex: Executor, contactId: string) {
  const result = await ex.execute(sql`
    SELECT i.id::int AS id, i.status, ch.id AS channel_id, ch.name AS channel_name, ch.type AS channel_type,
      i.start_date, i.last_response_at
    FROM issues i JOIN channels ch ON ch.id = i.channel_id
    WHERE i.contact_id = ${contactId} ORDER BY i.id DESC LIMIT 200`);
  return rowsOf<ContactIssueRow>(result);
}

export type PersonMessageRow = {
  id: number;
  issue_id: number;
  created_at: Date | string;
  direction: 'inbound' | 'outbound';
  sender_type: 'customer' | 'agent' | 'system';
  kind: string;
  text: string | null;
  is_private_note: boolean;
  attachments: Array<{ file_id: string; filename: string }> | null;
};

/** A batch of the messages of all the contact's issues, oldest first, after the message id `afterId`. */
export async function messagesOfContact(ex: Executor, contactId: string, afterId: number, limit: number) {
  const result = await ex.execute(sql`
    SELECT m.id::int AS id, m.issue_id::int AS issue_id, m.created_at, m.direction, m.sender_type, m.kind,
      m.text, m.is_private_note,
      (SELECT json_agg(json_build_object('file_id', f.id, 'filename', f.filename) ORDER BY a.position, f.id)
         FROM message_attachments a JOIN files f ON f.id = a.file_id WHERE a.message_id = m.id) AS attachments
    FROM messages m JOIN issues i ON i.id = m.issue_id
    WHERE i.contact_id = ${contactId} AND m.id > ${afterId}
    ORDER BY m.id LIMIT ${limit}`);
  return rowsOf<PersonMessageRow>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    issue_id: Number(r.issue_id),
  }));
}

export async function updateContact(ex: Executor, id: string, set: Partial<typeof contacts.$inferInsert>) {
  await ex.update(contacts).set(set).where(eq(contacts.id, id));
}

/**
 * Moves the source's identities and issues to the target, which keeps the earliest creation and the latest
 * contact of the two, and removes the source.
 */
export async function mergeInto(ex: Executor, targetId: string, sourceId: string) {
  await ex.execute(
    sql`UPDATE contact_identities SET contact_id = ${targetId} WHERE contact_id = ${sourceId}`,
  );
  await ex.execute(sql`UPDATE issues SET contact_id = ${targetId} WHERE contact_id = ${sourceId}`);
  await ex.execute(sql`
    UPDATE contacts t SET created_at = least(t.created_at, s.created_at),
      last_contact_at = greatest(t.last_contact_at, s.last_contact_at),
      picture_url = coalesce(t.picture_url, s.picture_url)
    FROM contacts s WHERE t.id = ${targetId} AND s.id = ${sourceId}`);
  await ex.delete(contacts).where(eq(contacts.id, sourceId));
}

/**
 * Erases a person (PDPA): personal fields, the identities' provider ids and names, the text and
 * payload of every message and the notes of their issues are replaced; the rows stay, so report counts
 * (issues, messages, response times) do not change. Returns the attachment file ids to remove.
 */
export async function erasePersonalData(ex: Executor, contactId: string, erasedName: string) {
  await ex.execute(sql`
    UPDATE contacts SET display_name = ${erasedName}, name = '', email = NULL, mobile_number = NULL,
      birthdate = NULL, gender = NULL, province = NULL, address = NULL, location = NULL, picture_url = NULL,
      consent_status = 'withdrawn', updated_at = now()
    WHERE id = ${contactId}`);
  // A new provider id: the same person writing again starts a new contact, unlinked from the erased one.
  await ex.execute(sql`
    WITH erased AS (
      UPDATE contact_identities SET external_user_id = 'erased:' || id, display_name = '', picture_url = NULL,
        referral_ad_id = NULL
      WHERE contact_id = ${contactId} RETURNING id
    )
    DELETE FROM line_reply_tokens t USING erased WHERE t.identity_id = erased.id`);
  await ex.execute(sql`UPDATE issues SET note = '' WHERE contact_id = ${contactId}`);
  const attachments = rowsOf<{ file_id: string }>(
    await ex.execute(sql`
      DELETE FROM message_attachments a USING messages m, issues i
      WHERE a.message_id = m.id AND m.issue_id = i.id AND i.contact_id = ${contactId}
      RETURNING a.file_id`),
  );
  await ex.execute(sql`
    UPDATE messages m SET text = NULL, payload = NULL, provider_error = NULL
    FROM issues i WHERE m.issue_id = i.id AND i.contact_id = ${contactId}`);
  await ex.execute(
    sql`UPDATE contact_audit_events SET contact_name = NULL, detail = NULL WHERE contact_id = ${contactId}`,
  );
  return attachments.map((a) => a.file_id);
}

/** Deletes contacts of the organisation (their identities, issues and messages go with them). */
export async function deleteContacts(ex: Executor, organizationId: string, ids: string[]) {
  return ex
    .delete(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id, displayName: contacts.displayName });
}

/**
 * The channels a myChannel caller sees: those whose assigned, reserved or keyword team the caller manages or
 * belongs to.
 */
export async function channelIdsOfTeams(ex: Executor, organizationId: string, userId: string) {
  const result = await ex.execute(sql`
    WITH my_teams AS (
      SELECT team_id AS id FROM team_members WHERE user_id = ${userId}
      UNION SELECT id FROM teams WHERE manager_user_id = ${userId})
    SELECT ch.id FROM channels ch WHERE ch.organization_id = ${organizationId} AND (
      ch.assigned_team_id IN (SELECT id FROM my_teams) OR ch.reserved_team_id IN (SELECT id FROM my_teams)
      OR ch.id IN (SELECT k.channel_id FROM channel_keywords k WHERE k.team_id IN (SELECT id FROM my_teams)))`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The organisation's channels (deleted ones too: their contacts stay), for the filters. */
export async function channelsOfOrganization(ex: Executor, organizationId: string) {
  const result = await ex.execute(sql`
    SELECT id, name, type FROM channels WHERE organization_id = ${organizationId}
    ORDER BY deleted_at IS NOT NULL, name`);
  return rowsOf<ContactChannel>(result);
}

export async function tagsOfOrganization(ex: Executor, organizationId: string) {
  const result = await ex.execute(
    sql`SELECT id, name, colour FROM tags WHERE organization_id = ${organizationId} ORDER BY name`,
  );
  return rowsOf<{ id: string; name: string; colour: string }>(result);
}

export async function recordAudit(
  ex: Executor,
  values: {
    organizationId: string;
    userId: string;
    action: ContactAuditAction;
    contactId?: string | null;
    contactName?: string | null;
    count?: number | null;
    detail?: unknown;
  },
) {
  await ex.insert(contactAuditEvents).values(values);
}

/** Several audit rows at once (a bulk delete). */
export async function recordAudits(ex: Executor, values: Array<typeof contactAuditEvents.$inferInsert>) {
  if (values.length) await ex.insert(contactAuditEvents).values(values);
}

export type AuditRow = {
  id: number;
  action: ContactAuditAction;
  contact_id: string | null;
  contact_name: string | null;
  count: number | null;
  created_at: Date | string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

/** The organisation's audit events, newest first, before `cursor` (an event id). */
export async function auditEvents(
  ex: Executor,
  organizationId: string,
  q: { contactId?: string | undefined; cursor?: number | undefined; limit: number },
) {
  const where: SQL[] = [sql`a.organization_id = ${organizationId}`];
  if (q.contactId) where.push(sql`a.contact_id = ${q.contactId}`);
  if (q.cursor) where.push(sql`a.id < ${q.cursor}`);
  const result = await ex.execute(sql`
    SELECT a.id::int AS id, a.action, a.contact_id, a.contact_name, a.count, a.created_at,
      u.id AS user_id, u.first_name, u.last_name, u.username
    FROM contact_audit_events a LEFT JOIN users u ON u.id = a.user_id
    WHERE ${and(...where)} ORDER BY a.id DESC LIMIT ${q.limit}`);
  return rowsOf<AuditRow>(result);
}
