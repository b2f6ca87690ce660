import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import { LineQuotaPanel } from '../../../components/line-quota-panel';
import { RetryNotice } from '../../../components/retry-notice';
import { usePermissions } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { useLineChannels } from '../api/line-channels';

/** This month's LINE quota of every LINE channel, for the roles that may read channel settings. */
export function LineQuotaCard() {
  const { t } = useTranslation();
  const mayReadChannels = isAllowed(usePermissions(), 'channel', 'view', ['all']);
  const query = useLineChannels(mayReadChannels);
  useRetrievalNotice(query.isError, 'channels');
  if (!mayReadChannels) return null;
  const channels = query.data;
  return (
    <Card title={t('lineQuota.cardTitle')} className="page__card" data-testid="line-quota-card">
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !channels ? (
        <RetryNotice onRetry={() => void query.refetch()} />
      ) : channels.length === 0 ? (
        <Empty description={t('lineQuota.noChannels')} />
      ) : (
        <ul className="line-quota-card__channels">
          {channels.map((channel) => (
            <li key={channel.id} className="line-quota-card__channel" data-testid="line-quota-channel">
              <h3 className="line-quota-card__name">{channel.name}</h3>
              <LineQuotaPanel channelId={channel.id} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
