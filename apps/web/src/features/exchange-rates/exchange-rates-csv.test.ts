import { describe, expect, it } from 'vitest';
import { EXCHANGE_RATE_CSV_HEADER } from '@finboard/shared/exchange-rates';
import { lastMonth, SAMPLE_RATES_CSV } from './exchange-rates-csv';

describe('the exchange rates page', () => {
  it('offers a sample file that starts with the header the import reads', () => {
    expect(SAMPLE_RATES_CSV.split('\r\n')[0]).toBe(EXCHANGE_RATE_CSV_HEADER.join(','));
  });
  it('proposes last month, across a year end too', () => {
    expect(lastMonth(new Date('2026-11-28T00:00:00Z'))).toBe('2026-10');
    expect(lastMonth(new Date('2026-01-05T00:00:00Z'))).toBe('2025-12');
  });
});
