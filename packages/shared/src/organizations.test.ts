import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, isCurrencyCode } from './currencies.ts';
import { organizationFormSchema, organizationMessages } from './organizations.ts';

const fields = {
  organizationName: 'Acme',
  organizationEmail: 'finance@acme.example',
  organizationPhoneNumber: '555 123 4567',
};
const parse = (extra: Record<string, unknown>) => organizationFormSchema.safeParse({ ...fields, ...extra });
const firstIssue = (extra: Record<string, unknown>) => {
  const result = parse(extra);
  return result.success ? undefined : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path };
};

describe('the organization form’s base currency', () => {
  it('accepts an ISO 4217 code, read in capitals, and leaves an absent or empty one to the server', () => {
    expect(parse({ baseCurrency: 'EUR' }).data?.baseCurrency).toBe('EUR');
    expect(parse({ baseCurrency: ' gbp ' }).data?.baseCurrency).toBe('GBP');
    expect(parse({}).data?.baseCurrency).toBeUndefined();
    expect(parse({ baseCurrency: '' }).data?.baseCurrency).toBeUndefined();
  });

  it.each([['XYZ'], ['US'], ['EURO'], ['HRK'], ['XAU'], [840]])('refuses %s with its message', (baseCurrency) => {
    expect(firstIssue({ baseCurrency })).toEqual({
      message: organizationMessages.baseCurrencyInvalid,
      path: ['baseCurrency'],
    });
  });
});

describe('the organization form’s fiscal year start month', () => {
  it('accepts 1 to 12 as numbers or digits, and empty or null for the period table', () => {
    expect(parse({ fiscalYearStartMonth: '4' }).data?.fiscalYearStartMonth).toBe(4);
    expect(parse({ fiscalYearStartMonth: 12 }).data?.fiscalYearStartMonth).toBe(12);
    expect(parse({ fiscalYearStartMonth: '' }).data?.fiscalYearStartMonth).toBeNull();
    expect(parse({ fiscalYearStartMonth: null }).data?.fiscalYearStartMonth).toBeNull();
    expect(parse({}).data?.fiscalYearStartMonth).toBeUndefined();
  });

  it.each([['0'], ['13'], ['4.5'], [4.5], ['April'], [true]])('refuses %s with its message', (fiscalYearStartMonth) => {
    expect(firstIssue({ fiscalYearStartMonth })).toEqual({
      message: organizationMessages.fiscalYearStartMonthInvalid,
      path: ['fiscalYearStartMonth'],
    });
  });
});

describe('the currency list', () => {
  it('holds three-capital-letter codes, sorted and once each', () => {
    expect(CURRENCY_CODES.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect([...CURRENCY_CODES].sort()).toEqual([...CURRENCY_CODES]);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(['USD', 'EUR', 'GBP', 'JPY', 'XCG', 'ZWG'].every(isCurrencyCode)).toBe(true);
    // Withdrawn, replaced or not a currency: not a ledger's base currency.
    expect(['HRK', 'SLL', 'ZWL', 'ANG', 'XDR', 'CLF', 'usd'].some(isCurrencyCode)).toBe(false);
  });
});
