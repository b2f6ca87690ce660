// GET /audit-log/export: the entries matching the filters as CSV or XLSX, saved as a file by the browser.
import dayjs from 'dayjs';
import { routes } from '@sabai/contracts';
import type { Language } from '@sabai/i18n';
import { apiFile } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { auditQuery, type AuditFilters } from '../utils/audit-query';

export type AuditExportFormat = 'csv' | 'xlsx';

/**
 * Downloads the export (headings in the page's language) and hands it to the browser as
 * `audit-log-<today>.<format>`.
 */
export async function exportAuditLog(
  filters: AuditFilters,
  format: AuditExportFormat,
  lang: Language,
): Promise<void> {
  const blob = await apiFile(routes.audit.export, { query: { ...auditQuery(filters), format, lang } });
  saveFile(blob, `audit-log-${dayjs().format('YYYY-MM-DD')}.${format}`);
}
