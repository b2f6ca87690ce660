import { Suspense, lazy } from 'react';
import { Button } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuditSettings } from '@sabai/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { useLazyPanel } from '../../../lib/use-lazy-panel';

// The dialog (form, number input) loads when first opened: the log comes first.
const RetentionModal = lazy(() =>
  import('./retention-modal').then(({ RetentionModal }) => ({ default: RetentionModal })),
);

/**
 * How long entries are kept: the toolbar shows it, a dialog changes it (the change is itself logged).
 * Shown once the setting has loaded.
 */
export function RetentionSetting({ settings }: { settings: AuditSettings | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen, hasOpened] = useLazyPanel<'retention'>();
  if (!settings) return null;
  return (
    <>
      <Button
        icon={<FieldTimeOutlined aria-hidden />}
        onClick={() => setOpen('retention')}
        data-testid="audit-retention-button"
      >
        {t('auditLog.retention.button', { days: settings.retentionDays })}
      </Button>
      {hasOpened && (
        <Suspense fallback={<PageSpinner />}>
          <RetentionModal settings={settings} isOpen={open !== null} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
