import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChatAnswer } from '@finboard/shared/chat';
import { echarts } from '../../../components/echarts';

/** The answer's line (time series) or bar (categories) chart; KPI answers are cards, not charts. */
export function AnswerChart({ answer }: { answer: ChatAnswer }) {
  const { chart, columns, result } = answer;
  if ((chart.type !== 'line' && chart.type !== 'bar') || !chart.x || result.length === 0) return null;
  const x = chart.x;
  const series = chart.y
    .map((name) => columns.find((column) => column.name === name))
    .filter((column) => column !== undefined)
    .map((column) => ({
      name: column.label,
      type: chart.type as 'line' | 'bar',
      data: result.map((row) => row[column.name] ?? null),
    }));
  const option = {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 80, right: 24, top: 36, bottom: 60 },
    xAxis: { type: 'category' as const, data: result.map((row) => String(row[x] ?? '')), axisLabel: { rotate: 30 } },
    yAxis: { type: 'value' as const },
    series,
  };
  return (
    <div
      role="img"
      aria-label={`${chart.type === 'line' ? 'Line' : 'Bar'} chart of ${series.map((s) => s.name).join(', ')}`}
    >
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 280, width: '100%' }} />
    </div>
  );
}
