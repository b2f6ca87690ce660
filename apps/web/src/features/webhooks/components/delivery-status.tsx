import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import type { WebhookDelivery } from '../api/webhook-endpoints';

const COLOURS = { pending: 'gold', delivered: 'green', failed: 'red' } as const;
export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery['status'], TranslationKey> = {
  pending: 'webhooks.deliveries.status.pending',
  delivered: 'webhooks.deliveries.status.delivered',
  failed: 'webhooks.deliveries.status.failed',
};

/** A delivery's state, with the HTTP status of its latest answer when there was one. */
export function DeliveryStatusTag({
  status,
  statusCode,
}: {
  status: WebhookDelivery['status'];
  statusCode: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="webhook-delivery-status">
      {t(DELIVERY_STATUS_LABELS[status])}
      {statusCode !== null && ` · ${statusCode}`}
    </Tag>
  );
}
