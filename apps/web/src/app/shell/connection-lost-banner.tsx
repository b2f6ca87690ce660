import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerReachable } from '../../lib/live-socket';

/** Under the header while the server cannot be reached; gone by itself once the live socket opens again. */
export function ConnectionLostBanner() {
  const { t } = useTranslation();
  if (useServerReachable()) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      role="status"
      title={t('common.connectionLost')}
      className="connection-lost"
      data-testid="connection-lost"
    />
  );
}
