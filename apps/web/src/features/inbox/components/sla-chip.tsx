import { ClockCircleOutlined, ExclamationCircleOutlined, HourglassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { IssueSla } from '@sabai/contracts';
import type { SlaTarget } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { formatMinutes } from '../../../lib/duration';
import { useNow, useWakeUpAt } from '../../../lib/use-now';
import { nextSlaChange, slaCountdown, type SlaCountdown } from '../utils/sla-countdown';
import { fullTime } from '../utils/time';

const TARGETS: Record<SlaTarget, TranslationKey> = {
  firstResponse: 'inbox.sla.target.firstResponse',
  nextResponse: 'inbox.sla.target.nextResponse',
  resolution: 'inbox.sla.target.resolution',
};

const STATES: Record<SlaCountdown['state'], { text: TranslationKey; icon: typeof ClockCircleOutlined }> = {
  ok: { text: 'inbox.sla.state.ok', icon: ClockCircleOutlined },
  warning: { text: 'inbox.sla.state.warning', icon: HourglassOutlined },
  breached: { text: 'inbox.sla.state.breached', icon: ExclamationCircleOutlined },
};

/**
 * The issue's service level clock due first, counting down ("First response · 12 min", "Resolution ·
 * Overdue 4 min"): neutral, amber from 80% of the target, red once due. It moves with the shared clock, so
 * it changes colour on time without a request; the state is also written out for screen readers (and the icon
 * differs), not told by colour alone.
 */
export function SlaChip({ sla }: { sla: IssueSla }) {
  const { t } = useTranslation();
  const now = useNow();
  const { state, minutes } = slaCountdown(sla, now);
  useWakeUpAt(nextSlaChange(sla, now));
  const { text, icon: Icon } = STATES[state];
  const values = { target: t(TARGETS[sla.target]), time: formatMinutes(t, minutes, 2) };
  return (
    <span
      className={`sla-chip sla-chip--${state}`}
      title={t('inbox.sla.due', { time: fullTime(sla.dueAt) })}
      data-testid="sla-chip"
      data-state={state}
      data-target={sla.target}
    >
      <Icon aria-hidden />
      <span className="visually-hidden">{t(text)} </span>
      {t(state === 'breached' ? 'inbox.sla.overdue' : 'inbox.sla.left', values)}
    </span>
  );
}
