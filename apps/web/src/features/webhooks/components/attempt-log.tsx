import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt } from '@sabai/contracts';
import { formatDateTime } from '../../../lib/format';

const NO_VALUE = <span className="muted-text">—</span>;

/** A delivery's attempts, newest first: when, the answer (or why none came), how long, and resends. */
export function AttemptLog({ attempts }: { attempts: readonly WebhookAttempt[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<WebhookAttempt> = [
    {
      key: 'at',
      title: t('webhooks.attempts.at'),
      width: 170,
      render: (_, attempt) => (
        <span>
          {formatDateTime(attempt.at)}
          {attempt.resend && <Tag className="webhooks-attempt__resend">{t('webhooks.attempts.resend')}</Tag>}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('webhooks.attempts.statusCode'),
      width: 110,
      render: (_, attempt) =>
        attempt.statusCode === null ? (
          NO_VALUE
        ) : (
          <Tag color={attempt.statusCode < 300 ? 'green' : 'red'}>{attempt.statusCode}</Tag>
        ),
    },
    {
      key: 'latency',
      title: t('webhooks.attempts.latency'),
      width: 130,
      render: (_, attempt) => (
        <span className="webhooks-nowrap">{t('webhooks.deliveries.latency', { ms: attempt.latencyMs })}</span>
      ),
    },
    {
      key: 'answer',
      title: t('webhooks.attempts.answer'),
      render: (_, attempt) => (
        <div className="webhooks-attempt__answer">
          {attempt.error && <span className="webhooks-attempt__error">{attempt.error}</span>}
          {attempt.responseSnippet ? (
            <pre className="webhooks-attempt__snippet">{attempt.responseSnippet}</pre>
          ) : null}
          {!attempt.error && !attempt.responseSnippet && NO_VALUE}
        </div>
      ),
    },
  ];
  return (
    <Table<WebhookAttempt>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={attempts as WebhookAttempt[]}
      pagination={false}
      locale={{ emptyText: t('webhooks.attempts.none') }}
      data-testid="webhook-attempts"
    />
  );
}
