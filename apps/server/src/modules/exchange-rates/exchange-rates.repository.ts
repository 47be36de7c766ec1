import { and, asc, between, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExchangeRate, ExchangeRateInput } from '@finboard/shared/exchange-rates';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema.ts';

/** Every stored rate between two of `currencies` for the periods from `fromPeriod` to `toPeriod` (both included). */
async function readRates(
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

export type ExchangeRatesRepository = ReturnType<typeof exchangeRatesRepository>;

/** The platform's exchange rates table. */
export function exchangeRatesRepository(db: Executor) {
  return {
    /** Every stored rate between two of `currencies` for the periods from `fromPeriod` to `toPeriod`. */
    ratesFor: (currencies: readonly string[], fromPeriod: string, toPeriod: string) =>
      readRates(db, currencies, fromPeriod, toPeriod),
    async list(filter: { from?: string; to?: string; period?: string }, page: { limit: number; offset: number }) {
      const parts: SQL[] = [];
      if (filter.from) parts.push(eq(exchangeRates.fromCurrency, filter.from));
      if (filter.to) parts.push(eq(exchangeRates.toCurrency, filter.to));
      if (filter.period) parts.push(eq(exchangeRates.period, filter.period));
      const where = parts.length ? and(...parts) : undefined;
      const [total] = await db.select({ value: count() }).from(exchangeRates).where(where);
      const rows = await db
        .select()
        .from(exchangeRates)
        .where(where)
        .orderBy(desc(exchangeRates.period), asc(exchangeRates.fromCurrency), asc(exchangeRates.toCurrency))
        .limit(page.limit)
        .offset(page.offset);
      return {
        total: Number(total?.value ?? 0),
        rates: rows.map((row): ExchangeRate => ({
          period: row.period,
          from: row.fromCurrency,
          to: row.toCurrency,
          average: Number(row.average),
          closing: Number(row.closing),
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
    /** Inserts or replaces each rate of its period and pair. */
    async upsert(rates: readonly ExchangeRateInput[], updatedById: string) {
      for (let start = 0; start < rates.length; start += 1000)
        await db
          .insert(exchangeRates)
          .values(
            rates.slice(start, start + 1000).map((rate) => ({
              period: rate.period,
              fromCurrency: rate.from,
              toCurrency: rate.to,
              average: String(rate.average),
              closing: String(rate.closing),
              updatedById,
            })),
          )
          .onConflictDoUpdate({
            target: [exchangeRates.fromCurrency, exchangeRates.toCurrency, exchangeRates.period],
            set: {
              average: sql`excluded.average`,
              closing: sql`excluded.closing`,
              updatedById: sql`excluded.updated_by_id`,
              updatedAt: sql`now()`,
            },
          });
    },
    async delete(rate: { from: string; to: string; period: string }) {
      const rows = await db
        .delete(exchangeRates)
        .where(
          and(
            eq(exchangeRates.fromCurrency, rate.from),
            eq(exchangeRates.toCurrency, rate.to),
            eq(exchangeRates.period, rate.period),
          ),
        )
        .returning({ period: exchangeRates.period, average: exchangeRates.average, closing: exchangeRates.closing });
      return rows[0];
    },
  };
}
