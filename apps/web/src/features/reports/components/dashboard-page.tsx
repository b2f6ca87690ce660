import { Card, Empty, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@sabai/contracts';
import { ensureReportsTexts } from '../../../lib/i18n';
import { useRetrievalNotice } from '../../../lib/notices';
import { RetryNotice } from '../../../components/retry-notice';
import { useDashboard } from '../api/reports';
import { FigureTiles } from './figure-tiles';
import { FirstResponderCard } from './first-responder-card';
import { LazyChart } from './lazy-chart';
import { LineQuotaCard } from './line-quota-card';
import { ReportControls } from './report-controls';
import { StatusSummary } from './status-summary';
import { useReportControls } from './use-report-controls';
import { bucketsOf, granularityOf, sumInto, type Granularity } from '../utils/report-series';
import '../reports.css';

/** The label of a chart point: its day (dd/mm), its week's first day, or its month in the reader's language. */
function pointLabel(start: string, granularity: Granularity): string {
  return granularity === 'month'
    ? dayjs(start).format('MMM YYYY')
    : `${start.slice(8, 10)}/${start.slice(5, 7)}`;
}

function IssueStatistics({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const hasIssues = data.series.some((p) => p.issues + p.resolved + p.closed > 0);
  if (!hasIssues) return <Empty description={t('reports.empty')} data-testid="statistics-empty" />;
  const granularity = granularityOf(data.series.length);
  const buckets = bucketsOf(
    data.series.map((p) => p.day),
    granularity,
  );
  const sum = (values: number[]) => sumInto(values, buckets);
  const series = [
    { name: t('reports.series.issues'), data: sum(data.series.map((p) => p.issues)), colour: '#1677ff' },
    { name: t('reports.series.resolved'), data: sum(data.series.map((p) => p.resolved)), colour: '#52c41a' },
    { name: t('reports.series.closed'), data: sum(data.series.map((p) => p.closed)), colour: '#8c8c8c' },
  ];
  if (data.compareSeries) {
    series.push({
      name: `${t('reports.series.issues')} (${t('reports.compare.previous')})`,
      data: sum(data.compareSeries.map((p) => p.issues)),
      colour: '#91caff',
      dashed: true,
    } as (typeof series)[number]);
  }
  return (
    <div data-testid="statistics-chart" data-granularity={granularity}>
      <LazyChart
        kind="line"
        label={t('reports.statistics')}
        categories={buckets.map((b) => pointLabel(b.start, granularity))}
        series={series}
      />
    </div>
  );
}

function TopTags({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  if (data.topTags.length === 0) return <Empty description={t('reports.empty')} />;
  const series = [
    { name: t('reports.series.issues'), data: data.topTags.map((tag) => tag.issues), colour: '#13c2c2' },
  ];
  if (data.compare) {
    series.push({
      name: t('reports.compare.previous'),
      data: data.topTags.map((tag) => tag.previousIssues ?? 0),
      colour: '#bfbfbf',
    });
  }
  return (
    <LazyChart
      kind="hbar"
      label={t('reports.topTags')}
      categories={data.topTags.map((tag) => tag.name)}
      series={series}
      height={Math.max(160, data.topTags.length * 36 + 60)}
    />
  );
}

/**
 * /dashboard and /mobile/dashboard (scope all or myChannel): total issues and overall performance against a
 * compare period, issues over time, issues by status and the most used tags, filtered by channel and team.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const state = useReportControls();
  const query = useDashboard(state.query);
  useRetrievalNotice(query.isError, 'dashboard_statistics');
  const data = query.data;
  const body = (render: (d: Dashboard) => React.ReactNode) =>
    query.isLoading ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : data ? (
      render(data)
    ) : (
      <RetryNotice onRetry={() => void query.refetch()} />
    );

  return (
    <div className="page report-page" data-testid="dashboard-page">
      <Typography.Title level={1} className="page__title">
        {t('dashboard.title')}
      </Typography.Title>
      <ReportControls
        value={state.controls}
        onChange={state.setControls}
        period={state.period}
        compare={state.compare}
        options={data?.options}
      />
      <Card title={t('reports.overall')} className="page__card" data-testid="overall-card">
        {body((d) => (
          <FigureTiles figures={d.figures} businessHours={state.controls.businessHours} />
        ))}
      </Card>
      <div className="report-grid">
        <Card title={t('reports.statistics')} className="page__card" data-testid="statistics-card">
          {body((d) => (
            <IssueStatistics data={d} />
          ))}
        </Card>
        <StatusSummary
          filter={{
            startDate: state.query.from,
            endDate: state.query.to,
            channel: state.query.channel,
            team: state.query.team,
          }}
        />
      </div>
      <Card title={t('reports.topTags')} className="page__card" data-testid="top-tags-card">
        {body((d) => (
          <TopTags data={d} />
        ))}
      </Card>
      <FirstResponderCard period={{ from: state.query.from, to: state.query.to }} />
      <LineQuotaCard />
    </div>
  );
}

export { DashboardPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
