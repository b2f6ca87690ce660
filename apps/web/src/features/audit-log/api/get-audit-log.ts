import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditPage } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { auditQuery, type AuditFilters } from '../utils/audit-query';

export type { AuditEntry };

export const auditLogQueryKey = ['audit-log'] as const;
const PAGE_SIZE = 50;

/** GET /audit-log: one page of entries matching the filters, newest first, from `cursor` on. */
export function getAuditLog(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = { ...auditQuery(filters), limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  return api(routes.audit.list, { query, signal });
}

/** The entries matching the filters, a page at a time (cursor pagination: "Load more"). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...auditLogQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
