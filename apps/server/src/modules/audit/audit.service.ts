// The administration audit trail: reading it (filtered, paged, exported), its retention, and writing an
// entry (the route hook in audit.hook.ts for every audited call, sign-ins from the auth module).
import ExcelJS from 'exceljs';
import type {
  AuditAction,
  AuditArea,
  AuditChange,
  AuditEntry,
  AuditExportQuery,
  AuditPage,
  AuditQuery,
  AuditSettings,
} from '@sabai/contracts';
import { AUDIT_ACTIONS, AUDIT_AREAS } from '@sabai/contracts';
import { addDays, localDateTimeText, startOfLocalDay } from '@sabai/domain';
import { auditTexts } from '@sabai/i18n/audit';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { csvLines } from '../../platform/csv';
import type { Executor } from '../../platform/db';
import { organizationTimeZone } from '../organizations';
import * as repo from './audit.repo';

/** Who reads or acts: the signed-in user and their organisation. */
export type Caller = { userId: string; organizationId: string };

const EXPORT_MAX_ROWS = 100_000;
const SHORTEST_RETENTION_DAYS = 90;

/** Writes one entry. The caller's own transaction when it has one, so the entry commits with the change. */
export async function recordEntry(ex: Executor, entry: repo.NewAuditEntry): Promise<void> {
  await repo.insertEntry(ex, entry);
}

/** A sign-in, or a refused one, of a known user (unknown logins belong to no organisation). */
export async function recordSignIn(
  deps: Deps,
  at: { userId: string; organizationId: string; ip: string; outcome: string },
) {
  const actor = await repo.findActor(deps.db.orm, at.userId);
  await repo.insertEntry(deps.db.orm, {
    organizationId: at.organizationId,
    actorId: at.userId,
    actorName: actor?.name ?? '',
    actorEmail: actor?.email ?? null,
    ip: at.ip,
    area: 'session',
    action: at.outcome === 'ok' ? 'sign_in' : 'sign_in_failed',
    subjectId: at.userId,
    subjectLabel: actor?.email ?? null,
    outcome: at.outcome,
    changes: [],
    route: 'POST /auth/login',
  });
}

export const findActor = (deps: Deps, userId: string) => repo.findActor(deps.db.orm, userId);

/** The period's local days as instants: `to` is included (its end is the next day's start). */
async function rangeOf(deps: Deps, organizationId: string, q: { from?: string; to?: string }) {
  if (q.from && q.to && q.from > q.to) throw badRequest('audit.invalid_period');
  const timeZone = await organizationTimeZone(deps.db.orm, organizationId);
  return {
    timeZone,
    from: q.from ? new Date(startOfLocalDay(q.from, timeZone)) : null,
    to: q.to ? new Date(startOfLocalDay(addDays(q.to, 1), timeZone)) : null,
  };
}

function present(row: repo.AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    ip: row.ip,
    // Stored by the server from the same lists; a value from an older release reads as the nearest.
    area: (AUDIT_AREAS as readonly string[]).includes(row.area)
      ? (row.area as AuditEntry['area'])
      : 'organization',
    action: (AUDIT_ACTIONS as readonly string[]).includes(row.action)
      ? (row.action as AuditEntry['action'])
      : 'update',
    subject: { id: row.subjectId, label: row.subjectLabel },
    outcome: row.outcome,
    changes: row.changes as AuditChange[],
    route: row.route,
  };
}

export async function listEntries(deps: Deps, auth: Caller, q: AuditQuery): Promise<AuditPage> {
  const range = await rangeOf(deps, auth.organizationId, q);
  const before = q.cursor ? Number(q.cursor) : undefined;
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0))
    throw badRequest('audit.invalid_cursor');
  const rows = await repo.filteredEntries(deps.db.orm, auth.organizationId, q, range, {
    before,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(present),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
  };
}

const changesText = (changes: AuditChange[]) =>
  changes
    .map((c) => `${c.field}: ${JSON.stringify(c.before ?? null)} → ${JSON.stringify(c.after ?? null)}`)
    .join('\n');

/** The filtered entries as a CSV (with a BOM, for Excel and Thai) or XLSX file, newest first. */
export async function exportEntries(deps: Deps, auth: Caller, q: AuditExportQuery) {
  const range = await rangeOf(deps, auth.organizationId, q);
  const rows = await repo.filteredEntries(deps.db.orm, auth.organizationId, q, range, {
    limit: EXPORT_MAX_ROWS,
  });
  const texts = auditTexts[q.lang].auditLog;
  const { columns } = texts;
  const header = [
    columns.at,
    columns.person,
    columns.email,
    columns.ip,
    columns.area,
    columns.action,
    columns.subject,
    columns.outcome,
    columns.changes,
  ];
  const lines = rows.map((r) => [
    localDateTimeText(r.at, range.timeZone),
    r.actorName,
    r.actorEmail ?? '',
    r.ip ?? '',
    texts.areas[r.area as AuditArea] ?? r.area,
    texts.actions[r.action as AuditAction] ?? r.action,
    r.subjectLabel ?? r.subjectId ?? '',
    r.outcome === 'ok' ? texts.outcomeOk : r.outcome,
    changesText(r.changes as AuditChange[]),
  ]);
  const filename = `audit-log.${q.format}`;
  if (q.format === 'csv') return { filename, body: Buffer.from(csvLines([header, ...lines], { bom: true })) };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.title);
  sheet.columns = header.map((heading, i) => ({ header: heading, width: i === 8 ? 60 : 20 }));
  for (const line of lines) sheet.addRow(line);
  return { filename, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

export async function getSettings(deps: Deps, auth: Caller): Promise<AuditSettings> {
  return { retentionDays: await repo.findRetentionDays(deps.db.orm, auth.organizationId) };
}

export async function saveSettings(deps: Deps, auth: Caller, input: AuditSettings) {
  await repo.saveRetentionDays(deps.db.orm, auth.organizationId, input.retentionDays);
  return getSettings(deps, auth);
}

/** The daily purge: entries past their organisation's retention period go. */
export async function purgeExpiredEntries(deps: Deps): Promise<number> {
  const n = await repo.purgeExpired(deps.db.orm, deps.clock.now(), SHORTEST_RETENTION_DAYS);
  if (n > 0) deps.logger.info({ deleted: n }, 'audit entries past retention deleted');
  return n;
}
