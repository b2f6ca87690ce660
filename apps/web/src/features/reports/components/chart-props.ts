// What a chart is given: apart from chart.tsx, so that naming it never loads ECharts (lazy-chart.tsx).
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
