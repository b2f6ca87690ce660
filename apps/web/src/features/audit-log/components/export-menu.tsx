import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import { exportAuditLog, type AuditExportFormat } from '../api/export-audit-log';
import type { AuditFilters } from '../utils/audit-query';

/** Downloads the entries matching the filters as CSV or XLSX (the export is itself an entry of the log). */
export function ExportMenu({ filters, onExported }: { filters: AuditFilters; onExported: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = useNotice();
  const [isBusy, setIsBusy] = useState(false);

  async function handleExport(format: AuditExportFormat) {
    setIsBusy(true);
    try {
      await exportAuditLog(filters, format, language);
      onExported();
    } catch (error) {
      notice.error(error, 'auditLog.export.failed');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      disabled={isBusy}
      menu={{
        items: [
          { key: 'csv', label: t('auditLog.export.csv'), 'data-testid': 'audit-export-csv' } as never,
          { key: 'xlsx', label: t('auditLog.export.xlsx'), 'data-testid': 'audit-export-xlsx' } as never,
        ],
        onClick: ({ key }) => void handleExport(key as AuditExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={isBusy} data-testid="audit-export">
        {t('auditLog.export.button')}
      </Button>
    </Dropdown>
  );
}
