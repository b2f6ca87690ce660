// The spec's live notices (§4 "Live channel"): the tab's live socket opens when the layout mounts and each
// notice raises the bell's count, plays a sound and, by the popup rules, shows a popup at the bottom right
// for 5 seconds that opens the issue's chat when clicked.
import { useEffect, useRef } from 'react';
import { notification } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import {
  NOTI_SOCKET,
  isStaffOnly,
  issueOf,
  onLiveMessage,
  onLiveOpen,
  shouldShowPopup,
  useLiveSocket,
  type LiveMessage,
} from '../../../lib/live-socket';
import { getDeviceToken, getToken, readClaims, sessionRoleNames } from '../../../lib/session';
import { notificationCountQueryKey } from '../api/get-notification-count';
import { notificationsQueryKey } from '../api/get-notifications';
import { usePushedSession } from '../hooks/use-pushed-session';
import { playNoticeSound } from '../notice-sound';
import { localNotice } from '../notice-text';

/** Keeps the tab's live socket open for the signed-in layout and shows its notices; renders the popups' holder. */
export function LiveNotices() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const applySession = usePushedSession();
  useLiveSocket();
  const [popups, holder] = notification.useNotification({ placement: 'bottomRight' });

  // The socket lives as long as the layout; the handler reads the latest helpers through a ref.
  const latest = useRef({ navigate, t, language: i18n.language, popups });
  useEffect(() => {
    latest.current = { navigate, t, language: i18n.language, popups };
  });

  // A notice sent before the socket opened raised no count: the count is read again on each open.
  useEffect(
    () => onLiveOpen(() => void queryClient.invalidateQueries({ queryKey: notificationCountQueryKey })),
    [queryClient],
  );

  useEffect(() => {
    const textOf = (message: Extract<LiveMessage, { kind: 'issue' | 'notice' }>) => {
      const { t, language } = latest.current;
      return localNotice(message.kind === 'issue' ? message.message : message.text, language, t);
    };
    return onLiveMessage((message) => {
      if (message.kind === 'feed') return;
      if (message.kind === 'refresh') {
        void applySession(message).catch(() => undefined);
        return;
      }
      queryClient.setQueryData<number>(notificationCountQueryKey, (count) => (count ?? 0) + 1);
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      playNoticeSound();
      const token = getToken();
      const context = {
        // The address bar, not the router's state: a navigation in a transition renders the new page late.
        pathname: window.location.pathname,
        userId: (token && readClaims(token.accessToken)?.sub) || '',
        isStaff: isStaffOnly(sessionRoleNames()),
        hasDeviceToken: getDeviceToken() !== null,
      };
      if (!shouldShowPopup(message, context)) return;
      const issueId = issueOf(message);
      const { popups, t: translate, navigate: go } = latest.current;
      const key = `notice-${Date.now()}-${Math.random()}`;
      popups.info({
        key,
        title: translate('notifications.popupTitle'),
        description: textOf(message),
        duration: NOTI_SOCKET.popupMs / 1000,
        className: 'notice-popup',
        props: { 'data-testid': 'notice-popup' } as Record<string, string>,
        ...(issueId === null
          ? {}
          : {
              style: { cursor: 'pointer' },
              onClick: () => {
                popups.destroy(key);
                go(`/issue/inbox?issueId=${issueId}`);
              },
            }),
      });
    });
  }, [queryClient, applySession]);

  return holder;
}
