import { useEffect } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { notificationSettingsQueryKey } from '../api/get-notification-settings';
import { useStartLineLink, useUnlinkLine } from '../api/line-link';

/** While a code is shown, the settings are re-read this often: linking happens on the phone, in LINE. */
const LINK_POLL_MS = 3000;

/**
 * Linking the staff member's LINE account for alerts: a one-time code to send to the organisation's LINE
 * Official Account; once linked, a way to unlink (with a confirmation).
 */
export function LineLink({ isLinked }: { isLinked: boolean }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, holder] = useConfirm();
  const queryClient = useQueryClient();
  const start = useStartLineLink();
  const unlink = useUnlinkLine();
  const pending = !isLinked ? start.data : undefined;

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
      LINK_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [pending, queryClient]);

  if (isLinked) {
    return (
      <div className="line-link" data-testid="line-link">
        <p className="line-alerts__state line-alerts__state--linked" data-testid="line-linked">
          <CheckCircleFilled /> {t('profile.notifications.lineLinked')}
        </p>
        <Button
          danger
          loading={unlink.isPending}
          onClick={() =>
            confirm({
              title: t('profile.notifications.unlink'),
              content: t('profile.notifications.unlinkConfirm'),
              okText: t('profile.notifications.unlink'),
              onOk: () =>
                unlink.mutateAsync().then(
                  () => notice.success('profile.notifications.unlinked'),
                  (error: unknown) => notice.error(error, 'common.error.update'),
                ),
            })
          }
          data-testid="line-unlink"
        >
          {t('profile.notifications.unlink')}
        </Button>
        {holder}
      </div>
    );
  }

  return (
    <div className="line-link" data-testid="line-link">
      <p className="line-alerts__state" data-testid="line-linked">
        {t('profile.notifications.lineNotLinked')}
      </p>
      {pending ? (
        <div className="line-link__code" data-testid="line-link-code">
          <p>{t('profile.notifications.sendCode', { accounts: pending.channels.join(', ') })}</p>
          <Typography.Text copyable strong className="line-link__value">
            {pending.code}
          </Typography.Text>
          <p className="muted-text">{t('profile.notifications.codeExpires')}</p>
        </div>
      ) : (
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, { onError: (error) => notice.error(error, 'common.error.update') })
          }
          data-testid="line-link-start"
        >
          {t('profile.notifications.link')}
        </Button>
      )}
    </div>
  );
}
