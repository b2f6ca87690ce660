import { Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ensureReportsTexts } from '../../../lib/i18n';
import { useRetrievalNotice } from '../../../lib/notices';
import { RetryNotice } from '../../../components/retry-notice';
import { exportCsat, useCsatReport } from '../api/csat';
import { CsatFilterControls } from './csat-filters';
import { CsatRatings } from './csat-ratings';
import { CsatSummaryTiles } from './csat-summary';
import { ExportButton } from './export-button';
import { ReportControls } from './report-controls';
import { useCsatControls } from './use-csat-controls';
import '../reports.css';
import '../csat.css';

/**
 * /report/csat and /mobile/report/csat (agent performance view, all or myTeam, as the API): what customers
 * answered the satisfaction survey in a period — the figures, how many of each star, and
 * each rating with its comment and a link to the chat; filtered by channel, team, agent, rating and comment.
 */
export function CsatPage() {
  const { t } = useTranslation();
  const state = useCsatControls();
  const report = useCsatReport(state.query);
  useRetrievalNotice(report.isError, 'csat_report');
  const first = report.data?.pages[0];
  const ratings = report.data?.pages.flatMap((page) => page.items) ?? [];
  // A filter changed: the previous answer stays on screen, dimmed by the table's spinner, until the new one.
  const isRefreshing = report.isFetching && !report.isFetchingNextPage && report.isPlaceholderData;

  return (
    <div className="page report-page csat-page" data-testid="csat-page">
      <div className="report-page__head">
        <Typography.Title level={1} className="page__title">
          {t('reports.csat.title')}
        </Typography.Title>
        <ExportButton
          fetchFile={(format, lang) => exportCsat(state.query, format, lang)}
          fileName={(format) => `csat-${state.period.from}-${state.period.to}.${format}`}
        />
      </div>
      <ReportControls
        value={state.controls}
        onChange={state.setControls}
        period={state.period}
        compare={null}
        options={first?.options}
        showCompare={false}
        showBusinessHours={false}
      >
        <CsatFilterControls
          value={state.filters}
          onChange={state.setFilters}
          agents={first?.options.agents}
        />
      </ReportControls>
      {report.isLoading ? (
        <Card className="page__card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : first ? (
        <>
          <Card title={t('reports.csat.overview')} className="page__card" data-testid="csat-overview">
            <CsatSummaryTiles summary={first.summary} />
          </Card>
          <Card title={t('reports.csat.list')} className="page__card" data-testid="csat-list">
            <CsatRatings ratings={ratings} isLoading={isRefreshing} />
            <MoreRatings report={report} shown={ratings.length} />
          </Card>
        </>
      ) : (
        <Card className="page__card" data-testid="csat-failure">
          <RetryNotice onRetry={() => void report.refetch()} />
        </Card>
      )}
    </div>
  );
}

/** How many ratings are shown, and the next page's button while there is one. */
function MoreRatings({ report, shown }: { report: ReturnType<typeof useCsatReport>; shown: number }) {
  const { t } = useTranslation();
  if (shown === 0) return null;
  return (
    <div className="csat-more">
      <Typography.Text type="secondary" role="status">
        {t('reports.csat.shown', { count: shown })}
      </Typography.Text>
      {report.hasNextPage && (
        <Button
          onClick={() => void report.fetchNextPage()}
          loading={report.isFetchingNextPage}
          data-testid="csat-load-more"
        >
          {t('reports.csat.loadMore')}
        </Button>
      )}
    </div>
  );
}

export { CsatPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
