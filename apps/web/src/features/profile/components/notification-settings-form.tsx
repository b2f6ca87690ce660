import { InfoCircleFilled, MobileOutlined } from '@ant-design/icons';
import { Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { needsHomeScreenForPush, registerPushDevice, unregisterPushDevice } from '../../../lib/web-push';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import type { NotificationSettingsInput } from '../api/update-notification-settings';
import { LineLink } from './line-link';

const SWITCHES: readonly {
  name: keyof NotificationSettingsInput;
  label: TranslationKey;
  hint: TranslationKey;
}[] = [
  { name: 'web', label: 'profile.notifications.web', hint: 'profile.notifications.webHint' },
  { name: 'sound', label: 'profile.notifications.sound', hint: 'profile.notifications.soundHint' },
  { name: 'line', label: 'profile.notifications.line', hint: 'profile.notifications.lineHint' },
];

/** Web, sound and LINE alert switches, saved as they change; LINE alerts explained (LINE Notify ended 2025-03-31). */
export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const notice = useNotice();
  const settingsQuery = useNotificationSettings();
  const updateMutation = useUpdateNotificationSettings();
  useRetrievalNotice(settingsQuery.isError, 'notification_settings');
  const settings = settingsQuery.data;

  async function handleChange(name: keyof NotificationSettingsInput, checked: boolean) {
    if (!settings) return;
    try {
      await updateMutation.mutateAsync({
        web: settings.web,
        sound: settings.sound,
        line: settings.line,
        [name]: checked,
      });
      notice.success('profile.notifications.saved');
    } catch (error) {
      notice.error(error, 'common.error.update');
      return;
    }
    if (name === 'web') await syncPushDevice(checked);
  }

  /** Web notifications on: this browser also gets pushes while no page is open, where it can. */
  async function syncPushDevice(isOn: boolean) {
    try {
      if (!isOn) await unregisterPushDevice();
      else if (!(await registerPushDevice())) notice.info('profile.notifications.pushUnavailable');
    } catch {
      notice.info('profile.notifications.pushUnavailable');
    }
  }

  if (settingsQuery.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!settings) {
    return (
      <p className="inline-error" role="alert">
        {t('notices.retrieve.notification_settings')}
      </p>
    );
  }

  return (
    <div className="notification-settings" data-testid="notification-settings">
      {SWITCHES.map(({ name, label, hint }) => (
        <div key={name} className="notification-settings__row">
          <div className="notification-settings__text">
            <strong id={`notification-${name}`}>{t(label)}</strong>
            <span className="muted-text">{t(hint)}</span>
          </div>
          <Switch
            checked={settings[name]}
            loading={updateMutation.isPending && updateMutation.variables[name] !== settings[name]}
            onChange={(checked) => void handleChange(name, checked)}
            aria-labelledby={`notification-${name}`}
            data-testid={`notification-switch-${name}`}
          />
        </div>
      ))}
      {needsHomeScreenForPush() && (
        <section className="info-box" aria-labelledby="home-screen-title" data-testid="home-screen-hint">
          <h3 id="home-screen-title" className="info-box__title">
            <MobileOutlined /> {t('profile.notifications.homeScreenTitle')}
          </h3>
          <p>{t('profile.notifications.homeScreenText')}</p>
        </section>
      )}
      <section className="info-box" aria-labelledby="line-alerts-title">
        <h3 id="line-alerts-title" className="info-box__title">
          <InfoCircleFilled /> {t('profile.notifications.lineNotifyTitle')}
        </h3>
        <p>{t('profile.notifications.lineNotifyText')}</p>
        <LineLink isLinked={settings.lineLinked} />
      </section>
    </div>
  );
}
