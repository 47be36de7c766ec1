import { and, between, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema.ts';

/** Every stored rate between two of `currencies` for the periods from `fromPeriod` to `toPeriod` (both included). */
export async function readRates(
  executor: Executor,
  currencies: readonly string[],
  fromPeriod: string,
  toPeriod: string,
): Promise<{ period: string; from: string; to: string; average: number; closing: number }[]> {
  if (currencies.length < 2) return [];
  const rows = await executor
    .select()
    .from(exchangeRates)
    .where(
      and(
        inArray(exchangeRates.fromCurrency, [...currencies]),
        inArray(exchangeRates.toCurrency, [...currencies]),
        between(exchangeRates.period, fromPeriod, toPeriod),
      ),
    );
  return rows.map((row) => ({
    period: row.period,
    from: row.fromCurrency,
    to: row.toCurrency,
    average: Number(row.average),
    closing: Number(row.closing),
  }));
}
