import { useState } from 'react';
import { Button, Dropdown, Progress } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import { exportContacts, type ExportFormat, type ExportProgress } from '../api/export-contacts';
import type { ContactSearch } from '../utils/contact-query';

type ExportMenuProps = { search: ContactSearch; selected: string[] };

/** Export the search result (or the selection) as CSV or XLSX, with its progress while it downloads. */
export function ExportMenu({ search, selected }: ExportMenuProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = useNotice();
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  async function handleExport(format: ExportFormat) {
    setProgress({ total: 0, rows: 0, bytes: 0 });
    try {
      const total = await exportContacts(search, { format, lang: language, ids: selected }, setProgress);
      notice.successText(t('contacts.export.done', { count: total }));
    } catch (error) {
      notice.error(error, 'contacts.export.failed');
    } finally {
      setProgress(null);
    }
  }

  return (
    <span className="contacts-export">
      <Dropdown
        trigger={['click']}
        disabled={progress !== null}
        menu={{
          items: [
            { key: 'csv', label: t('contacts.export.csv'), 'data-testid': 'export-csv' } as never,
            { key: 'xlsx', label: t('contacts.export.xlsx'), 'data-testid': 'export-xlsx' } as never,
          ],
          onClick: ({ key }) => void handleExport(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={progress !== null} data-testid="contact-export">
          {selected.length ? t('contacts.export.selected') : t('contacts.export.button')}
        </Button>
      </Dropdown>
      {progress && (
        <span className="contacts-export__progress" role="status" data-testid="export-progress">
          {progress.rows !== null && progress.total > 0 ? (
            <>
              <Progress percent={Math.floor((progress.rows / progress.total) * 100)} size="small" />
              {t('contacts.export.progress', { done: progress.rows, total: progress.total })}
            </>
          ) : (
            t('contacts.export.progressBytes', { size: Math.round(progress.bytes / 1024) })
          )}
        </span>
      )}
    </span>
  );
}
