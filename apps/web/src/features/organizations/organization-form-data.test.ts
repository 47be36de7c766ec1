import { describe, expect, it } from 'vitest';
import type { Organization } from '@finboard/shared/organizations';
import {
  CURRENCY_OPTIONS,
  currencyLabel,
  FISCAL_YEAR_START_OPTIONS,
  fiscalYearStartLabel,
  initialFormValues,
  organizationFormData,
} from './organization-form-data';

const values = {
  organizationName: '  Acme Corp ',
  organizationEmail: 'info@acme.com',
  organizationPhoneNumber: '(555) 123-4567',
  organizationAddress: '',
  organizationDescription: 'Widgets',
  powerbiEmail: '',
  baseCurrency: 'EUR',
  fiscalYearStartMonth: '4',
};

describe('organizationFormData', () => {
  it('sends every text field under the spec names, trimmed, empty ones as empty strings', () => {
    const body = organizationFormData(values);
    expect(Object.fromEntries([...body.entries()])).toEqual({
      organizationName: 'Acme Corp',
      organizationEmail: 'info@acme.com',
      organizationPhoneNumber: '(555) 123-4567',
      organizationAddress: '',
      organizationDescription: 'Widgets',
      powerbiEmail: '',
      baseCurrency: 'EUR',
      fiscalYearStartMonth: '4',
    });
  });

  it('sends "From the period table" as an empty fiscalYearStartMonth', () => {
    expect(organizationFormData({ ...values, fiscalYearStartMonth: '' }).get('fiscalYearStartMonth')).toBe('');
  });

  it('adds the chosen logo as the `logo` file part', async () => {
    const body = organizationFormData(values, { file: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) });
    const logo = body.get('logo');
    expect(logo).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (logo as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(body.has('removeLogo')).toBe(false);
  });

  it('asks to remove the logo only when no new one is chosen', () => {
    expect(organizationFormData(values, { remove: true }).get('removeLogo')).toBe('true');
    const both = organizationFormData(values, { remove: true, file: new Blob(['x']) });
    expect(both.has('removeLogo')).toBe(false);
  });
});

describe('initialFormValues', () => {
  it('is empty for a new organization, in US dollars with the fiscal year from the period table', () => {
    const { baseCurrency, fiscalYearStartMonth, ...rest } = initialFormValues();
    expect(Object.values(rest).every((value) => value === '')).toBe(true);
    expect([baseCurrency, fiscalYearStartMonth]).toEqual(['USD', '']);
  });

  it('holds the organization’s currency and fiscal year start month as the selects’ values', () => {
    const organization = { name: 'Acme', baseCurrency: 'GBP', fiscalYearStartMonth: 10 } as Organization;
    expect(initialFormValues(organization)).toMatchObject({ baseCurrency: 'GBP', fiscalYearStartMonth: '10' });
    expect(initialFormValues({ ...organization, fiscalYearStartMonth: null })).toMatchObject({
      fiscalYearStartMonth: '',
    });
  });
});

describe('the currency and fiscal year choices', () => {
  it('offers each ISO 4217 code with its English name, USD and EUR among them', () => {
    expect(CURRENCY_OPTIONS).toContainEqual({ value: 'USD', label: 'USD — US Dollar' });
    expect(CURRENCY_OPTIONS).toContainEqual({ value: 'EUR', label: 'EUR — Euro' });
    expect(new Set(CURRENCY_OPTIONS.map((option) => option.value)).size).toBe(CURRENCY_OPTIONS.length);
    expect(currencyLabel('QQQ')).toBe('QQQ');
  });

  it('offers the period table first, then the months from January', () => {
    expect(FISCAL_YEAR_START_OPTIONS).toHaveLength(13);
    expect(FISCAL_YEAR_START_OPTIONS.slice(0, 2)).toEqual([
      { value: '', label: 'From the period table' },
      { value: '1', label: 'January' },
    ]);
    expect(FISCAL_YEAR_START_OPTIONS.at(-1)).toEqual({ value: '12', label: 'December' });
    expect([fiscalYearStartLabel(4), fiscalYearStartLabel(null)]).toEqual(['April', 'From the period table']);
  });
});
