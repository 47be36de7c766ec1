import { formatValue } from '@finboard/shared/report-format';
import { sparklinePoints } from '../portfolio-params';

/**
 * Twelve months of revenue (blue) and net income (green) as a tiny inline SVG. The app's charts are ECharts, but a
 * canvas chart per table row (up to 100 on a page) costs far more than a polyline and shows nothing more here.
 */
export function Sparkline(props: {
  points: readonly { period: string; revenue: number; netIncome: number }[];
  currency: string;
}) {
  const { points, currency } = props;
  if (points.length === 0) return <span aria-label="No figures">—</span>;
  const width = 96;
  const height = 28;
  // Both lines on one scale, so net income reads against revenue.
  const all = points.flatMap((point) => [point.revenue, point.netIncome]);
  const range = { low: Math.min(...all), high: Math.max(...all) };
  const scaled = (values: number[]) => sparklinePoints(values, width, height, range);
  const first = points[0]!;
  const last = points.at(-1)!;
  const label =
    `Revenue and net income, ${first.period} to ${last.period}: revenue ${formatValue(last.revenue, 'amount')} ` +
    `${currency}, net income ${formatValue(last.netIncome, 'amount')} ${currency} in ${last.period}`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <title>{label}</title>
      <polyline points={scaled(points.map((point) => point.revenue))} fill="none" stroke="#1677ff" strokeWidth={1.5} />
      <polyline
        points={scaled(points.map((point) => point.netIncome))}
        fill="none"
        stroke="#52c41a"
        strokeWidth={1.5}
      />
    </svg>
  );
}
