// The only file of the audit module that touches the database; organizationId is always a parameter.
// Entries are only ever inserted here, and deleted by the retention purge: nothing updates one.
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_RETENTION_DEFAULT_DAYS, type AuditChange, type AuditQuery } from '@sabai/contracts';
import { auditEntries, auditSettings, users } from '../../db/schema';
import { rowsOf, type Executor } from '../../platform/db';

export type NewAuditEntry = {
  organizationId: string;
  actorId: string | null;
  actorName: string;
  actorEmail: string | null;
  ip: string | null;
  area: string;
  action: string;
  subjectId: string | null;
  subjectLabel: string | null;
  outcome: string;
  changes: AuditChange[];
  route: string | null;
};

export async function insertEntry(ex: Executor, entry: NewAuditEntry) {
  await ex.insert(auditEntries).values(entry);
}

/** The name and email an entry keeps of the person who acted (their full name, else their username). */
export async function findActor(ex: Executor, userId: string) {
  const [row] = await ex
    .select({
      name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Entries matching the filters, newest first, from the id `before` down. */
export function filteredEntries(
  ex: Executor,
  organizationId: string,
  q: Omit<AuditQuery, 'cursor' | 'limit'>,
  range: { from: Date | null; to: Date | null },
  opts: { before?: number; limit: number },
) {
  const where: (SQL | undefined)[] = [eq(auditEntries.organizationId, organizationId)];
  if (q.actorId) where.push(eq(auditEntries.actorId, q.actorId));
  if (q.area) where.push(eq(auditEntries.area, q.area));
  if (q.action) where.push(eq(auditEntries.action, q.action));
  if (range.from) where.push(gte(auditEntries.at, range.from));
  if (range.to) where.push(lt(auditEntries.at, range.to));
  if (opts.before) where.push(lt(auditEntries.id, opts.before));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(auditEntries.subjectLabel, like),
        ilike(auditEntries.actorName, like),
        ilike(auditEntries.actorEmail, like),
      ),
    );
  }
  return ex
    .select()
    .from(auditEntries)
    .where(and(...where))
    .orderBy(desc(auditEntries.id))
    .limit(opts.limit);
}

export type AuditRow = Awaited<ReturnType<typeof filteredEntries>>[number];

export async function findRetentionDays(ex: Executor, organizationId: string): Promise<number> {
  const [row] = await ex
    .select({ days: auditSettings.retentionDays })
    .from(auditSettings)
    .where(eq(auditSettings.organizationId, organizationId));
  return row?.days ?? AUDIT_RETENTION_DEFAULT_DAYS;
}

export async function saveRetentionDays(ex: Executor, organizationId: string, days: number) {
  await ex
    .insert(auditSettings)
    .values({ organizationId, retentionDays: days })
    .onConflictDoUpdate({
      target: auditSettings.organizationId,
      set: { retentionDays: days, updatedAt: sql`now()` },
    });
}

/**
 * Deletes the entries older than their organisation's retention period; the number deleted. The shortest
 * period allowed bounds the scan, so the index on the time serves it.
 */
export async function purgeExpired(ex: Executor, now: Date, shortestDays: number): Promise<number> {
  const result = await ex.execute(sql`
    WITH gone AS (
      DELETE FROM audit_entries e
       WHERE e.created_at < ${now}::timestamptz - make_interval(days => ${shortestDays})
         AND e.created_at < ${now}::timestamptz - make_interval(days => COALESCE(
               (SELECT s.retention_days FROM audit_settings s WHERE s.organization_id = e.organization_id),
               ${AUDIT_RETENTION_DEFAULT_DAYS}))
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
