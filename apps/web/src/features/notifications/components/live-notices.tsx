// The spec's live notices (§4 "Live channel"): the webNoti socket opens when the layout mounts and each
// notice raises the bell's count, plays a sound and, by the popup rules, shows a popup at the bottom right
// for 5 seconds that opens the issue's chat when clicked.
import { useEffect, useRef } from 'react';
import { notification } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { socketSession } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import {
  NOTI_SOCKET,
  NotiSocket,
  isStaffOnly,
  issueOf,
  parseLiveMessage,
  shouldShowPopup,
  type LiveMessage,
} from '../../../lib/noti-socket';
import { getDeviceToken, getToken, readClaims, sessionRoleNames } from '../../../lib/session';
import { notificationCountQueryKey } from '../api/get-notification-count';
import { notificationsQueryKey } from '../api/get-notifications';
import { usePushedSession } from '../hooks/use-pushed-session';
import { playNoticeSound } from '../notice-sound';
import { localNotice } from '../notice-text';

// The token of the latest socket: refreshed before the next one when the server revoked it.
let socketToken: string | undefined;

async function socketUrl(revoked: boolean): Promise<string | null> {
  // A refresh the server refuses means the session ended: no socket (the next API call signs out).
  const token = await socketSession(revoked ? socketToken : undefined);
  if (!token) return null;
  socketToken = token.accessToken;
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token.accessToken);
  url.searchParams.set('socketType', 'webNoti');
  return url.toString();
}

/** Opens the webNoti socket for the signed-in layout and shows its notices; renders the popups' holder. */
export function LiveNotices() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const applySession = usePushedSession();
  const [popups, holder] = notification.useNotification({ placement: 'bottomRight' });

  // The socket lives as long as the layout; the handler reads the latest helpers through a ref.
  const latest = useRef({ navigate, t, language: i18n.language, popups });
  useEffect(() => {
    latest.current = { navigate, t, language: i18n.language, popups };
  });

  useEffect(() => {
    const textOf = (message: Exclude<LiveMessage, { kind: 'refresh' }>) => {
      const { t, language } = latest.current;
      return localNotice(message.kind === 'issue' ? message.message : message.text, language, t);
    };
    const onMessage = (data: string) => {
      const message = parseLiveMessage(data);
      if (!message) {
        console.warn('notification socket: ignored an unreadable message');
        return;
      }
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
    };
    const socket = new NotiSocket({
      url: socketUrl,
      open: (url) => new WebSocket(url),
      onMessage,
    });
    socket.start();
    return () => socket.stop();
  }, [queryClient, applySession]);

  return holder;
}
