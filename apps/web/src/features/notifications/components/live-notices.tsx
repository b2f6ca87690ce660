// Live notices: the tab's live socket opens when the layout mounts and each
// notice raises the bell's count, plays a sound and, by the popup rules, shows a popup for 5 seconds that
// opens the issue's chat when clicked (which reads its notices). A customer's message names them and the
// channel in the title, with the message as the text (two lines at most). The popup sits at the bottom
// right on a desktop and at the top on a phone, clear of the composer. A notice about the chat the user is
// reading in a visible tab makes no sound, no popup and no count: the chat shows it, and reads it.
import { useEffect, useRef } from 'react';
import { notification } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import {
  NOTI_SOCKET,
  chatIssueOf,
  isAboutOpenIssue,
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
  const [popups, holder] = notification.useNotification();

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
      const token = getToken();
      // The address bar, not the router's state: a navigation in a transition renders the new page late.
      const { pathname, search } = window.location;
      const context = {
        pathname,
        openIssueId: document.visibilityState === 'visible' ? chatIssueOf(pathname, search) : null,
        userId: (token && readClaims(token.accessToken)?.sub) || '',
        isStaff: isStaffOnly(sessionRoleNames()),
        hasDeviceToken: getDeviceToken() !== null,
      };
      if (isAboutOpenIssue(message, context)) return;
      // Before the bell has read its count (the notices mount first), the count it reads includes this one.
      if (queryClient.getQueryData(notificationCountQueryKey) !== undefined)
        queryClient.setQueryData<number>(notificationCountQueryKey, (count) => (count ?? 0) + 1);
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      playNoticeSound();
      if (!shouldShowPopup(message, context)) return;
      const issueId = issueOf(message);
      const { popups, t: translate, navigate: go } = latest.current;
      const key = `notice-${Date.now()}-${Math.random()}`;
      const sender = message.kind === 'issue' && message.contactName ? message : null;
      popups.info({
        key,
        placement: pathname.startsWith('/mobile/') ? 'top' : 'bottomRight',
        title: sender
          ? `${sender.contactName}${sender.channelName ? ` · ${sender.channelName}` : ''}`
          : translate('notifications.popupTitle'),
        description: <span className="notice-popup-text">{sender?.preview || textOf(message)}</span>,
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
