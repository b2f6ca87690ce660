import { useCallback, useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-card';
import { SettingsPage } from '../../../components/settings-page';
import { ensureAuditTexts, ensureSettingsTexts } from '../../../lib/i18n';
import { useRetrievalNotice } from '../../../lib/notices';
import { useAuditSettings } from '../api/audit-settings';
import { useAuditLog } from '../api/get-audit-log';
import { NO_FILTERS, type AuditFilters } from '../utils/audit-query';
import { AuditFiltersBar } from './audit-filters';
import { AuditTable } from './audit-table';
import { ExportMenu } from './export-menu';
import { RetentionSetting } from './retention-setting';
import '../audit-log.css';

/**
 * /setting/audit-log (desktop only; whoever may update every user, Admin and SuperAdmin by default): who
 * changed which setting, signed in, exported or handled personal data, newest first, with each field
 * before and after. Read only: entries are never edited or deleted here.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const logQuery = useAuditLog(filters);
  const settingsQuery = useAuditSettings();
  useRetrievalNotice(logQuery.isError, 'audit_log');
  useRetrievalNotice(settingsQuery.isError, 'audit_settings');
  const entries = logQuery.data?.pages.flatMap((page) => page.items) ?? [];
  const { refetch } = logQuery;
  // The export is an entry of the log itself: show it.
  const handleExported = useCallback(() => void refetch(), [refetch]);

  return (
    <SettingsPage testId="audit-log-page" title={t('auditLog.title')} subtitle={t('auditLog.subtitle')}>
      <ListCard
        className="audit-log"
        toolbar={
          <>
            <AuditFiltersBar value={filters} onChange={setFilters} />
            <span className="audit-log__spacer" />
            <ExportMenu filters={filters} onExported={handleExported} />
            <RetentionSetting settings={settingsQuery.data} />
          </>
        }
        isError={logQuery.isError}
        onRetry={() => void logQuery.refetch()}
      >
        <AuditTable
          entries={entries}
          isLoading={
            logQuery.isLoading ||
            (logQuery.isFetching && !logQuery.isFetchingNextPage && logQuery.isPlaceholderData)
          }
        />
        {entries.length > 0 && (
          <div className="audit-log__more">
            <Typography.Text type="secondary" role="status">
              {t('auditLog.shown', { count: entries.length })}
            </Typography.Text>
            {logQuery.hasNextPage && (
              <Button
                onClick={() => void logQuery.fetchNextPage()}
                loading={logQuery.isFetchingNextPage}
                data-testid="audit-load-more"
              >
                {t('auditLog.loadMore')}
              </Button>
            )}
          </div>
        )}
      </ListCard>
    </SettingsPage>
  );
}

export { AuditLogPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await Promise.all([ensureSettingsTexts(), ensureAuditTexts()]);
  return null;
}
