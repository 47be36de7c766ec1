import { describe, expect, it } from 'vitest';
import { formatRate, paramsFromRatesState, ratesStateFromParams } from './exchange-rates-params';

describe('the exchange rates list in the URL', () => {
  it('reads its filters and page, and drops a malformed one instead of failing', () => {
    expect(ratesStateFromParams(new URLSearchParams('from=EUR&to=USD&period=2026-01&page=2'))).toEqual({
      from: 'EUR',
      to: 'USD',
      period: '2026-01',
      page: 2,
      pageSize: 100,
    });
    expect(ratesStateFromParams(new URLSearchParams('from=EURO&period=2026-13&page=0'))).toEqual({
      page: 1,
      pageSize: 100,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(paramsFromRatesState({ from: 'GBP', page: 1, pageSize: 100 }).toString()).toBe('from=GBP');
    expect(paramsFromRatesState({ period: '2026-02', page: 3 }).toString()).toBe('period=2026-02&page=3');
  });
});

describe('a rate on the page', () => {
  it('is written out in full, never in exponent notation', () => {
    expect(formatRate(1.0845)).toBe('1.0845');
    expect(formatRate(0.0000012345)).toBe('0.0000012345');
    expect(formatRate(0.00000012)).toBe('0.00000012');
    expect(formatRate(1e-10)).toBe('0.0000000001');
    expect(formatRate(160.1234567891)).toBe('160.1234567891');
    expect(formatRate(999_999_999)).toBe('999999999');
  });
});
