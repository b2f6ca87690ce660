import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeOffRequest } from '@sabai/contracts';
import { ListCard, ListFilter, ListSearch } from '../../../components/list-card';
import { TIME_OFF_STATUS_LABELS } from '../../../components/time-off-status';
import { useListParams, useShowLastPage } from '../../../lib/list-query';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useDecideTimeOff } from '../api/decide-time-off';
import type { TimeOffDecision } from '../api/decide-time-off';
import { useTimeOffRequests } from '../api/get-time-off-requests';
import type { TimeOffSort, TimeOffStatus } from '../api/get-time-off-requests';
import { LeaveRequestTable } from './leave-request-table';

// Not imported from @sabai/contracts: a value import would pull zod into the screen's chunk.
const STATUSES: readonly TimeOffStatus[] = ['pending', 'approved', 'declined'];
const SORTS: readonly TimeOffSort[] = ['startsAt', 'createdAt'];

/**
 * The leave requests of the members the user manages (the manager receives team members' leave
 * requests), pending ones first; approving or declining (confirmed) tells the member.
 */
export function LeaveRequests() {
  const { t } = useTranslation();
  const notice = useNotice();
  const list = useListParams<TimeOffSort>(SORTS, 'startsAt');
  const [status, setStatus] = useState<TimeOffStatus | null>('pending');
  const requestsQuery = useTimeOffRequests(list.params, status);
  const decideMutation = useDecideTimeOff();
  const [confirm, confirmHolder] = useConfirm();
  const [decidingId, setDecidingId] = useState<string | null>(null);
  useRetrievalNotice(requestsQuery.isError, 'time_off_requests');
  useShowLastPage(requestsQuery.data, list.setPage);

  async function decide(request: TimeOffRequest, decision: TimeOffDecision) {
    setDecidingId(request.id);
    try {
      await decideMutation.mutateAsync({ id: request.id, decision });
      notice.success(decision === 'approve' ? 'timeOff.approved' : 'timeOff.declined');
    } catch (error) {
      notice.error(error, 'common.error.update');
    } finally {
      setDecidingId(null);
    }
  }

  function handleDecline(request: TimeOffRequest) {
    confirm({
      title: t('timeOff.declineConfirm.title', { name: request.user.displayName }),
      content: t('timeOff.declineConfirm.text'),
      okText: t('timeOff.declineConfirm.ok'),
      onOk: () => decide(request, 'decline'),
    });
  }

  return (
    <>
      {confirmHolder}
      <ListCard
        toolbar={
          <>
            <ListSearch
              value={list.search}
              onChange={list.setSearch}
              label={t('timeOff.search')}
              testId="leave-request-search"
            />
            <ListFilter<TimeOffStatus>
              value={status}
              options={STATUSES.map((value) => ({ value, label: t(TIME_OFF_STATUS_LABELS[value]) }))}
              allLabel={t('timeOff.allStatuses')}
              allPlacement="last"
              label={t('timeOff.columns.status')}
              onChange={(value) => {
                setStatus(value);
                list.setPage(1);
              }}
              testId="leave-request-status"
            />
          </>
        }
        isError={requestsQuery.isError}
        onRetry={() => void requestsQuery.refetch()}
      >
        <LeaveRequestTable
          list={list}
          data={requestsQuery.data}
          isLoading={requestsQuery.isLoading}
          isPendingOnly={status === 'pending'}
          decidingId={decidingId}
          onApprove={(request) => void decide(request, 'approve')}
          onDecline={handleDecline}
        />
      </ListCard>
    </>
  );
}
