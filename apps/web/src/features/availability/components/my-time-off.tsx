import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../../components/retry-notice';
import { TimeOffStatusTag } from '../../../components/time-off-status';
import { formatPeriod } from '../../../lib/format';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useMyTimeOff } from '../api/get-my-time-off';
import type { TimeOffRequest } from '../api/get-my-time-off';
import { useWithdrawTimeOff } from '../api/request-time-off';

/** The user's latest leave requests and what the manager decided; pending ones can be withdrawn. */
export function MyTimeOff() {
  const { t } = useTranslation();
  const notice = useNotice();
  const myTimeOffQuery = useMyTimeOff();
  const withdrawMutation = useWithdrawTimeOff();
  const [confirm, confirmHolder] = useConfirm();
  useRetrievalNotice(myTimeOffQuery.isError, 'time_off_requests');
  const requests = myTimeOffQuery.data?.items ?? [];

  function handleWithdraw(request: TimeOffRequest) {
    confirm({
      title: t('timeOff.withdrawConfirm.title'),
      content: t('timeOff.withdrawConfirm.text', { period: formatPeriod(request.startsAt, request.endsAt) }),
      okText: t('timeOff.withdrawConfirm.ok'),
      onOk: async () => {
        try {
          await withdrawMutation.mutateAsync(request.id);
          notice.success('timeOff.withdrawn');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <section className="my-time-off" data-testid="my-time-off">
      {confirmHolder}
      <h3 className="my-time-off__title">{t('timeOff.mine.title')}</h3>
      {myTimeOffQuery.isError ? (
        <RetryNotice onRetry={() => void myTimeOffQuery.refetch()} />
      ) : myTimeOffQuery.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : requests.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeOff.mine.empty')} />
      ) : (
        <ul className="my-time-off__list">
          {requests.map((request) => (
            <li key={request.id} className="my-time-off__item" data-testid="my-time-off-item">
              <div className="my-time-off__main">
                <span className="my-time-off__period">{formatPeriod(request.startsAt, request.endsAt)}</span>
                {request.reason && <span className="muted-text">{request.reason}</span>}
              </div>
              <TimeOffStatusTag status={request.status} />
              {request.status === 'pending' && (
                <Button size="small" type="link" danger onClick={() => handleWithdraw(request)}>
                  {t('timeOff.mine.withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
