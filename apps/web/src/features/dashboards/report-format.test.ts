import { describe, expect, it } from 'vitest';
import { formatKpi, formatKpiChange, formatValue, reportScope } from './report-format';

describe('reportScope', () => {
  it('says a balance sheet is as of its day, and any other statement its range', () => {
    const range = { from: '2026-01', to: '2026-11', asOf: '2026-11-30' };
    expect(reportScope({ ...range, template: 'balance-sheet' })).toBe('As of 30 November 2026');
    expect(reportScope({ ...range, template: 'profit-and-loss' })).toBe('2026-01 to 2026-11');
  });
});

describe('formatValue', () => {
  it('writes a percentage in points and an amount with two decimals', () => {
    expect(formatValue(81.08, 'percent')).toBe('81.08%');
    expect(formatValue(-1234.5, 'amount')).toBe('-1,234.50');
    expect(formatValue(null, 'amount')).toBe('');
  });
});

describe('KPI figures', () => {
  it('writes each unit as a card shows it, amounts in thousands when asked, ratios never', () => {
    const thousands = { thousands: true, brackets: true, hideZeroRows: false };
    expect(formatKpi(12_500, 'amount')).toBe('12,500.00');
    expect(formatKpi(-12_500, 'amount', thousands)).toBe('(13)');
    expect(formatKpi(65, 'percent')).toBe('65.00%');
    expect(formatKpi(1.53, 'ratio', thousands)).toBe('1.53');
    expect(formatKpi(82.6, 'days')).toBe('82.60 days');
    expect(formatKpi(6.32, 'months')).toBe('6.32 months');
    expect(formatKpi(null, 'days')).toBe('—');
  });
  it('writes a change in % of the earlier figure, a percentage’s in points, and none without a base', () => {
    expect(formatKpiChange(33.33, 'percent')).toBe('+33.33%');
    expect(formatKpiChange(-35, 'points')).toBe('−35.00 pp');
    expect(formatKpiChange(0, 'percent')).toBe('0.00%');
    expect(formatKpiChange(null, 'points')).toBeUndefined();
  });
});
