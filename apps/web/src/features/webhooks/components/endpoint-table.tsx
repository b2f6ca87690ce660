import { Button, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IconAction, ListEmpty } from '../../../components/list-table';
import { SafeText } from '../../../components/safe-text';
import { formatDateTime } from '../../../lib/format';
import type { WebhookEndpoint } from '../api/webhook-endpoints';
import { EVENT_LABELS, EVENT_TYPES, shortUrl } from '../utils/endpoint-form';
import { DeliveryStatusTag } from './delivery-status';

type EndpointTableProps = {
  endpoints: readonly WebhookEndpoint[];
  isLoading: boolean;
  /** The endpoint whose switch is being saved. */
  togglingId: string | null;
  onAdd: () => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onToggle: (endpoint: WebhookEndpoint, enabled: boolean) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
};

/** The endpoints: where they send, which events, whether they are on (and why not), their last delivery. */
export function EndpointTable({
  endpoints,
  isLoading,
  togglingId,
  onAdd,
  onEdit,
  onToggle,
  onDeliveries,
  onRotate,
  onDelete,
}: EndpointTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      key: 'url',
      title: t('webhooks.columns.url'),
      render: (_, endpoint) => (
        <div className="webhooks-table__url">
          <Typography.Text code className="webhooks-table__address" data-testid="webhook-endpoint-url">
            {endpoint.url}
          </Typography.Text>
          {endpoint.description && (
            <SafeText className="webhooks-table__description" text={endpoint.description} />
          )}
        </div>
      ),
    },
    {
      key: 'events',
      title: t('webhooks.columns.events'),
      render: (_, endpoint) =>
        endpoint.events.length === EVENT_TYPES.length ? (
          <Tag>{t('webhooks.allEvents')}</Tag>
        ) : (
          <div className="webhooks-table__events">
            {endpoint.events.map((type) => (
              <Tag key={type}>{t(EVENT_LABELS[type])}</Tag>
            ))}
          </div>
        ),
    },
    {
      key: 'status',
      title: t('webhooks.columns.status'),
      render: (_, endpoint) => (
        <div className="webhooks-table__status">
          <Switch
            size="small"
            checked={endpoint.enabled}
            loading={togglingId === endpoint.id}
            onChange={(enabled) => onToggle(endpoint, enabled)}
            aria-label={t('webhooks.enabledSwitch', { url: shortUrl(endpoint.url) })}
            data-testid="webhook-enabled-switch"
          />
          <span data-testid="webhook-endpoint-status">
            {endpoint.enabled ? (
              t('webhooks.status.enabled')
            ) : (
              <Tooltip
                title={
                  endpoint.disabledAt
                    ? t('webhooks.status.disabledAt', { time: formatDateTime(endpoint.disabledAt) })
                    : undefined
                }
              >
                <Tag color={endpoint.disabledReason === 'failing' ? 'red' : 'default'}>
                  {t(
                    endpoint.disabledReason === 'failing'
                      ? 'webhooks.status.failing'
                      : 'webhooks.status.manual',
                  )}
                </Tag>
              </Tooltip>
            )}
          </span>
          {endpoint.enabled && endpoint.failingSince && (
            <Tag color="orange">
              {t('webhooks.status.failingSince', { time: formatDateTime(endpoint.failingSince) })}
            </Tag>
          )}
        </div>
      ),
    },
    {
      key: 'lastDelivery',
      title: t('webhooks.columns.lastDelivery'),
      render: (_, endpoint) => {
        const last = endpoint.lastDelivery;
        if (!last) return <span className="muted-text">{t('webhooks.never')}</span>;
        return (
          <Button
            type="link"
            className="webhooks-table__last"
            onClick={() => onDeliveries(endpoint)}
            data-testid="webhook-last-delivery"
          >
            <DeliveryStatusTag status={last.status} statusCode={last.statusCode} />
            <span>
              {t(EVENT_LABELS[last.eventType])}
              {last.attemptedAt && ` · ${formatDateTime(last.attemptedAt)}`}
            </span>
          </Button>
        );
      },
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 170,
      render: (_, endpoint) => (
        <Space size={4}>
          <IconAction
            label={t('webhooks.actions.deliveries')}
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => onDeliveries(endpoint)}
          />
          <IconAction
            label={t('webhooks.actions.rotate')}
            icon={<KeyOutlined aria-hidden />}
            onClick={() => onRotate(endpoint)}
          />
          <IconAction
            label={t('list.edit')}
            icon={<EditOutlined aria-hidden />}
            onClick={() => onEdit(endpoint)}
          />
          <IconAction
            label={t('list.delete')}
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onDelete(endpoint)}
            isDanger
          />
        </Space>
      ),
    },
  ];

  return (
    <Table<WebhookEndpoint>
      rowKey="id"
      columns={columns}
      dataSource={endpoints as WebhookEndpoint[]}
      loading={isLoading}
      pagination={false}
      locale={{
        emptyText: isLoading ? null : (
          <ListEmpty
            isSearching={false}
            text={t('webhooks.empty')}
            addLabel={t('webhooks.add')}
            onAdd={onAdd}
          />
        ),
      }}
      data-testid="webhooks-table"
    />
  );
}
