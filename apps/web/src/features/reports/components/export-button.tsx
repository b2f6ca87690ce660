import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportKind, ReportQuery } from '@sabai/contracts';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import { saveFile } from '../../../lib/save-file';
import { exportReport } from '../api/reports';

type Props = { kind: ReportKind; query: ReportQuery; period: { from: string; to: string } };

/** Downloads the report as CSV or XLSX (the server writes the file in the page's language). */
export function ExportButton({ kind, query, period }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = useNotice();
  const [isBusy, setIsBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setIsBusy(true);
    try {
      const blob = await exportReport(kind, query, format, language);
      saveFile(blob, `${kind}-performance-${period.from}-${period.to}.${format}`);
    } catch (error) {
      notice.error(error, 'reports.export.failed');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('reports.export.csv') },
          { key: 'xlsx', label: t('reports.export.xlsx') },
        ],
        onClick: ({ key }) => void download(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isBusy} data-testid="export-button">
        {t('reports.export.button')}
      </Button>
    </Dropdown>
  );
}
