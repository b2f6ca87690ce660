import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Switch } from 'antd';
import type { GetProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import {
  useSaveWebhookEndpoint,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
} from '../api/webhook-endpoints';
import {
  DESCRIPTION_MAX,
  endpointSaveFeedback,
  EVENT_LABELS,
  EVENT_TYPES,
  isHttpUrl,
  toFormValues,
  toRequest,
  URL_MAX,
  type EndpointFormValues,
} from '../utils/endpoint-form';

type CheckboxGroupProps = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * The events' checkboxes as a named group. Form.Item marks its control `aria-required`, which ARIA does not
 * allow on a group (axe aria-allowed-attr): the rule's message says an event is needed.
 */
function EventGroup({ 'aria-required': _required, ...props }: CheckboxGroupProps) {
  return <Checkbox.Group role="group" {...props} />;
}

type EndpointFormProps = {
  /** The endpoint being edited; null when adding one. */
  endpoint: WebhookEndpoint | null;
  onSaved: (endpoint: WebhookEndpoint | CreatedWebhookEndpoint) => void;
  onCancel: () => void;
};

/** Where events go (an http or https URL on a public address), what it is, which events, and whether on. */
export function EndpointForm({ endpoint, onSaved, onCancel }: EndpointFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EndpointFormValues>();
  const saveMutation = useSaveWebhookEndpoint();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toFormValues(endpoint), [endpoint]);
  const eventOptions = useMemo(
    () =>
      EVENT_TYPES.map((type) => ({
        value: type,
        label: (
          <span className="webhooks-form__event">
            {t(EVENT_LABELS[type])} <code>{type}</code>
          </span>
        ),
      })),
    [t],
  );

  async function handleFinish(values: EndpointFormValues) {
    setFormMessage(null);
    try {
      onSaved(await saveMutation.mutateAsync({ id: endpoint?.id ?? null, body: toRequest(values) }));
    } catch (error) {
      const feedback = endpointSaveFeedback(error);
      if (feedback.field) form.setFields([{ name: feedback.field, errors: [t(feedback.message)] }]);
      else setFormMessage(feedback.message);
    }
  }

  return (
    <Form<EndpointFormValues>
      form={form}
      name="webhook-endpoint"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFormMessage(null)}
      requiredMark
      data-testid="webhook-endpoint-form"
    >
      <Form.Item
        name="url"
        label={t('webhooks.form.url')}
        extra={t('webhooks.form.urlHint')}
        rules={[
          { required: true, whitespace: true, message: t('webhooks.form.urlRequired') },
          { max: URL_MAX, message: t('list.tooLong', { max: URL_MAX }) },
          {
            validator: async (_, value: string | undefined) => {
              if (value && value.trim() && !isHttpUrl(value)) throw new Error(t('webhooks.form.urlInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={URL_MAX} autoComplete="off" inputMode="url" data-testid="webhook-url" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('webhooks.form.description')}
        extra={t('webhooks.form.descriptionHint')}
        rules={[{ max: DESCRIPTION_MAX, message: t('list.tooLong', { max: DESCRIPTION_MAX }) }]}
      >
        <Input maxLength={DESCRIPTION_MAX} autoComplete="off" data-testid="webhook-description" />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('webhooks.form.events')}
        rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.form.eventsRequired') }]}
      >
        <EventGroup
          options={eventOptions}
          aria-label={t('webhooks.form.events')}
          className="webhooks-form__events"
          data-testid="webhook-events"
        />
      </Form.Item>
      <Form.Item
        name="enabled"
        label={t('webhooks.form.enabled')}
        extra={t('webhooks.form.enabledHint')}
        valuePropName="checked"
      >
        <Switch data-testid="webhook-enabled" />
      </Form.Item>
      {formMessage && (
        <Alert type="error" showIcon title={t(formMessage)} className="webhooks-form__message" />
      )}
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="webhook-save">
          {t('webhooks.form.save')}
        </Button>
      </div>
    </Form>
  );
}
