import { Alert, Button, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import { errorKey } from '../../../lib/i18n';
import { useMetaConnection } from '../api/get-meta-connection';
import type { ConnectablePage } from '../api/get-meta-connection';
import type { MetaChannelType } from '../utils/facebook-login';
import type { ChannelFormValues } from '../utils/channel-form';

type PagePickerProps = {
  type: MetaChannelType;
  connectionId: string;
  channels: readonly Channel[];
  onReconnect: () => void;
};

/**
 * Messenger and Instagram accounts come from a Facebook Login (never typed tokens): the Page, or the
 * Instagram account linked to it. Those already added are shown but cannot be picked again.
 */
export function PagePicker({ type, connectionId, channels, onReconnect }: PagePickerProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const connectionQuery = useMetaConnection(connectionId);

  if (connectionQuery.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t(errorKey(connectionQuery.error, 'errors.channel.connection_expired'))}
        action={<Button onClick={onReconnect}>{t('channels.facebookLogin.again')}</Button>}
        className="channel-form__alert"
      />
    );
  }
  if (!connectionQuery.data) {
    return (
      <div role="status">
        <p className="channel-form__hint">{t('channels.form.connectionLoading')}</p>
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      </div>
    );
  }

  const added = new Set(
    channels.filter((channel) => channel.type === type).map((channel) => channel.externalId),
  );
  const accountOf = (page: ConnectablePage) => (type === 'facebook' ? page.id : page.instagramAccountId);
  const pages = connectionQuery.data.pages.filter((page) => accountOf(page) !== null);
  const options = pages.map((page) => {
    const id = accountOf(page) ?? '';
    const label =
      type === 'facebook'
        ? t('channels.form.pageOption', { name: page.name, id })
        : t('channels.form.instagramOption', { name: page.name, id });
    const isAdded = added.has(id);
    return {
      value: id,
      label: isAdded ? t('channels.form.alreadyAdded', { label }) : label,
      disabled: isAdded,
    };
  });

  function handleChange(id: string) {
    const page = pages.find((candidate) => accountOf(candidate) === id);
    // The Page's name is a good default channel name.
    if (page && !(form.getFieldValue('name') as string | undefined)?.trim())
      form.setFieldValue('name', page.name);
  }

  return (
    <>
      {type === 'instagram' && pages.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('channels.form.noInstagram')}
          className="channel-form__alert"
        />
      )}
      <Form.Item
        name="externalId"
        label={type === 'facebook' ? t('channels.form.page') : t('channels.form.instagramAccount')}
        rules={[
          {
            required: true,
            message:
              type === 'facebook' ? t('channels.form.pageRequired') : t('channels.form.instagramRequired'),
          },
        ]}
      >
        <Select options={options} onChange={handleChange} data-testid="page-picker" />
      </Form.Item>
    </>
  );
}
