import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMetaConnection } from '../api/get-meta-connection';
import type { MetaChannelType } from '../utils/facebook-login';
import { ChannelIcon } from '../../../components/channel-icon';

type ConnectionBannerProps = {
  connectionId: string;
  onAdd: (type: MetaChannelType) => void;
  onDone: () => void;
};

/** After Facebook Login: its Pages can be added as Messenger or Instagram channels for 30 minutes. */
export function ConnectionBanner({ connectionId, onAdd, onDone }: ConnectionBannerProps) {
  const { t } = useTranslation();
  const connectionQuery = useMetaConnection(connectionId);
  if (!connectionQuery.data) return null;
  return (
    <Alert
      type="success"
      showIcon
      className="connection-banner"
      data-testid="connection-banner"
      title={t('channels.facebookLogin.connected', { count: connectionQuery.data.pages.length })}
      description={
        <Space wrap className="connection-banner__actions">
          <Button icon={<ChannelIcon type="facebook" size={16} />} onClick={() => onAdd('facebook')}>
            {t('channels.facebookLogin.addFacebook')}
          </Button>
          <Button icon={<ChannelIcon type="instagram" size={16} />} onClick={() => onAdd('instagram')}>
            {t('channels.facebookLogin.addInstagram')}
          </Button>
          <Button type="text" onClick={onDone}>
            {t('channels.facebookLogin.done')}
          </Button>
        </Space>
      }
    />
  );
}
