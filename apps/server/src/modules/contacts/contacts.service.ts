// Contacts: reading in the caller's scope (all, or myChannel: contacts with an identity on a
// channel of the caller's teams), editing, deleting and exporting; every sensitive action leaves an audit
// row in the same transaction as the change.
import type {
  ContactAuditPage,
  ContactDetail,
  ContactFilterOptions,
  ContactExportQuery,
  ContactFilter,
  ContactListItem,
  ContactListQuery,
  ContactPage,
  MergeContactsSchema,
  UpdateContactSchema,
} from '@sabai/contracts';
import { isAllowed, type Scope } from '@sabai/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { recordOutgoingEvent } from '../../platform/events';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { forgetIdentities } from '../inbound';
import { DEFAULT_TIME_ZONE, organizationTimeZone } from '../organizations';
import { displayNameOf } from '../people';
import { csvChunks, EXPORT_BATCH, xlsxStream } from './contacts.export';
import { personArchive } from './contacts.person-export';
import {
  decodeCursor,
  defaultOrder,
  encodeCursor,
  type ContactQueryContext,
  type Cursor,
} from './contacts.filters';
import * as repo from './contacts.repo';

const contactNotFound = () => notFound('contact.not_found', 'Contact not found.');
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

/**
 * Who the caller is for the contact queries: the organisation's time zone, the channels of a myChannel
 * caller and the channel type and page filters resolved to channel ids.
 */
async function contextOf(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  filter: ContactFilter = {},
  needsCalendar = false,
): Promise<ContactQueryContext> {
  const ex = deps.db.orm;
  // Only day filters and the export's dates need the organisation's calendar: the list saves the round trip.
  const hasDays = filter.createdFrom || filter.createdTo || filter.lastContactFrom || filter.lastContactTo;
  const timeZone =
    hasDays || needsCalendar ? await organizationTimeZone(ex, auth.organizationId) : DEFAULT_TIME_ZONE;
  const scopeChannelIds =
    scope === 'all' ? null : await repo.channelIdsOfTeams(ex, auth.organizationId, auth.userId);
  let filterChannelIds: string[] | null = null;
  if (filter.channel?.length || filter.page?.length) {
    const types = filter.channel?.length ? new Set(filter.channel) : null;
    const pages = filter.page?.length ? new Set(filter.page) : null;
    filterChannelIds = (await repo.channelsOfOrganization(ex, auth.organizationId))
      .filter((c) => (!types || types.has(c.type)) && (!pages || pages.has(c.id)))
      .map((c) => c.id);
  }
  return { organizationId: auth.organizationId, timeZone, scopeChannelIds, filterChannelIds };
}

function presentListItem(row: repo.ContactRow): ContactListItem {
  return {
    id: row.id,
    displayName: row.display_name,
    name: row.name,
    pictureUrl: row.picture_url,
    email: row.email,
    mobileNumber: row.mobile_number,
    province: row.province,
    channels: row.channels ?? [],
    lastContactAt: isoOrNull(row.last_contact_at),
    createdAt: iso(row.created_at),
    openIssueId: row.open_issue_id === null ? null : Number(row.open_issue_id),
  };
}

function cursorOf(raw: string | undefined, sort: ContactListQuery['sort']): Cursor | null {
  if (!raw) return null;
  const cursor = decodeCursor(raw);
  // A cursor's key is cast in SQL: one that is not a date for a date order would fail there, not here.
  if (!cursor || (sort !== 'displayName' && Number.isNaN(Date.parse(cursor.key)))) {
    throw badRequest('contact.invalid_cursor');
  }
  return cursor;
}

export async function listContacts(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: ContactListQuery,
): Promise<ContactPage> {
  const cursor = cursorOf(q.cursor, q.sort);
  const ctx = await contextOf(deps, auth, scope, q);
  const rows = await repo.listContacts(deps.db.orm, ctx, {
    filter: q,
    sort: q.sort,
    order: q.order ?? defaultOrder(q.sort),
    cursor,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(presentListItem),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ key: last.sort_key, id: last.id }) : null,
  };
}

export async function contactDetail(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  /** A detail opened by the user is a view; the answer to their own edit or merge is not another one. */
  isView = true,
): Promise<ContactDetail> {
  const ex = deps.db.orm;
  const row = await repo.findContact(ex, await contextOf(deps, auth, scope), id);
  if (!row) throw contactNotFound();
  const [identities, issues] = await Promise.all([repo.identitiesOf(ex, id), repo.issuesOf(ex, id)]);
  if (isView)
    await repo.recordAudit(ex, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'view',
      contactId: id,
      contactName: row.display_name,
    });
  return {
    ...presentListItem(row),
    birthdate: row.birthdate,
    gender: row.gender,
    address: row.address,
    location: row.location,
    consentStatus: row.consent_status,
    consentAt: isoOrNull(row.consent_at),
    identities: identities.map((i) => ({
      id: i.id,
      channel: { id: i.channel_id, name: i.channel_name, type: i.channel_type },
      externalUserId: i.external_user_id,
      displayName: i.display_name,
      isFollowing: i.is_following,
      createdAt: iso(i.created_at),
    })),
    issues: issues.map((i) => ({
      id: Number(i.id),
      status: i.status,
      channel: { id: i.channel_id, name: i.channel_name, type: i.channel_type },
      startDate: iso(i.start_date),
      lastResponseAt: iso(i.last_response_at),
    })),
    canUpdate: isAllowed(auth.role, 'contact', 'update'),
    canDelete: isAllowed(auth.role, 'contact', 'delete'),
  };
}

