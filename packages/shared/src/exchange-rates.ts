import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { isCurrencyCode } from './currencies.ts';
import { text } from './validation.ts';

/**
 * Exchange rates: a month's average and closing rate per currency pair, the platform's one table (administrators
 * keep it). A rate is how many `to` one `from` buys (EUR → USD 1.08: one euro buys 1.08 dollars). Consolidation
 * translates income and expenses at each month's average rate and balances at the closing rate (IAS 21); a rate
 * it needs and does not find is named, never assumed.
 */

export const exchangeRateMessages = {
  saved: 'Exchange rates saved',
  fetched: 'Exchange rates fetched successfully',
  imported: 'Exchange rates imported',
  deleted: 'Exchange rate deleted',
  notFound: 'Exchange rate not found',
  periodInvalid: 'The period must be a month written YYYY-MM',
  currencyInvalid: 'Currencies must be ISO 4217 codes, such as USD or EUR',
  sameCurrency: 'A rate converts between two different currencies',
  rateInvalid: 'A rate must be a positive number with at most 10 decimals',
  ratesRequired: 'Send from 1 to 5000 rates',
  duplicateRate: 'Each period and currency pair may appear once',
  fileRequired: 'Choose a CSV file with the header period,from,to,average,closing',
  fileHeaderInvalid: 'The file must start with the header period,from,to,average,closing',
  fileEmpty: 'The file holds no rates',
  fileTooLarge: 'The file may hold at most 5000 rates',
  /** `{line}` and the rule the line breaks: nothing of the file is saved. */
  fileLineInvalid: 'Line {line}: {reason}. Nothing was imported.',
} as const;

export const RATE_PERIOD = /^(?!0000)\d{4}-(0[1-9]|1[0-2])$/;
/** At most 10 decimals (numeric(20,10)) and below 10^9: what the table stores exactly. */
export const MAX_RATE = 999_999_999;

const period = text({ error: exchangeRateMessages.periodInvalid })
  .trim()
  .regex(RATE_PERIOD, exchangeRateMessages.periodInvalid);
const currency = text({ error: exchangeRateMessages.currencyInvalid })
  .trim()
  .refine(isCurrencyCode, exchangeRateMessages.currencyInvalid);

/** Whether `value` is a rate the table keeps as written: positive, finite, ≤ MAX_RATE, at most 10 decimals. */
export const isRate = (value: number): boolean =>
  Number.isFinite(value) && value > 0 && value <= MAX_RATE && Number(value.toFixed(10)) === value;
/** A rate written as text, as a person or a file writes it: digits with a decimal point, never a comma. */
export const RATE_TEXT = /^\d+(\.\d+)?$/;
/** The number `text` writes (spaces around it aside), or NaN: "1,08" must not become 108, nor "" 0. */
export const rateOfText = (text: string): number => {
  const trimmed = text.trim();
  return RATE_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
};
const rate = z.coerce
  .number({ error: exchangeRateMessages.rateInvalid })
  .refine(isRate, exchangeRateMessages.rateInvalid);

export const exchangeRateSchema = z
  .object({ period, from: currency, to: currency, average: rate, closing: rate })
  .refine((value) => value.from !== value.to, { error: exchangeRateMessages.sameCurrency, path: ['to'] });
export type ExchangeRateInput = z.output<typeof exchangeRateSchema>;

/** Body of `PUT /api/v1/exchange-rates`: upserts by (period, from, to). */
export const putExchangeRatesSchema = z.object({
  rates: z
    .array(exchangeRateSchema, { error: exchangeRateMessages.ratesRequired })
    .min(1, exchangeRateMessages.ratesRequired)
    .max(5000, exchangeRateMessages.ratesRequired)
    .refine(
      (rates) => new Set(rates.map((r) => `${r.period}|${r.from}|${r.to}`)).size === rates.length,
      exchangeRateMessages.duplicateRate,
    ),
});
export type PutExchangeRates = z.input<typeof putExchangeRatesSchema>;

/** Path of `DELETE /api/v1/exchange-rates/{from}/{to}/{period}`. */
export const exchangeRateParamsSchema = z.object({ from: currency, to: currency, period });

/** Query of `GET /api/v1/exchange-rates`: every filter optional; newest period first. */
export const exchangeRatesQuerySchema = z.object({
  from: currency.optional(),
  to: currency.optional(),
  period: period.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type ExchangeRatesQuery = z.input<typeof exchangeRatesQuerySchema>;

export const exchangeRateRowSchema = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  average: z.number(),
  closing: z.number(),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateRowSchema>;

export const exchangeRatesSchema = z.object({ rates: z.array(exchangeRateRowSchema), total: z.number().int() });
export const exchangeRatesResponseSchema = apiSuccessSchema(exchangeRatesSchema);
/** `data` of PUT and of the import: how many rates were written. */
export const exchangeRatesSavedResponseSchema = apiSuccessSchema(z.object({ saved: z.number().int() }));

/** The header an import file starts with, exactly (case-insensitive, spaces around names ignored). */
export const EXCHANGE_RATE_CSV_HEADER = ['period', 'from', 'to', 'average', 'closing'] as const;
