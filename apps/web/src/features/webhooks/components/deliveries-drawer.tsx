import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryStatus } from '@sabai/contracts';
import { ListFilter } from '../../../components/list-card';
import { RetryNotice } from '../../../components/retry-notice';
import { formatDateTime } from '../../../lib/format';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import {
  useResendWebhookDelivery,
  useWebhookDeliveries,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/webhook-endpoints';
import { EVENT_LABELS } from '../utils/endpoint-form';
import { AttemptLog } from './attempt-log';
import { DELIVERY_STATUS_LABELS, DeliveryStatusTag } from './delivery-status';

const NO_VALUE = <span className="muted-text">—</span>;
const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

type DeliveriesDrawerProps = { endpoint: WebhookEndpoint | null; onClose: () => void };

/** An endpoint's delivery log beside the list: newest first, each with its attempts, and "Resend". */
export function DeliveriesDrawer({ endpoint, onClose }: DeliveriesDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      size={1120}
      title={t('webhooks.deliveries.title')}
      destroyOnHidden
      rootClassName="settings-drawer webhooks-deliveries"
      data-testid="webhook-deliveries"
    >
      {endpoint && <DeliveryLog key={endpoint.id} endpoint={endpoint} />}
    </Drawer>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [resendingId, setResendingId] = useState<number | null>(null);
  const deliveriesQuery = useWebhookDeliveries(endpoint.id, status);
  const resendMutation = useResendWebhookDelivery();
  useRetrievalNotice(deliveriesQuery.isError, 'webhook_deliveries');
  const deliveries = deliveriesQuery.data?.pages.flatMap((page) => page.items) ?? [];

  async function handleResend(delivery: WebhookDelivery) {
    setResendingId(delivery.id);
    try {
      await resendMutation.mutateAsync({ endpointId: endpoint.id, deliveryId: delivery.id });
      notice.success('webhooks.deliveries.resent');
    } catch (error) {
      notice.error(error, 'common.error.update');
    } finally {
      setResendingId(null);
    }
  }

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      key: 'event',
      title: t('webhooks.deliveries.columns.event'),
      render: (_, delivery) => (
        <div className="webhooks-log__event">
          <span data-testid="webhook-delivery-event">{t(EVENT_LABELS[delivery.eventType])}</span>
          <Typography.Text
            type="secondary"
            className="webhooks-log__id"
            copyable={{ text: delivery.eventId }}
          >
            {delivery.eventId.slice(0, 8)}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'time',
      title: t('webhooks.deliveries.columns.time'),
      width: 150,
      render: (_, delivery) => formatDateTime(delivery.occurredAt),
    },
    {
      key: 'status',
      title: t('webhooks.deliveries.columns.status'),
      width: 150,
      render: (_, delivery) => (
        <DeliveryStatusTag status={delivery.status} statusCode={delivery.attemptLog[0]?.statusCode ?? null} />
      ),
    },
    {
      key: 'latency',
      title: t('webhooks.deliveries.columns.latency'),
      width: 130,
      render: (_, delivery) => {
        const last = delivery.attemptLog[0];
        if (!last) return NO_VALUE;
        return (
          <span className="webhooks-nowrap">{t('webhooks.deliveries.latency', { ms: last.latencyMs })}</span>
        );
      },
    },
    {
      key: 'attempts',
      title: t('webhooks.deliveries.columns.attempts'),
      width: 90,
      render: (_, delivery) => <span data-testid="webhook-delivery-attempts">{delivery.attempts}</span>,
    },
    {
      key: 'next',
      title: t('webhooks.deliveries.columns.nextRetry'),
      width: 150,
      render: (_, delivery) => {
        if (delivery.status !== 'pending') return NO_VALUE;
        return delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : t('webhooks.deliveries.now');
      },
    },
    {
      key: 'response',
      title: t('webhooks.deliveries.columns.response'),
      render: (_, delivery) => {
        const last = delivery.attemptLog[0];
        const text = last?.error ?? last?.responseSnippet;
        if (!text) return NO_VALUE;
        return (
          <Tooltip title={text}>
            <code className="webhooks-log__snippet" data-testid="webhook-delivery-response">
              {text}
            </code>
          </Tooltip>
        );
      },
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 120,
      render: (_, delivery) => (
        <Button
          size="small"
          icon={<SendOutlined aria-hidden />}
          disabled={!endpoint.enabled}
          loading={resendingId === delivery.id}
          onClick={() => void handleResend(delivery)}
          data-testid="webhook-resend"
        >
          {t('webhooks.deliveries.resend')}
        </Button>
      ),
    },
  ];

  return (
    <div className="webhooks-log">
      <div className="webhooks-log__head">
        <Typography.Text code className="webhooks-log__url">
          {endpoint.url}
        </Typography.Text>
        <div className="webhooks-log__tools">
          <ListFilter<WebhookDeliveryStatus>
            value={status}
            options={STATUSES.map((value) => ({ value, label: t(DELIVERY_STATUS_LABELS[value]) }))}
            allLabel={t('webhooks.deliveries.all')}
            label={t('webhooks.deliveries.filter')}
            onChange={setStatus}
            testId="webhook-delivery-filter"
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            loading={deliveriesQuery.isRefetching}
            onClick={() => void deliveriesQuery.refetch()}
            data-testid="webhook-deliveries-refresh"
          >
            {t('webhooks.deliveries.refresh')}
          </Button>
        </div>
      </div>
      {!endpoint.enabled && (
        <Alert
          type="warning"
          showIcon
          title={t('webhooks.deliveries.disabled')}
          className="webhooks-log__alert"
        />
      )}
      {deliveriesQuery.isError ? (
        <RetryNotice onRetry={() => void deliveriesQuery.refetch()} />
      ) : (
        <Table<WebhookDelivery>
          rowKey="id"
          columns={columns}
          dataSource={deliveries}
          loading={deliveriesQuery.isLoading}
          pagination={false}
          size="middle"
          expandable={{ expandedRowRender: (delivery) => <AttemptLog attempts={delivery.attemptLog} /> }}
          locale={{
            emptyText: deliveriesQuery.isLoading ? null : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(status ? 'webhooks.deliveries.noMatch' : 'webhooks.deliveries.empty')}
              />
            ),
          }}
          data-testid="webhook-deliveries-table"
        />
      )}
      {deliveriesQuery.hasNextPage && (
        <div className="webhooks-log__more">
          <Button
            loading={deliveriesQuery.isFetchingNextPage}
            onClick={() => void deliveriesQuery.fetchNextPage()}
          >
            {t('webhooks.deliveries.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
