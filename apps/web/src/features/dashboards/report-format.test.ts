import { describe, expect, it } from 'vitest';
import { formatValue, reportScope } from './report-format';

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
