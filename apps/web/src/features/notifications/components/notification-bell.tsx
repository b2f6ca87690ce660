import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEADER_BADGE_OVERFLOW } from '@sabai/domain';
import { useRetrievalNotice } from '../../../lib/notices';
import { useNotificationCount } from '../api/get-notification-count';

/** The header bell with the unread count ('9+' beyond 9, spec §2). */
export function NotificationBell() {
  const { t } = useTranslation();
  const countQuery = useNotificationCount();
  useRetrievalNotice(countQuery.isError, 'notification_count');
  const count = countQuery.data ?? 0;
  return (
    <span
      className="notification-bell"
      role="status"
      aria-label={t('header.notifications', { count })}
      data-testid="notification-bell"
    >
      <Badge count={count} overflowCount={HEADER_BADGE_OVERFLOW} size="small">
        <BellOutlined className="notification-bell__icon" />
      </Badge>
    </span>
  );
}
