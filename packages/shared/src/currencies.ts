/**
 * The currencies an organization's books may be kept in: the active currency codes of ISO 4217 List One
 * (as published by SIX on 2024-06-25), plus XCG (Caribbean guilder, in use since 2025-03-31) in place of the
 * Netherlands Antillean guilder ANG it replaced. Fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW),
 * precious metals, bond-market and SDR units and the test codes are not currencies a ledger is kept in.
 *
 * A list of our own rather than `Intl.supportedValuesOf('currency')`: that list depends on the ICU data of
 * each runtime (browser and server could disagree), still holds withdrawn codes (HRK, SLL, ZWL) and, in Node
 * 20, lacks VED. Update this list when ISO 4217 is amended.
 */
// prettier-ignore
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF',
  'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP',
  'CRC', 'CUC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP',
  'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR',
  'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR',
  'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK',
  'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD',
  'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY',
  'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD',
  'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** An organization's base currency when none is chosen. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const CODES: ReadonlySet<string> = new Set(CURRENCY_CODES);

/** Whether `code` is one of CURRENCY_CODES, exactly as written (three capital letters). */
export const isCurrencyCode = (code: string): code is CurrencyCode => CODES.has(code);
