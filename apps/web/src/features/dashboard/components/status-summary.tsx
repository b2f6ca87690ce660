import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ISSUE_STATUSES, STATUS_COLOURS } from '@sabai/domain';
import { RetryNotice } from '../../../components/retry-notice';
import { useStatusCounts } from '../api/get-status-counts';

/**
 * Issues by status in the caller's scope (the dashboard's first figure, before the statistics ship).
 * Plain markup rather than antd Statistic/Grid keeps the signed-in shell inside its bundle budget.
 */
export function StatusSummary() {
  const { t } = useTranslation();
  const query = useStatusCounts(true);
  return (
    <Card
      title={t('dashboard.issuesByStatus', { total: query.data?.total ?? 0 })}
      className="page__card"
      data-testid="status-summary"
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.data ? (
        <ul className="status-summary">
          {ISSUE_STATUSES.map((status) => (
            <li key={status} className="status-summary__item">
              <span className="status-summary__label">{t(`issue.status.${status}`)}</span>
              <span className="status-summary__value" style={{ color: STATUS_COLOURS[status] }}>
                {query.data.counts[status]}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <RetryNotice onRetry={() => void query.refetch()} />
      )}
    </Card>
  );
}
