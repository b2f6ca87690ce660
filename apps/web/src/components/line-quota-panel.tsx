import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LineQuota } from '@sabai/contracts';
import { lineQuotaLevel, lineQuotaPercent } from '@sabai/domain';
import { errorKey } from '../lib/i18n';
import { useLineQuota } from '../lib/line-quota';
import { useRetrievalNotice } from '../lib/notices';
import './line-quota-panel.css';

// Thousands separated, Western digits, in both languages (as the reports show figures).
const count = (n: number) => n.toLocaleString('en-US');

/** This month's LINE quota of a channel, with its loading and error states (channel settings, dashboard). */
export function LineQuotaPanel({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const query = useLineQuota(channelId);
  useRetrievalNotice(query.isError, 'line_quota');
  if (query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (!query.data)
    return (
      <div className="retry-notice line-quota__error" role="alert" data-testid="line-quota-error">
        {/* The server's reason (LINE down, a refused token) in the reader's language. */}
        <p>{t(errorKey(query.error, 'notices.retrieve.line_quota'))}</p>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  return <LineQuotaFigures quota={query.data} />;
}

/** Used of limit with a bar (amber from 80 %, red at 100 %), free replies and counted pushes. */
export function LineQuotaFigures({ quota }: { quota: LineQuota }) {
  const { t } = useTranslation();
  const level = lineQuotaLevel(quota.used, quota.limit);
  const percent = lineQuotaPercent(quota.used, quota.limit);
  const isEmpty = quota.used === 0 && quota.replies === 0 && quota.pushes === 0;
  return (
    <div className={`line-quota line-quota--${level}`} data-testid="line-quota" data-level={level}>
      <div className="line-quota__usage">
        <span className="line-quota__label">{t('lineQuota.used')}</span>
        <span className="line-quota__value" data-testid="line-quota-usage">
          {count(quota.used)} / {quota.limit === null ? t('lineQuota.noLimit') : count(quota.limit)}
        </span>
      </div>
      {quota.limit !== null && (
        <div
          className="line-quota__bar"
          role="progressbar"
          aria-label={t('lineQuota.used')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
        >
          <div className="line-quota__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <dl className="line-quota__split">
        <div>
          <dt>{t('lineQuota.replies')}</dt>
          <dd data-testid="line-quota-replies">{count(quota.replies)}</dd>
        </div>
        <div>
          <dt>{t('lineQuota.pushes')}</dt>
          <dd data-testid="line-quota-pushes">{count(quota.pushes)}</dd>
        </div>
      </dl>
      {level === 'warning' && <p className="line-quota__note">{t('lineQuota.warning')}</p>}
      {level === 'reached' && <p className="line-quota__note">{t('lineQuota.reached')}</p>}
      {isEmpty && <p className="line-quota__hint">{t('lineQuota.nothingYet')}</p>}
    </div>
  );
}
