import type { EChartsOption } from 'echarts';
import type { PackDocumentPage, PackKpi } from '@finboard/shared/report-packs';
import { formatKpi, formatValue } from '@finboard/shared/report-format';

type ChartPage = Extract<PackDocumentPage, { kind: 'chart' }>;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#f59e0b', '#7c3aed', '#0891b2'];

/** A chart page as the PDF draws it: its series over the twelve months, bars and lines on one axis. */
export function packChartOption(page: Pick<ChartPage, 'categories' | 'series'>, colour: string): EChartsOption {
  return {
    color: [colour, ...PALETTE],
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatValue(Number(value), 'amount') },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: page.categories },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => compact.format(value) } },
    series: page.series.map((series) => ({ name: series.label, type: series.type, data: series.values })),
  };
}

/** Whether a KPI's latest change is good news: a rise of what should rise, a fall of a cost; none is neutral. */
export const isGoodNews = (kpi: Pick<PackKpi, 'change' | 'higherIsBetter'>) =>
  kpi.change === null || kpi.change === 0 || kpi.change > 0 === kpi.higherIsBetter;

/** A KPI card's sparkline: the twelve months ending with the period, no axes, green or red by the last change. */
export function sparklineOption(kpi: Pick<PackKpi, 'spark' | 'unit' | 'change' | 'higherIsBetter'>, periods: string[]) {
  const colour = isGoodNews(kpi) ? '#16a34a' : '#dc2626';
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 4, bottom: 4 },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatKpi(Number(value), kpi.unit) },
    xAxis: { type: 'category', show: false, data: periods.slice(-kpi.spark.length) },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      {
        type: 'line',
        data: kpi.spark,
        symbol: 'none',
        connectNulls: false,
        lineStyle: { width: 2, color: colour },
        areaStyle: { opacity: 0.12, color: colour },
      },
    ],
  } satisfies EChartsOption;
}
