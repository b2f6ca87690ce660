// The one module that imports ECharts, loaded lazily (lazy-chart.tsx) so the dashboard's first paint does not
// wait for it. Only the chart types and components used are registered (tree-shaken imports).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartProps } from './chart-props';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

function optionOf(p: ChartProps, fontFamily: string): echarts.EChartsCoreOption {
  const textStyle = { fontFamily };
  const legend = { bottom: 0, textStyle, type: 'scroll' as const };
  const tooltip = { trigger: p.kind === 'donut' ? ('item' as const) : ('axis' as const), textStyle };
  if (p.kind === 'donut') {
    return {
      textStyle,
      tooltip,
      legend,
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: p.categories.map((name, i) => ({
            name,
            value: p.series[0]?.data[i] ?? 0,
            itemStyle: p.colours?.[i] ? { color: p.colours[i] } : undefined,
          })),
        },
      ],
    };
  }
  const horizontal = p.kind === 'hbar';
  const categoryAxis = { type: 'category' as const, data: p.categories, axisLabel: { fontFamily } };
  const valueAxis = { type: 'value' as const, minInterval: 1, axisLabel: { fontFamily } };
  return {
    textStyle,
    tooltip,
    legend,
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series: p.series.map((s) => ({
      name: s.name,
      type: p.kind === 'line' ? 'line' : 'bar',
      data: s.data,
      showSymbol: p.categories.length <= 31,
      lineStyle: s.dashed ? { type: 'dashed' } : undefined,
      itemStyle: s.colour ? { color: s.colour } : undefined,
    })),
  };
}

export default function Chart(props: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = element.current!;
    const instance = echarts.init(el, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // The page's font, so Thai labels render with the same Thai-capable font as the text around them.
    const fontFamily = getComputedStyle(document.body).fontFamily;
    chart.current?.setOption(optionOf(props, fontFamily), { notMerge: true });
  }, [props]);

  return (
    <div
      ref={element}
      className="report-chart"
      style={{ height: props.height ?? 260 }}
      role="img"
      aria-label={props.label}
    />
  );
}
