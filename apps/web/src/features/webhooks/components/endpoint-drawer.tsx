import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '../api/webhook-endpoints';
import { EndpointForm } from './endpoint-form';

export type EndpointDrawerState = { mode: 'create' } | { mode: 'edit'; endpoint: WebhookEndpoint };

type EndpointDrawerProps = {
  state: EndpointDrawerState | null;
  onClose: () => void;
  onSaved: (endpoint: WebhookEndpoint | CreatedWebhookEndpoint) => void;
};

/** Adding or editing an endpoint, beside the list. */
export function EndpointDrawer({ state, onClose, onSaved }: EndpointDrawerProps) {
  const { t } = useTranslation();
  const endpoint = state?.mode === 'edit' ? state.endpoint : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={560}
      title={endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer webhooks-drawer"
    >
      {state && (
        <EndpointForm
          key={endpoint ? `edit-${endpoint.id}` : 'create'}
          endpoint={endpoint}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}
