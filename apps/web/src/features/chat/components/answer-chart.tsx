import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChatAnswer } from '@finboard/shared/chat';
import { echarts } from '../../../components/echarts';
import { bridgeSteps } from '../answer-format';

/**
 * A decomposition's bridge: a waterfall of floating bars (an invisible base under each) from the earlier total
 * through each contributor's change to the later total; rises and falls in their own colours.
 */
function BridgeChart({ answer }: { answer: ChatAnswer }) {
  const { steps, floor } = bridgeSteps(answer);
  if (!steps.length) return null;
  const colour = { total: '#1677ff', up: '#d4380d', down: '#389e0d' } as const;
  const money = (value: number) =>
    value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const option = {
    // Drawn at once: a bridge read (or printed, or captured) mid-animation shows wrong levels.
    animation: false,
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'shadow' as const },
      formatter: (items: { dataIndex: number }[]) => {
        const step = steps[items[0]?.dataIndex ?? 0]!;
        return `${step.label}: ${step.kind === 'total' ? '' : step.change >= 0 ? '+' : '−'}${money(step.kind === 'total' ? step.change : Math.abs(step.change))}`;
      },
    },
    grid: { left: 90, right: 24, top: 24, bottom: 90 },
    xAxis: {
      type: 'category' as const,
      data: steps.map((step) => step.label),
      axisLabel: { rotate: 30, interval: 0, width: 110, overflow: 'truncate' as const },
    },
    yAxis: { type: 'value' as const, min: floor },
    series: [
      // The invisible base each bar floats on (below the axis' floor it is cut off).
      {
        type: 'bar' as const,
        stack: 'bridge',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: steps.map((step) => step.base),
      },
      {
        type: 'bar' as const,
        stack: 'bridge',
        name: 'Change',
        data: steps.map((step) => ({ value: step.value, itemStyle: { color: colour[step.kind] } })),
      },
    ],
  };
  return (
    <div
      role="img"
      aria-label={`Bridge chart from ${steps[0]!.label} to ${steps.at(-1)!.label}`}
      data-testid="chat-bridge"
    >
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 320, width: '100%' }} />
    </div>
  );
}

/** The answer's line (time series), bar (categories) or bridge (a change's contributors) chart; KPI answers are cards. */
export function AnswerChart({ answer }: { answer: ChatAnswer }) {
  const { chart, columns, result } = answer;
  if (chart.type === 'bridge') return <BridgeChart answer={answer} />;
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
