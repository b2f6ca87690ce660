import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRST_RESPONDER_HAND_OVER_REASONS } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import { RetryNotice } from '../../../components/retry-notice';
import { usePermissions } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { useFirstResponderReport } from '../api/first-responder';

/** The period's AI first responder figures: issues it answered, hand-overs by reason, CSAT (scope all). */
export function FirstResponderCard({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation();
  const allowed = isAllowed(usePermissions(), 'dashboard', 'view', ['all']);
  const query = useFirstResponderReport(period, allowed);
  useRetrievalNotice(query.isError, 'first_responder');
  if (!allowed) return null;
  const data = query.data;
  return (
    <Card title={t('reports.firstResponder.title')} className="page__card" data-testid="first-responder-card">
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !data ? (
        <RetryNotice onRetry={() => void query.refetch()} />
      ) : (
        <div className="first-responder-card">
          <dl className="first-responder-card__figures">
            <div>
              <dt>{t('reports.firstResponder.answered')}</dt>
              <dd data-testid="fr-answered">{data.answeredIssues}</dd>
            </div>
            <div>
              <dt>{t('reports.firstResponder.answers')}</dt>
              <dd>{data.aiAnswers}</dd>
            </div>
            <div>
              <dt>{t('reports.firstResponder.handedOver')}</dt>
              <dd data-testid="fr-handed-over">{data.handedOver}</dd>
            </div>
            <div>
              <dt>{t('reports.firstResponder.csat')}</dt>
              <dd>
                {data.csat.percent === null ? t('reports.firstResponder.noCsat') : `${data.csat.percent}%`}
              </dd>
            </div>
          </dl>
          <ul className="first-responder-card__reasons">
            {FIRST_RESPONDER_HAND_OVER_REASONS.map((reason) => (
              <li key={reason}>
                {t(`reports.firstResponder.reasons.${reason}`)}: <strong>{data.handedOverBy[reason]}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
