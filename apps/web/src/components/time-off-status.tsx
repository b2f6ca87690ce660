import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimeOffRequest } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';

type TimeOffStatus = TimeOffRequest['status'];

export const TIME_OFF_STATUS_LABELS: Record<TimeOffStatus, TranslationKey> = {
  pending: 'timeOff.statuses.pending',
  approved: 'timeOff.statuses.approved',
  declined: 'timeOff.statuses.declined',
};

const COLOURS: Record<TimeOffStatus, string> = { pending: 'gold', approved: 'green', declined: 'red' };

/** A leave request's status (the workforce texts must be loaded). */
export function TimeOffStatusTag({ status }: { status: TimeOffStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} className="time-off-status">
      {t(TIME_OFF_STATUS_LABELS[status])}
    </Tag>
  );
}
