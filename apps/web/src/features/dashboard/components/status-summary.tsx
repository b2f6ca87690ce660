import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ISSUE_STATUSES, STATUS_COLOURS } from '@sabai/domain';
import { RetryNotice } from '../../../components/retry-notice';
import { useStatusCounts } from '../api/get-status-counts';

/** Issues by status in the caller's scope (the dashboard's first figure, before the statistics ship). */
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
        <Row gutter={[16, 16]}>
          {ISSUE_STATUSES.map((status) => (
            <Col key={status} xs={12} sm={8} lg={6} xl={3}>
              <Statistic
                title={t(`issue.status.${status}`)}
                value={query.data.counts[status]}
                styles={{ content: { color: STATUS_COLOURS[status] } }}
              />
            </Col>
          ))}
        </Row>
      ) : (
        <RetryNotice onRetry={() => void query.refetch()} />
      )}
    </Card>
  );
}
