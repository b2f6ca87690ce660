// The customer satisfaction report: GET /reports/csat a page at a time, and its export.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CsatRating, CsatReport } from '@sabai/contracts';
import { routes } from '@sabai/contracts';
import type { Language } from '@sabai/i18n';
import { api, apiFile } from '../../../lib/api';
import type { CsatFilterQuery } from '../utils/csat-controls';

export type { CsatRating, CsatReport };

const PAGE_SIZE = 50;

/** One page of ratings (newest first) from `cursor` on, with the period's summary and the filter options. */
export function getCsatReport(
  query: CsatFilterQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CsatReport> {
  return api(routes.csat.report, {
    query: { ...query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/** The ratings matching the filters, a page at a time ("Load more"). */
export function useCsatReport(query: CsatFilterQuery) {
  return useInfiniteQuery({
    queryKey: ['reports', 'csat', query],
    queryFn: ({ pageParam, signal }) => getCsatReport(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/csat/export: every rating matching the filters as CSV or XLSX, headings in `lang`. */
export function exportCsat(query: CsatFilterQuery, format: 'csv' | 'xlsx', lang: Language): Promise<Blob> {
  return apiFile(routes.csat.export, { query: { ...query, format, lang } });
}
