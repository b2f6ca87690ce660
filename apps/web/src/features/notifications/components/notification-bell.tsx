import { lazy, Suspense, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HEADER_BADGE_OVERFLOW } from '@sabai/domain';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { notificationCountQueryKey, useNotificationCount } from '../api/get-notification-count';
import { clearNotificationCount } from '../api/update-notifications';

// The drawer loads beside the shell, so its first load stays small.
const NotificationDrawer = lazy(() =>
  import('./notification-drawer').then((module) => ({ default: module.NotificationDrawer })),
);

/**
 * The header bell: the count ('9+' beyond 9) is fetched at load and raised by pushed
 * notices; opening clears the count on the server and opens the drawer; closing resets it to 0.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const countQuery = useNotificationCount();
  useRetrievalNotice(countQuery.isError, 'notification_count');
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const count = countQuery.data ?? 0;

  const handleOpen = () => {
    setIsOpen(true);
    setHasOpened(true);
    clearNotificationCount().catch(() => notice.error(null, 'common.notification.clear_count'));
  };
  const handleClose = () => {
    setIsOpen(false);
    queryClient.setQueryData(notificationCountQueryKey, 0);
  };

  return (
    <>
      {/* Named by hidden text rather than an aria-label, which would have to repeat the badge's '9+' as
          shown (WCAG 2.5.3, label in name): the name gives the real count and the badge is hidden from it. */}
      <button
        type="button"
        className="notification-bell"
        onClick={handleOpen}
        data-testid="notification-bell"
      >
        <span className="visually-hidden">{`${t('notifications.open')} (${t('header.notifications', { count })})`}</span>
        <Badge count={count} overflowCount={HEADER_BADGE_OVERFLOW} size="small" aria-hidden>
          <BellOutlined className="notification-bell__icon" />
        </Badge>
      </button>
      <Suspense fallback={null}>
        {hasOpened && <NotificationDrawer open={isOpen} count={count} onClose={handleClose} />}
      </Suspense>
    </>
  );
}
