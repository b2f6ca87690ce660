import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ISSUE_STATUSES, STATUS_COLOURS } from '@sabai/domain';
import { RetryNotice } from '../../../components/retry-notice';
import { useRetrievalNotice } from '../../../lib/notices';
import { useStatusCounts } from '../api/reports';
import type { IssueFilter } from '@sabai/contracts';
import { LazyChart } from './lazy-chart';

/** The chosen period's issues (those it started) by their status now, in the caller's scope: a list and a donut. */
export function StatusSummary({ filter }: { filter: IssueFilter }) {
  const { t } = useTranslation();
  const query = useStatusCounts(filter);
  useRetrievalNotice(query.isError, 'issues_by_status');
  // Unfiltered counts come from the status tally: never the "too many to count" null of a search.
  const counts = query.data?.counts;
  const total = query.data?.total ?? 0;
  const labels = ISSUE_STATUSES.map((status) => t(`issue.status.${status}`));
  return (
    <Card
      title={t('dashboard.issuesByStatus', { total })}
      className="page__card"
      data-testid="status-summary"
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : counts ? (
        <div className="status-summary__body">
          <ul className="status-summary">
            {ISSUE_STATUSES.map((status, i) => (
              <li key={status} className="status-summary__item">
                <span className="status-summary__label">{labels[i]}</span>
                <span className="status-summary__value" style={{ color: STATUS_COLOURS[status] }}>
                  {counts[status]}
                </span>
              </li>
            ))}
          </ul>
          {total > 0 && (
            <LazyChart
              kind="donut"
              label={t('dashboard.issuesByStatus', { total })}
              categories={labels}
              colours={ISSUE_STATUSES.map((status) => STATUS_COLOURS[status])}
              series={[{ name: '', data: ISSUE_STATUSES.map((status) => counts[status]) }]}
              height={220}
            />
          )}
        </div>
      ) : (
        <RetryNotice onRetry={() => void query.refetch()} />
      )}
    </Card>
  );
}
