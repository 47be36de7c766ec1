import type { EChartsOption } from 'echarts';
import type { ReportSeries } from '@finboard/shared/reports';
import { formatAxis, formatValue } from './report-format';

/** How a statement's series are drawn: KPI cards, one chart of its line and bar series, a chart per pie. */
export interface ChartPlan {
  kpis: ReportSeries[];
  /** Line and bar series along the same periods, drawn together (one legend, one axis). */
  trend: ReportSeries[];
  pies: ReportSeries[];
}

export function planCharts(series: ReportSeries[]): ChartPlan {
  return {
    kpis: series.filter((s) => s.chart === 'kpi'),
    trend: series.filter((s) => s.chart === 'line' || s.chart === 'bar'),
    pies: series.filter((s) => s.chart === 'pie'),
  };
}

const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#f59e0b', '#7c3aed', '#0891b2', '#db2777', '#64748b'];

/** The periods (or categories) of all trend series, in first-seen order. */
const categoriesOf = (series: ReportSeries[]) => [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))];

export function trendOption(series: ReportSeries[]): EChartsOption {
  const categories = categoriesOf(series);
  const kind = series[0]?.kind ?? 'amount';
  return {
    color: PALETTE,
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatValue(Number(value), kind) },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatAxis(value) } },
    series: series.map((s) => {
      const byX = new Map(s.points.map((p) => [p.x, p.value]));
      return {
        name: s.label,
        type: s.chart === 'bar' ? 'bar' : 'line',
        data: categories.map((x) => byX.get(x) ?? null),
        cursor: s.points.some((p) => p.drill) ? 'pointer' : 'default',
      };
    }),
  };
}

export function pieOption(series: ReportSeries): EChartsOption {
  return {
    color: PALETTE,
    animation: false,
    tooltip: { trigger: 'item', valueFormatter: (value) => formatValue(Number(value), series.kind) },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        name: series.label,
        type: 'pie',
        radius: ['35%', '65%'],
        top: 0,
        bottom: 32,
        data: series.points.map((p) => ({ name: p.x, value: p.value ?? 0 })),
      },
    ],
  };
}

/** A KPI card's sparkline: the series' points, no axes or labels. */
export function sparklineOption(series: ReportSeries, positive: boolean): EChartsOption {
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 4, bottom: 4 },
    xAxis: { type: 'category', show: false, data: series.points.map((p) => p.x) },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      {
        type: 'line',
        data: series.points.map((p) => p.value),
        symbol: 'none',
        lineStyle: { width: 2, color: positive ? '#16a34a' : '#dc2626' },
        areaStyle: { opacity: 0.12, color: positive ? '#16a34a' : '#dc2626' },
      },
    ],
  };
}
