import { Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@sabai/contracts';
import { ensureReportsTexts } from '../../../lib/i18n';
import { useRetrievalNotice } from '../../../lib/notices';
import { useShellContext } from '../../../lib/shell-context';
import { RetryNotice } from '../../../components/retry-notice';
import { ScreenLinks } from '../../../components/screen-links';
import { useDashboard } from '../api/reports';
import { FigureTiles } from './figure-tiles';
import { LazyChart } from './lazy-chart';
import { ReportControls } from './report-controls';
import { StatusSummary } from './status-summary';
import { useReportControls } from './use-report-controls';
import { WelcomeCard } from './welcome-card';
import '../reports.css';

const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function IssueStatistics({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const hasIssues = data.series.some((p) => p.issues + p.resolved + p.closed > 0);
  if (!hasIssues) return <Empty description={t('reports.empty')} data-testid="statistics-empty" />;
  const series = [
    { name: t('reports.series.issues'), data: data.series.map((p) => p.issues), colour: '#1677ff' },
    { name: t('reports.series.resolved'), data: data.series.map((p) => p.resolved), colour: '#52c41a' },
    { name: t('reports.series.closed'), data: data.series.map((p) => p.closed), colour: '#8c8c8c' },
  ];
  if (data.compareSeries) {
    series.push({
      name: `${t('reports.series.issues')} (${t('reports.compare.previous')})`,
      data: data.compareSeries.map((p) => p.issues),
      colour: '#91caff',
      dashed: true,
    } as (typeof series)[number]);
  }
  return (
    <LazyChart
      kind="line"
      label={t('reports.statistics')}
      categories={data.series.map((p) => shortDay(p.day))}
      series={series}
    />
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
  const { links } = useShellContext();
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
      <WelcomeCard />
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
        <StatusSummary />
      </div>
      <Card title={t('reports.topTags')} className="page__card" data-testid="top-tags-card">
        {body((d) => (
          <TopTags data={d} />
        ))}
      </Card>
      <Card title={t('dashboard.screens')} className="page__card">
        <ScreenLinks screens={links} />
      </Card>
    </div>
  );
}

export { DashboardPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureReportsTexts();
  return null;
}
