import { useEffect } from 'react';
import { Badge, Button, Drawer, Empty, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@sabai/contracts';
import { DROPDOWN_BADGE_OVERFLOW } from '@sabai/domain';
import { isMobileDevice, useAppNavigate } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { notificationCountQueryKey } from '../api/get-notification-count';
import { notificationsQueryKey, useNotifications } from '../api/get-notifications';
import { clearAllNotifications, markNotificationRead } from '../api/update-notifications';
import { NotificationItem } from './notification-item';
import '../notifications.css';

type NotificationDrawerProps = { open: boolean; count: number; onClose: () => void };

/**
 * The notification drawer: 330 wide on desktop, the count in the title ('99+' beyond 99), a
 * clear-all link and the list, newest first. Clicking an item marks it read and opens its issue.
 */
export function NotificationDrawer({ open, count, onClose }: NotificationDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const isMobile = isMobileDevice();
  const list = useNotifications(open);
  // The desktop shows the notifications' retrieval notice, the mobile drawer common.error.retrieve.
  useRetrievalNotice(list.isError && !isMobile, 'notifications');
  const showError = notice.error;
  useEffect(() => {
    if (list.isError && isMobile) showError(null, 'common.error.retrieve');
  }, [list.isError, isMobile, showError]);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const reload = () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey });

  const handleOpenItem = async (item: Notification) => {
    try {
      if (!item.readStatus) await markNotificationRead(item.id);
      void reload();
    } catch (error) {
      notice.error(error, 'notifications.updateFailed');
      return;
    }
    if (item.issueId !== null) {
      onClose();
      navigate(`/issue/inbox?issueId=${item.issueId}`);
    }
  };

  const handleClearAll = () =>
    confirm({
      title: t('notifications.clearAllTitle'),
      content: t('notifications.clearAllText'),
      okText: t('notifications.clearAll'),
      onOk: async () => {
        try {
          await clearAllNotifications();
        } catch (error) {
          notice.error(error, 'notifications.updateFailed');
          return;
        }
        queryClient.setQueryData(notificationCountQueryKey, 0);
        await reload();
      },
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={isMobile ? '100%' : 330}
      className="notification-drawer"
      data-testid="notification-drawer"
      title={
        <span className="notification-drawer__title">
          {t('notifications.title')}
          <Badge
            count={count}
            overflowCount={DROPDOWN_BADGE_OVERFLOW}
            data-testid="notification-drawer-count"
          />
        </span>
      }
      extra={
        <Button
          type="link"
          size="small"
          onClick={handleClearAll}
          disabled={items.length === 0}
          data-testid="notification-clear-all"
        >
          {t('notifications.clearAll')}
        </Button>
      }
    >
      {confirmHolder}
      {list.isLoading ? (
        <Spin className="notification-drawer__spinner" />
      ) : items.length === 0 ? (
        <Empty description={t('notifications.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={() => void handleOpenItem(item)} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button block onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('notifications.loadMore')}
        </Button>
      )}
    </Drawer>
  );
}
