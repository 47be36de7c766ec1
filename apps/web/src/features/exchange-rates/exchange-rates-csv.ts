import { EXCHANGE_RATE_CSV_HEADER } from '@finboard/shared/exchange-rates';

/** A file to start from: the header and two lines, as the import reads them. */
export const SAMPLE_RATES_CSV = [
  EXCHANGE_RATE_CSV_HEADER.join(','),
  '2026-01,EUR,USD,1.0845,1.0912',
  '2026-01,GBP,USD,1.2634,1.2701',
].join('\r\n');

/** '2026-01' for the month before `today`'s: the month whose rates one usually enters. */
export function lastMonth(today = new Date()): string {
  const month = today.getUTCFullYear() * 12 + today.getUTCMonth() - 1;
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
}
