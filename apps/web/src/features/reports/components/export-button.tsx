import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@sabai/i18n';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import { saveFile } from '../../../lib/save-file';

export type ExportFormat = 'csv' | 'xlsx';

type Props = {
  /** Asks the server for the file, written in the page's language. */
  fetchFile: (format: ExportFormat, lang: Language) => Promise<Blob>;
  /** The name the browser saves it under. */
  fileName: (format: ExportFormat) => string;
};

/** Downloads a report as CSV or XLSX (the server writes the file in the page's language). */
export function ExportButton({ fetchFile, fileName }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = useNotice();
  const [isBusy, setIsBusy] = useState(false);
  const download = async (format: ExportFormat) => {
    setIsBusy(true);
    try {
      saveFile(await fetchFile(format, language), fileName(format));
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
        onClick: ({ key }) => void download(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isBusy} data-testid="export-button">
        {t('reports.export.button')}
      </Button>
    </Dropdown>
  );
}
