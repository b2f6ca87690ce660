import { Card, Empty, Skeleton, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PerformanceReport, ReportKind, ReportRow } from '@sabai/contracts';
import type { MetricKey } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { useRetrievalNotice, type RetrievalResource } from '../../../lib/notices';
import { RetryNotice } from '../../../components/retry-notice';
import { exportReport, usePerformanceReport } from '../api/reports';
import { formatChange, formatFigure } from '../utils/format-figure';
import { ExportButton } from './export-button';
import { changeTone, FIGURES, figureKey, FigureTiles } from './figure-tiles';
import { LazyChart } from './lazy-chart';
import { ReportControls } from './report-controls';
import { useReportControls } from './use-report-controls';
import '../reports.css';
import { personName } from '../../../lib/format';

const TITLES: Record<ReportKind, TranslationKey> = {
  channel: 'reports.title.channel',
  team: 'reports.title.team',
  agent: 'reports.title.agent',
};
const NAME_COLUMNS: Record<ReportKind, TranslationKey> = {
  channel: 'reports.column.channel',
  team: 'reports.column.team',
  agent: 'reports.column.agent',
};
// Notices for a failed load: team performance, agent average; the channel report lists channel issues.
const FAILURES: Record<ReportKind, RetrievalResource> = {
  channel: 'channel_issues',
  team: 'team_performance',
  agent: 'agent_average',
};

const TABLE_FIGURES = FIGURES.filter((f) => f.key !== 'issues');

function useColumns(kind: ReportKind, businessHours: boolean): TableColumnsType<ReportRow> {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const figureColumn = (label: TranslationKey, key: MetricKey) => ({
    key,
    title: t(label),
    align: 'right' as const,
    sorter: (a: ReportRow, b: ReportRow) => (a.current[key] ?? -Infinity) - (b.current[key] ?? -Infinity),
    render: (_: unknown, row: ReportRow) => {
      const change = row.change?.[key] ?? null;
      const before = row.previous ? formatFigure(key, row.previous[key], t, language) : null;
      return (
        <span
          className="report-cell"
          title={before ? t('reports.column.previous', { name: before }) : undefined}
        >
          <span>{formatFigure(key, row.current[key], t, language)}</span>
          {row.change && (
            <span
              className={`figure-change figure-change--${changeTone(key, change)}`}
              aria-label={t('reports.column.change', { name: t(label) })}
            >
              {formatChange(change, language)}
            </span>
          )}
        </span>
      );
    },
  });
  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'name',
      title: t(NAME_COLUMNS[kind]),
      fixed: 'left',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, row) =>
        row.name
          ? personName(t, row.name, row.deleted)
          : t(kind === 'team' ? 'reports.noTeam' : 'reports.unassigned'),
    },
    { ...figureColumn('reports.metric.issues', 'issues'), defaultSortOrder: 'descend' },
    figureColumn('reports.metric.resolved', 'resolved'),
    figureColumn('reports.metric.closed', 'closed'),
    ...TABLE_FIGURES.map((f) => figureColumn(f.label, figureKey(f, businessHours))),
  ];
  if (kind === 'team') {
    columns.push({
      key: 'topMembers',
      title: t('reports.column.topMembers'),
      render: (_, row) =>
        row.topMembers?.length ? (
          <ol className="top-members" data-testid="top-members">
            {row.topMembers.map((m) => (
              <li key={m.id}>
                {personName(t, m.name, m.deleted)}{' '}
                <span className="top-members__line">{t('reports.memberLine', { count: m.resolved })}</span>
              </li>
            ))}
          </ol>
        ) : (
          '–'
        ),
    });
  }
  return columns;
}

function ReportBody({
  kind,
  report,
  businessHours,
}: {
  kind: ReportKind;
  report: PerformanceReport;
  businessHours: boolean;
}) {
  const { t } = useTranslation();
  const columns = useColumns(kind, businessHours);
  const { i18n } = useTranslation();
  const totalCell = (key: string) =>
    key in report.total.current
      ? formatFigure(key as MetricKey, report.total.current[key as MetricKey], t, i18n.language)
      : null;
  const charted = report.rows.filter((r) => r.current.issues + r.current.resolved > 0).slice(0, 15);
  return (
    <>
      <Card title={t('reports.overall')} className="page__card" data-testid="overall-card">
        <FigureTiles figures={report.total} businessHours={businessHours} />
      </Card>
      <Card title={t(TITLES[kind])} className="page__card" data-testid="report-chart-card">
        {charted.length === 0 ? (
          <Empty description={t('reports.empty')} data-testid="report-empty" />
        ) : (
          <LazyChart
            kind="bar"
            label={t(TITLES[kind])}
            categories={charted.map((r) => r.name)}
            series={[
              {
                name: t('reports.metric.issues'),
                data: charted.map((r) => r.current.issues),
                colour: '#1677ff',
              },
              {
                name: t('reports.metric.resolved'),
                data: charted.map((r) => r.current.resolved),
                colour: '#52c41a',
              },
            ]}
          />
        )}
      </Card>
      <Card className="page__card">
        <Table<ReportRow>
          data-testid="report-table"
          rowKey={(row) => row.id ?? ''}
          columns={columns}
          dataSource={report.rows}
          pagination={report.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
          summary={() =>
            report.rows.length > 1 ? (
              <Table.Summary.Row className="report-total" data-testid="report-total">
                <Table.Summary.Cell index={0}>{t('reports.column.total')}</Table.Summary.Cell>
                {columns.slice(1).map((column, i) => (
                  <Table.Summary.Cell key={String(column.key)} index={i + 1} align="right">
                    {totalCell(String(column.key))}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </>
  );
}

/** A performance report (/report/*-performance and the mobile twins). */
export function PerformancePage({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const state = useReportControls();
  const query = usePerformanceReport(kind, state.query);
  useRetrievalNotice(query.isError, FAILURES[kind]);
  return (
    <div className="page report-page" data-testid={`${kind}-performance-page`}>
      <div className="report-page__head">
        <Typography.Title level={1} className="page__title">
          {t(TITLES[kind])}
        </Typography.Title>
        <ExportButton
          fetchFile={(format, lang) => exportReport(kind, state.query, format, lang)}
          fileName={(format) => `${kind}-performance-${state.period.from}-${state.period.to}.${format}`}
        />
      </div>
      <ReportControls
        value={state.controls}
        onChange={state.setControls}
        period={state.period}
        compare={state.compare}
        options={query.data?.options}
        showChannel={kind !== 'channel'}
        showTeam={kind !== 'team'}
      />
      {query.isLoading ? (
        <Card className="page__card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : query.data ? (
        <ReportBody kind={kind} report={query.data} businessHours={state.controls.businessHours} />
      ) : (
        <Card className="page__card">
          <RetryNotice onRetry={() => void query.refetch()} />
        </Card>
      )}
    </div>
  );
}
