import { Avatar, Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Page, TimeOffRequest } from '@sabai/contracts';
import { ListTable } from '../../../components/list-table';
import { TimeOffStatusTag } from '../../../components/time-off-status';
import { formatDateTime, formatPeriod } from '../../../lib/format';
import type { ListState } from '../../../lib/list-query';
import type { TimeOffSort } from '../api/get-time-off-requests';

type LeaveRequestTableProps = {
  list: ListState<TimeOffSort>;
  data: Page<TimeOffRequest> | undefined;
  isLoading: boolean;
  isPendingOnly: boolean;
  /** The request being decided, whose buttons wait. */
  decidingId: string | null;
  onApprove: (request: TimeOffRequest) => void;
  onDecline: (request: TimeOffRequest) => void;
};

/** One page of leave requests: who, which team, when, why and what was decided. */
export function LeaveRequestTable({
  list,
  data,
  isLoading,
  isPendingOnly,
  decidingId,
  onApprove,
  onDecline,
}: LeaveRequestTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<TimeOffRequest> = [
    {
      key: 'member',
      title: t('timeOff.columns.member'),
      render: (_, request) => (
        <span className="user-cell">
          <Avatar size={28} alt="" src={request.user.profilePath ?? undefined}>
            {request.user.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="leave-member">
            <strong>{request.user.displayName}</strong>
            <span className="muted-text">{request.user.email}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'team',
      title: t('timeOff.columns.team'),
      render: (_, request) => request.team?.name ?? <span className="muted-text">{t('timeOff.noTeam')}</span>,
    },
    {
      ...list.sortable('startsAt'),
      title: t('timeOff.columns.period'),
      render: (_, request) => (
        <span className="nowrap">{formatPeriod(request.startsAt, request.endsAt)}</span>
      ),
    },
    {
      key: 'reason',
      title: t('timeOff.columns.reason'),
      render: (_, request) => request.reason || <span className="muted-text">{t('timeOff.noReason')}</span>,
    },
    {
      ...list.sortable('createdAt'),
      title: t('timeOff.columns.createdAt'),
      render: (_, request) => formatDateTime(request.createdAt),
    },
    {
      key: 'status',
      title: t('timeOff.columns.status'),
      render: (_, request) => (
        <span className="leave-status">
          <TimeOffStatusTag status={request.status} />
          {request.decidedBy && (
            <span className="muted-text">
              {t('timeOff.decidedBy', { name: request.decidedBy.displayName })}
            </span>
          )}
        </span>
      ),
    },
  ];

  // Approve and decline only where a request waits for this user (a list of decided ones has none).
  if (data?.items.some((request) => request.canDecide)) {
    columns.push({
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      render: (_, request) =>
        request.canDecide && (
          <Space size={8}>
            <Button
              type="primary"
              size="small"
              icon={<CheckOutlined aria-hidden />}
              loading={decidingId === request.id}
              onClick={() => onApprove(request)}
            >
              {t('timeOff.approve')}
            </Button>
            <Button
              danger
              size="small"
              icon={<CloseOutlined aria-hidden />}
              disabled={decidingId === request.id}
              onClick={() => onDecline(request)}
            >
              {t('timeOff.decline')}
            </Button>
          </Space>
        ),
    });
  }

  return (
    <ListTable<TimeOffRequest, TimeOffSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      empty={{ text: t(isPendingOnly ? 'timeOff.emptyPending' : 'timeOff.empty') }}
      scrollX={1100}
      testId="leave-request-table"
    />
  );
}
