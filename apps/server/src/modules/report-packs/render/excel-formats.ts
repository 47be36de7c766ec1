import type { FigureDisplay } from '@finboard/shared/report-format';
import type { KpiUnit, ReportValueKind } from '@finboard/shared/reports';

/**
 * Excel number formats that show a stored figure as formatValue and formatKpi write it on the screen and in the
 * PDF, the value itself kept whole: thousands by the format's trailing comma (the cell still holds units), a
 * percentage as points (12.5 shows "12.50%", as the statements API gives it).
 */
export function figureFormat(kind: ReportValueKind, display: FigureDisplay): string {
  if (kind === 'count') return '#,##0';
  const digits = kind === 'amount' && display.thousands ? '#,##0,' : '#,##0.00';
  const shown = kind === 'percent' ? `${digits}"%"` : digits;
  return display.brackets ? `${shown};(${shown})` : `${shown};-${shown}`;
}

const KPI_SUFFIX: Record<KpiUnit, string> = {
  amount: '',
  percent: '"%"',
  ratio: '',
  days: '" days"',
  months: '" months"',
};

/** A KPI's figure in its unit: "126,380.64", "41.50%", "45.20 days", "1.53". */
export const kpiFormat = (unit: KpiUnit) => `#,##0.00${KPI_SUFFIX[unit]};-#,##0.00${KPI_SUFFIX[unit]}`;

/** A KPI's change as formatKpiChange writes it: "+6.92%", "−3.25 pp" (a true minus sign), "0.00%". */
export function kpiChangeFormat(kind: 'percent' | 'points'): string {
  const suffix = kind === 'points' ? '" pp"' : '"%"';
  return `+#,##0.00${suffix};"−"#,##0.00${suffix};0.00${suffix}`;
}
