import { useTranslation } from 'react-i18next';
import type { Notification } from '@sabai/contracts';
import { ChannelIcon } from '../../../components/channel-icon';
import { formatDateTime } from '../../../lib/format';
import { localNotice } from '../notice-text';

type NotificationItemProps = { item: Notification; onOpen: () => void };

/** One notification: issue id, channel icon and name, content, dd/MM/yyyy HH:mm; unread tinted. */
export function NotificationItem({ item, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={`notification-item${item.readStatus ? '' : ' notification-item--unread'}`}
        onClick={onOpen}
        data-testid="notification-item"
        data-read={item.readStatus}
      >
        <span className="notification-item__head">
          {item.issueId !== null && (
            <span className="notification-item__issue">{t('notifications.issue', { id: item.issueId })}</span>
          )}
          {item.channelType && (
            <span className="notification-item__channel">
              <ChannelIcon type={item.channelType} size={16} />
              {item.channelName}
            </span>
          )}
          {!item.readStatus && (
            <span className="notification-item__dot" aria-label={t('notifications.unread')} />
          )}
        </span>
        <span className="notification-item__content">{localNotice(item.content, i18n.language, t)}</span>
        <time className="notification-item__date" dateTime={item.createdDate}>
          {formatDateTime(item.createdDate)}
        </time>
      </button>
    </li>
  );
}
