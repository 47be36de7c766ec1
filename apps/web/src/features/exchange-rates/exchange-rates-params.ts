import { exchangeRatesQuerySchema } from '@finboard/shared/exchange-rates';
import { listStateFromUrl, urlOfListState } from '../../lib/url-list-state';
import type { RatesQuery } from './api/exchange-rates';

/** The rates table's filters and page live in the URL, so a filtered page can be reloaded and shared. */
const KEYS = ['from', 'to', 'period', 'page', 'pageSize'] as const;

/** Reads the list state from the URL; a malformed parameter falls back to its default instead of failing. */
export const ratesStateFromParams = (params: URLSearchParams): RatesQuery =>
  listStateFromUrl(exchangeRatesQuerySchema, KEYS, params);

/** The URL parameters of a list state, defaults left out so a plain /exchange-rates stays plain. */
export const paramsFromRatesState = (state: Partial<RatesQuery>): URLSearchParams =>
  urlOfListState(exchangeRatesQuerySchema, KEYS, state);

/**
 * A rate as it is stored, written out in full: JavaScript writes 0.00000012 as "1.2e-7", which a finance user
 * neither reads nor may type back. Rates have at most 10 decimals, so those 10 are exact.
 */
export function formatRate(rate: number): string {
  const plain = String(rate);
  if (!/e/i.test(plain)) return plain;
  return rate.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
}
