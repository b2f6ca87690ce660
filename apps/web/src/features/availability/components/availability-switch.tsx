import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerReachable } from '../../../lib/live-socket';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useAvailability } from '../api/get-availability';
import { useSetAvailability } from '../api/set-availability';

type AvailabilitySwitchProps = {
  /** In the mobile drawer: a titled row with a hint instead of the header's compact switch. */
  isBlock?: boolean;
};

/**
 * The signed-in user's online/offline switch: auto-assignment
 * hands new issues only to members who are online, on shift and not on time off.
 */
export function AvailabilitySwitch({ isBlock = false }: AvailabilitySwitchProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const availabilityQuery = useAvailability();
  const setMutation = useSetAvailability();
  useRetrievalNotice(availabilityQuery.isError, 'availability');
  const state = availabilityQuery.data;
  // Without the server nobody can be assigned anything: the header must not claim "Online" then.
  const isReachable = useServerReachable();
  const isOnline = state?.availability === 'online' && isReachable;

  async function handleChange(checked: boolean) {
    try {
      await setMutation.mutateAsync(checked ? 'online' : 'offline');
      notice.success(checked ? 'availability.nowOnline' : 'availability.nowOffline');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  // A super admin visiting another organisation is nobody's agent there: no switch to show.
  if (state && !state.isMember) return null;

  // A blank line until the state loads keeps the switch's height, so the header does not move.
  const status = !isReachable
    ? t('availability.disconnected')
    : state
      ? t(isOnline ? 'availability.online' : 'availability.offline')
      : '\u00a0';
  const control = (
    <span className={`availability-switch${isOnline ? ' is-online' : ''}`}>
      <Switch
        size={isBlock ? 'default' : 'small'}
        checked={isOnline}
        loading={availabilityQuery.isLoading || setMutation.isPending}
        disabled={!state || !isReachable}
        onChange={(checked) => void handleChange(checked)}
        aria-label={t('availability.label')}
        data-testid="availability-switch"
      />
      <span className="availability-switch__status" data-testid="availability-status">
        {status}
      </span>
      {state?.isOnTimeOff && (
        <span className="availability-switch__time-off" data-testid="availability-time-off">
          {t('availability.onTimeOff')}
        </span>
      )}
    </span>
  );

  if (!isBlock) return control;
  return (
    <section className="availability-block" aria-label={t('availability.label')}>
      <span className="availability-block__title">{t('availability.label')}</span>
      {control}
      <p className="availability-block__hint">{t('availability.hint')}</p>
    </section>
  );
}
