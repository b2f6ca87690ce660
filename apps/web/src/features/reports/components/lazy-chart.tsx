import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

export type ChartSeries = { name: string; data: number[]; colour?: string; dashed?: boolean };

export type ChartProps = {
  kind: 'line' | 'bar' | 'hbar' | 'donut';
  /** What the chart shows, for screen readers. */
  label: string;
  categories: string[];
  series: ChartSeries[];
  /** Donut slice colours, by category. */
  colours?: string[];
  height?: number;
};

const Chart = lazy(() => import('./chart'));

/** A line, bar or donut chart; ECharts loads with the first chart shown. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active className="report-chart__loading" />}>
      <Chart {...props} />
    </Suspense>
  );
}
