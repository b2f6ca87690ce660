import { Suspense, lazy, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts } from '../../../lib/i18n';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSaveWebhookEndpoint,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from '../api/webhook-endpoints';
import { shortUrl, toFormValues, toRequest } from '../utils/endpoint-form';
import type { EndpointDrawerState } from './endpoint-drawer';
import { EndpointTable } from './endpoint-table';
import { SecretModal, type ShownSecret } from './secret-modal';
import '../webhooks.css';

// The form and the delivery log load when first opened: the list comes first.
const EndpointDrawer = lazy(() =>
  import('./endpoint-drawer').then(({ EndpointDrawer }) => ({ default: EndpointDrawer })),
);
const DeliveriesDrawer = lazy(() =>
  import('./deliveries-drawer').then(({ DeliveriesDrawer }) => ({ default: DeliveriesDrawer })),
);

/**
 * /setting/webhooks (desktop only; whoever may update every user, Admin and SuperAdmin by default): the
 * organisation's outgoing webhooks. Each endpoint receives the events it chose as signed
 * POSTs; its signing secret is shown once when created or rotated; its deliveries can be read and resent.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const endpointsQuery = useWebhookEndpoints();
  const saveMutation = useSaveWebhookEndpoint();
  const deleteMutation = useDeleteWebhookEndpoint();
  const rotateMutation = useRotateWebhookSecret();
  const [confirm, confirmHolder] = useConfirm();
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<EndpointDrawerState>();
  const [log, setLog, hasOpenedLog] = useLazyPanel<WebhookEndpoint>();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);
  useRetrievalNotice(endpointsQuery.isError, 'webhook_endpoints');

  function handleSaved(endpoint: WebhookEndpoint & { secret?: string }) {
    setDrawer(null);
    if (endpoint.secret) setSecret({ url: endpoint.url, secret: endpoint.secret, isNew: true });
    else notice.success('webhooks.saved');
  }

  async function handleToggle(endpoint: WebhookEndpoint, enabled: boolean) {
    setTogglingId(endpoint.id);
    try {
      await saveMutation.mutateAsync({
        id: endpoint.id,
        body: toRequest({ ...toFormValues(endpoint), enabled }),
      });
      notice.success(enabled ? 'webhooks.enabled' : 'webhooks.disabled');
    } catch (error) {
      notice.error(error, 'common.error.update');
    } finally {
      setTogglingId(null);
    }
  }

  function handleRotate(endpoint: WebhookEndpoint) {
    confirm({
      title: t('webhooks.rotateConfirm.title', { url: shortUrl(endpoint.url) }),
      content: t('webhooks.rotateConfirm.text'),
      okText: t('webhooks.rotateConfirm.ok'),
      onOk: async () => {
        try {
          const rotated = await rotateMutation.mutateAsync(endpoint.id);
          setSecret({ url: endpoint.url, secret: rotated.secret, isNew: false });
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  function handleDelete(endpoint: WebhookEndpoint) {
    confirm({
      title: t('webhooks.deleteConfirm.title', { url: shortUrl(endpoint.url) }),
      content: t('webhooks.deleteConfirm.text'),
      okText: t('webhooks.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(endpoint.id);
          notice.success('webhooks.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  const openCreate = () => setDrawer({ mode: 'create' });
  return (
    <SettingsPage
      testId="webhooks-page"
      title={t('webhooks.title')}
      subtitle={t('webhooks.subtitle')}
      add={{ label: t('webhooks.add'), onClick: openCreate, testId: 'add-webhook-endpoint' }}
    >
      {confirmHolder}
      <Alert type="info" showIcon title={t('webhooks.signingHint')} className="webhooks-page__hint" />
      <ListCard isError={endpointsQuery.isError} onRetry={() => void endpointsQuery.refetch()}>
        <EndpointTable
          endpoints={endpointsQuery.data ?? []}
          isLoading={endpointsQuery.isLoading}
          togglingId={togglingId}
          onAdd={openCreate}
          onEdit={(endpoint) => setDrawer({ mode: 'edit', endpoint })}
          onToggle={(endpoint, enabled) => void handleToggle(endpoint, enabled)}
          onDeliveries={(endpoint) => setLog(endpoint)}
          onRotate={handleRotate}
          onDelete={handleDelete}
        />
      </ListCard>
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <EndpointDrawer state={drawer} onClose={() => setDrawer(null)} onSaved={handleSaved} />
        </Suspense>
      )}
      {hasOpenedLog && (
        <Suspense fallback={<PageSpinner />}>
          <DeliveriesDrawer
            endpoint={log && (endpointsQuery.data?.find((e) => e.id === log.id) ?? log)}
            onClose={() => setLog(null)}
          />
        </Suspense>
      )}
      <SecretModal shown={secret} onDone={() => setSecret(null)} />
    </SettingsPage>
  );
}

export { WebhooksPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
