import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@finboard/shared/reports';
import { DEFAULT_DISPLAY, displayFromSearch, searchWithDisplay, unitsCaption, visibleRows } from './report-display';
import { formatValue } from './report-format';

const brackets = { ...DEFAULT_DISPLAY, brackets: true };
const thousands = { ...DEFAULT_DISPLAY, thousands: true };

describe('formatValue', () => {
  it('writes amounts with two decimals and a minus sign by default, percentages in points', () => {
    expect(formatValue(-1234.5, 'amount')).toBe('-1,234.50');
    expect(formatValue(81.08, 'percent')).toBe('81.08%');
    expect(formatValue(12, 'count')).toBe('12');
    expect(formatValue(null, 'amount')).toBe('');
  });
  it('puts negatives in brackets when asked, amounts and percentages alike', () => {
    expect(formatValue(-1234.5, 'amount', brackets)).toBe('(1,234.50)');
    expect(formatValue(-5.41, 'percent', brackets)).toBe('(5.41%)');
    expect(formatValue(1234.5, 'amount', brackets)).toBe('1,234.50');
  });
  it('writes amounts in whole thousands, never a negative zero; percentages stay as they are', () => {
    expect(formatValue(1_234_567.89, 'amount', thousands)).toBe('1,235');
    expect(formatValue(-12_500, 'amount', { ...thousands, brackets: true })).toBe('(13)');
    expect(formatValue(-400, 'amount', thousands)).toBe('0');
    expect(formatValue(-0.001, 'amount')).toBe('0.00');
    expect(formatValue(42.5, 'percent', thousands)).toBe('42.50%');
  });
});

describe('the display in the URL', () => {
  it('reads and writes units, negatives and zero rows, keeping the other parameters', () => {
    const search = new URLSearchParams('name=P%26L&from=2026-01');
    const next = searchWithDisplay(search, { thousands: true, brackets: true, hideZeroRows: true });
    expect(Object.fromEntries(next)).toEqual({
      name: 'P&L',
      from: '2026-01',
      units: 'thousands',
      negatives: 'brackets',
      zeros: 'hide',
    });
    expect(displayFromSearch(next)).toEqual({ thousands: true, brackets: true, hideZeroRows: true });
    expect(Object.fromEntries(searchWithDisplay(next, DEFAULT_DISPLAY))).toEqual({ name: 'P&L', from: '2026-01' });
    expect(displayFromSearch(new URLSearchParams('units=millions'))).toEqual(DEFAULT_DISPLAY);
  });
  it('names the units in the header', () => {
    expect(unitsCaption('EUR', DEFAULT_DISPLAY)).toBe('EUR');
    expect(unitsCaption('EUR', thousands)).toBe('EUR thousands');
  });
});

describe('visibleRows', () => {
  const row = (key: string, kind: ReportRow['kind'], depth: number, values: ReportRow['values']): ReportRow => ({
    key,
    label: key,
    kind,
    depth,
    values,
  });
  const rows = [
    row('revenue:heading', 'heading', 0, {}),
    row('revenue:subtype:sales', 'subtotal', 1, { total: 0, budget: null }),
    row('revenue:account:4000', 'line', 2, { total: 0, budget: 0 }),
    row('revenue:account:4100', 'line', 2, { total: 0, budget: 10 }),
    row('revenue:total', 'subtotal', 0, { total: 0 }),
    row('result:netIncome', 'total', 0, { total: 0 }),
  ];
  it('hides only account and subtype lines whose every figure is zero or blank', () => {
    expect(visibleRows(rows, { ...DEFAULT_DISPLAY, hideZeroRows: true }).map((r) => r.key)).toEqual([
      'revenue:heading',
      'revenue:account:4100',
      'revenue:total',
      'result:netIncome',
    ]);
    expect(visibleRows(rows, DEFAULT_DISPLAY)).toHaveLength(6);
  });
});
