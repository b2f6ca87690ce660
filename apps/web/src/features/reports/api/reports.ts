import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, PerformanceReport, ReportKind, StatusCounts } from '@sabai/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /dashboard?from&to&compareFrom&compareTo&channel&team. */
export function useDashboard(search: string) {
  return useQuery({
    queryKey: ['dashboard', search],
    queryFn: ({ signal }) => apiRequest<Dashboard>('GET', `/dashboard?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/{kind}-performance with the same query. */
export function usePerformanceReport(kind: ReportKind, search: string) {
  return useQuery({
    queryKey: ['reports', kind, search],
    queryFn: ({ signal }) =>
      apiRequest<PerformanceReport>('GET', `/reports/${kind}-performance?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/{kind}-performance/export: the report as a CSV or XLSX file. */
export function exportReport(
  kind: ReportKind,
  search: string,
  format: 'csv' | 'xlsx',
  lang: string,
): Promise<Blob> {
  return apiRequest<Blob>(
    'GET',
    `/reports/${kind}-performance/export?${search}&format=${format}&lang=${lang}`,
    {
      asBlob: true,
    },
  );
}

/** GET /issues/status-counts: open issues per status in the caller's scope (the dashboard's status card). */
export function useStatusCounts() {
  return useQuery({
    queryKey: ['issues', 'status-counts'],
    queryFn: ({ signal }) => apiRequest<StatusCounts>('GET', '/issues/status-counts', { signal }),
  });
}