/** Saves the edit form; consent's date moves only when its status changes. */
export async function updateContact(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  input: z.output<typeof UpdateContactSchema>,
): Promise<ContactDetail> {
  const ctx = await contextOf(deps, auth, scope);
  await deps.db.orm.transaction(async (tx) => {
    const row = await repo.findContact(tx, ctx, id);
    if (!row) throw contactNotFound();
    const now = deps.clock.now();
    await repo.updateContact(tx, id, {
      ...input,
      ...(input.consentStatus === row.consent_status ? {} : { consentAt: now }),
      updatedAt: now,
    });
    const changed = Object.keys(input).filter(
      (k) => (input as Record<string, unknown>)[k] !== (fieldsOf(row) as Record<string, unknown>)[k],
    );
    await repo.recordAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'update',
      contactId: id,
      contactName: input.displayName,
      detail: { fields: changed },
    });
    await contactUpdated(tx, auth.organizationId, id);
  });
  return contactDetail(deps, auth, scope, id, false);
}

/** The editable fields of a row, as the form sends them (to record which ones an edit changed). */
function fieldsOf(row: repo.ContactRow) {
  return {
    displayName: row.display_name,
    name: row.name,
    email: row.email,
    mobileNumber: row.mobile_number,
    birthdate: row.birthdate,
    gender: row.gender,
    province: row.province,
    address: row.address,
    location: row.location,
    consentStatus: row.consent_status,
  };
}

/**
 * Merges one contact into another (the same person wrote from LINE and Messenger): the chosen fields come
 * from the source, its identities and issues (with every message) move, and the source is removed.
 */
export async function mergeContacts(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  targetId: string,
  input: z.output<typeof MergeContactsSchema>,
): Promise<ContactDetail> {
  if (input.sourceId === targetId) throw badRequest('contact.merge_same');
  const ctx = await contextOf(deps, auth, scope);
  await deps.db.orm.transaction(async (tx) => {
    const [target, source] = await Promise.all([
      repo.findContact(tx, ctx, targetId),
      repo.findContact(tx, ctx, input.sourceId),
    ]);
    if (!target || !source) throw contactNotFound();
    const chosen = fieldsOf(source);
    const set: Parameters<typeof repo.updateContact>[2] = Object.fromEntries(
      input.fromSource.map((field) => [field, chosen[field]]),
    );
    if (input.fromSource.includes('consentStatus')) {
      set.consentAt = source.consent_at ? new Date(source.consent_at) : null;
    }
    await repo.updateContact(tx, targetId, { ...set, updatedAt: deps.clock.now() });
    await repo.mergeInto(tx, targetId, input.sourceId);
    await repo.recordAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'merge',
      contactId: targetId,
      contactName: input.fromSource.includes('displayName') ? source.display_name : target.display_name,
      detail: { sourceId: source.id, sourceName: source.display_name, fromSource: input.fromSource },
    });
    await contactUpdated(tx, auth.organizationId, targetId);
  });
  forgetIdentities(deps);
  return contactDetail(deps, auth, scope, targetId, false);
}

/**
 * Erases a person's data (PDPA right to erasure) but keeps the rows reports count; their attachments are
 * removed from storage after the commit (a failed removal leaves an unreferenced file, never a dangling row).
 */
export async function eraseContact(deps: Deps, auth: AuthContext, scope: Scope, id: string): Promise<void> {
  const ctx = await contextOf(deps, auth, scope);
  const fileIds = await deps.db.orm.transaction(async (tx) => {
    if (!(await repo.findContact(tx, ctx, id))) throw contactNotFound();
    const removed = await repo.erasePersonalData(tx, id, ERASED_NAME);
    await repo.recordAudit(tx, {
      organizationId: auth.organizationId,
      userId: auth.userId,
      action: 'erase',
      contactId: id,
    });
    // Integrations that copied the person's data learn it is gone (the contact now holds none).
    await contactUpdated(tx, auth.organizationId, id);
    return removed;
  });
  forgetIdentities(deps);
  for (const fileId of fileIds) await deps.storage.remove(fileId);
}

/** A contact's change is news to the integrations (outgoing webhooks), recorded with it. */
const contactUpdated = (tx: Executor, organizationId: string, contactId: string) =>
  recordOutgoingEvent(tx, { organizationId, type: 'contact.updated', data: { contactId } });

/** What an erased contact is called (a neutral marker, not personal data). */
export const ERASED_NAME = '—';

