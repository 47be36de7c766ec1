import { CURRENCY_CODES, DEFAULT_CURRENCY } from '@finboard/shared/currencies';
import type { Organization, OrganizationForm } from '@finboard/shared/organizations';

/** The text fields of the Add / Edit Organization form, as the inputs hold them. */
export type OrganizationFormValues = Required<{
  [K in Exclude<keyof OrganizationForm, 'dashboards'>]: string;
}>;

export const TEXT_FIELDS = [
  'organizationName',
  'organizationEmail',
  'organizationPhoneNumber',
  'organizationAddress',
  'organizationDescription',
  'powerbiEmail',
  'baseCurrency',
  'fiscalYearStartMonth',
] as const satisfies readonly (keyof OrganizationFormValues)[];

/** The form's starting values: empty for Add, the organization's for Edit. */
export function initialFormValues(organization?: Omit<Organization, 'dashboards'>): OrganizationFormValues {
  return {
    organizationName: organization?.name ?? '',
    organizationEmail: organization?.email ?? '',
    organizationPhoneNumber: organization?.phone ?? '',
    organizationAddress: organization?.address ?? '',
    organizationDescription: organization?.description ?? '',
    powerbiEmail: organization?.powerbiEmail ?? '',
    baseCurrency: organization?.baseCurrency ?? DEFAULT_CURRENCY,
    // '' is the "From the period table" choice.
    fiscalYearStartMonth: organization?.fiscalYearStartMonth ? String(organization.fiscalYearStartMonth) : '',
  };
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });

/** 'EUR — Euro': the code and its English name, or the code alone when the browser knows no name for it. */
export function currencyLabel(code: string): string {
  const name = currencyNames.of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/** The Base currency choices (ISO 4217), searchable by code or name. */
export const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }));

const monthName = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });
const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => monthName.format(Date.UTC(2000, i, 1)));

export const FISCAL_YEAR_FROM_PERIODS = 'From the period table';

/** 'April' for 4; for null, that 00_Period decides. */
export const fiscalYearStartLabel = (month: number | null): string =>
  month ? (MONTH_NAMES[month - 1] ?? String(month)) : FISCAL_YEAR_FROM_PERIODS;

/** The Fiscal year starts choices: the period table (00_Period), then the months, January first. */
export const FISCAL_YEAR_START_OPTIONS = [
  { value: '', label: FISCAL_YEAR_FROM_PERIODS },
  ...MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label })),
];

/**
 * The multipart body of POST /organization/add and PUT /organization/:id (spec §3 form field names).
 * Every text field is sent, empty ones as '', so an edit can clear an optional field (an empty
 * fiscalYearStartMonth: the period table decides).
 */
export function organizationFormData(
  values: Partial<OrganizationFormValues>,
  logo: { file?: Blob | null; remove?: boolean } = {},
): FormData {
  const body = new FormData();
  for (const field of TEXT_FIELDS) body.append(field, values[field]?.trim() ?? '');
  if (logo.file) body.append('logo', logo.file, 'logo.png');
  else if (logo.remove) body.append('removeLogo', 'true');
  return body;
}
