import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartProps } from './chart-props';

const Chart = lazy(() => import('./chart'));

/** A line, bar or donut chart; ECharts loads with the first chart shown. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active className="report-chart__loading" />}>
      <Chart {...props} />
    </Suspense>
  );
}
