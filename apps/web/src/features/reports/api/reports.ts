import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IssueFilter, ReportKind, ReportQuery } from '@sabai/contracts';
import { performanceReportRoutes, routes } from '@sabai/contracts';
import type { Language } from '@sabai/i18n';
import { api } from '../../../lib/api';

/** GET /dashboard: the period's figures, with the compare period's when asked. */
export function useDashboard(query: ReportQuery) {
  return useQuery({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => api(routes.reports.dashboard, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/{kind}-performance with the same query. */
export function usePerformanceReport(kind: ReportKind, query: ReportQuery) {
  return useQuery({
    queryKey: ['reports', kind, query],
    queryFn: ({ signal }) => api(performanceReportRoutes[kind].report, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/{kind}-performance/export: the report as a CSV or XLSX file. */
export function exportReport(
  kind: ReportKind,
  query: ReportQuery,
  format: 'csv' | 'xlsx',
  lang: Language,
): Promise<Blob> {
  return api(performanceReportRoutes[kind].export, { query: { ...query, format, lang } });
}

/** GET /issues/status-counts: open issues per status in the caller's scope (the dashboard's status card). */
/** Issues started in the period (and the channel or team chosen), by their status now. */
export function useStatusCounts(filter: IssueFilter) {
  return useQuery({
    queryKey: ['issues', 'status-counts', filter],
    queryFn: ({ signal }) => api(routes.issues.statusCounts, { query: filter, signal }),
  });
}