/** Deletes contacts the caller can see; any id that is not one of them answers 404 and nothing is deleted. */
export async function deleteContacts(deps: Deps, auth: AuthContext, scope: Scope, ids: string[]) {
  const unique = [...new Set(ids)];
  const ctx = await contextOf(deps, auth, scope);
  await deps.db.orm.transaction(async (tx) => {
    const visible = await repo.listContacts(tx, ctx, {
      filter: { ids: unique },
      sort: 'createdAt',
      order: 'asc',
      cursor: null,
      limit: unique.length,
    });
    if (visible.length !== unique.length) throw contactNotFound();
    const deleted = await repo.deleteContacts(tx, auth.organizationId, unique);
    await repo.recordAudits(
      tx,
      deleted.map((c) => ({
        organizationId: auth.organizationId,
        userId: auth.userId,
        action: 'delete' as const,
        contactId: c.id,
        contactName: c.displayName,
      })),
    );
  });
  // The ingest keeps identities in memory; a deleted one must be looked up (and created) again.
  forgetIdentities(deps);
}

export type ContactExport = {
  body: AsyncIterable<string> | NodeJS.ReadableStream;
  total: number;
  filename: string;
};

/** The search result as a stream of CSV or XLSX; the export is audited with its size and filter. */
export async function exportContacts(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  q: ContactExportQuery,
): Promise<ContactExport> {
  const { format, sort, order, lang, ...filter } = q;
  const ctx = await contextOf(deps, auth, scope, filter, true);
  const total = await repo.countContacts(deps.db.orm, ctx, filter);
  await repo.recordAudit(deps.db.orm, {
    organizationId: auth.organizationId,
    userId: auth.userId,
    action: 'export',
    count: total,
    detail: { format, filter },
  });
  const ex = deps.db.orm;
  const dir = order ?? defaultOrder(sort);
  async function* batches() {
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await repo.listContacts(ex, ctx, {
        filter,
        sort,
        order: dir,
        cursor,
        limit: EXPORT_BATCH,
      });
      if (rows.length) yield rows;
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) return;
      cursor = { key: last.sort_key, id: last.id };
    }
  }
  const opts = { lang, timeZone: ctx.timeZone };
  const day = new Date().toISOString().slice(0, 10);
  return {
    body:
      format === 'csv'
        ? csvChunks(batches(), opts)
        : xlsxStream(batches(), opts, (err) => deps.logger.error({ err }, 'contact export failed')),
    total,
    filename: `contacts-${day}.${format}`,
  };
}

/** One person's profile, messages and attachments as a zip (PDPA access right); audited as an export. */
export async function exportPerson(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
  id: string,
  lang: 'en' | 'th',
): Promise<{ body: NodeJS.ReadableStream; filename: string }> {
  const ex = deps.db.orm;
  const profile = await contactDetail(deps, auth, scope, id, false);
  const timeZone = await organizationTimeZone(ex, auth.organizationId);
  await repo.recordAudit(ex, {
    organizationId: auth.organizationId,
    userId: auth.userId,
    action: 'export',
    contactId: id,
    contactName: profile.displayName,
    count: 1,
    detail: { format: 'zip' },
  });
  async function* messageBatches() {
    let afterId = 0;
    for (;;) {
      const rows = await repo.messagesOfContact(ex, id, afterId, EXPORT_BATCH);
      if (rows.length) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      afterId = rows.at(-1)!.id;
    }
  }
  async function* fileBytes(fileId: string) {
    const opened = await deps.storage.open(fileId);
    if (opened) for await (const chunk of opened.stream) yield chunk as Buffer;
  }
  const body = personArchive({ profile, messageBatches, fileBytes }, { lang, timeZone }, (err) =>
    deps.logger.error({ err }, 'person export failed'),
  );
  const day = new Date().toISOString().slice(0, 10);
  return { body, filename: `contact-${id.slice(0, 8)}-${day}.zip` };
}

/** The channels (those of the caller's teams for myChannel) and tags the advanced search offers. */
export async function filterOptions(
  deps: Deps,
  auth: AuthContext,
  scope: Scope,
): Promise<ContactFilterOptions> {
  const ex = deps.db.orm;
  const [channels, tags, mine] = await Promise.all([
    repo.channelsOfOrganization(ex, auth.organizationId),
    repo.tagsOfOrganization(ex, auth.organizationId),
    scope === 'all' ? null : repo.channelIdsOfTeams(ex, auth.organizationId, auth.userId),
  ]);
  return { channels: mine ? channels.filter((c) => mine.includes(c.id)) : channels, tags };
}

export async function auditLog(
  deps: Deps,
  auth: AuthContext,
  q: { contactId?: string | undefined; cursor?: number | undefined; limit: number },
): Promise<ContactAuditPage> {
  const rows = await repo.auditEvents(deps.db.orm, auth.organizationId, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      action: r.action,
      contactId: r.contact_id,
      contactName: r.contact_name,
      user: r.user_id
        ? {
            id: r.user_id,
            displayName: displayNameOf({
              firstName: r.first_name ?? '',
              lastName: r.last_name ?? '',
              username: r.username ?? '',
            }),
          }
        : null,
      count: r.count,
      createdAt: iso(r.created_at),
    })),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
  };
}
