import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS, type IssueStatus } from '@sabai/domain';

/** A status in its colour (each status has a colour). */
export function StatusTag({ status }: { status: IssueStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} className="status-tag" data-status={status}>
      {t(`issue.status.${status}`)}
    </Tag>
  );
}
