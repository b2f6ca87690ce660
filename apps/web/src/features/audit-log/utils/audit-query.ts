// The audit log's filters as the screen holds them, and as GET /audit-log and its export take them.
import type { AuditAction, AuditArea } from '@sabai/contracts';

export type AuditFilters = {
  /** The person who acted (a user id). */
  actorId: string | null;
  area: AuditArea | null;
  action: AuditAction | null;
  /** Words in the subject's name or the person's name or email. */
  search: string;
  /** Whole days, YYYY-MM-DD, both included (the server reads them in the organisation's time zone). */
  from: string | null;
  to: string | null;
};

export const NO_FILTERS: AuditFilters = {
  actorId: null,
  area: null,
  action: null,
  search: '',
  from: null,
  to: null,
};

export type AuditFilterQuery = {
  actorId?: string;
  area?: AuditArea;
  action?: AuditAction;
  search?: string;
  from?: string;
  to?: string;
};

/** The filters as the query of the list and the export: what is not set is left out. */
export function auditQuery(filters: AuditFilters): AuditFilterQuery {
  const search = filters.search.trim();
  return {
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.area ? { area: filters.area } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(search ? { search } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** Whether any filter narrows the list. */
export function hasFilters(filters: AuditFilters): boolean {
  return Object.keys(auditQuery(filters)).length > 0;
}
