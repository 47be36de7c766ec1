import { z } from 'zod';
import { LOGO_MAX_BYTES } from './constants.ts';
import { isCurrencyCode } from './currencies.ts';
import { dashboardSchema } from './dashboards.ts';
import { filterText, pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { emailSchema, multilineText, organizationNameSchema, phoneSchema, text } from './validation.ts';

export const organizationMessages = {
  fetchFailed: 'Failed to fetch organizations',
  idMissing: 'Organization ID is missing',
  updated: 'Client updated successfully',
  updateFailed: 'Failed to update client',
  created: 'Organization created successfully',
  fetched: 'Organizations fetched successfully',
  fetchedOne: 'Organization fetched successfully',
  notFound: 'Organization not found',
  nameTaken: 'An organization with this name already exists',
  deactivated: 'Organization deactivated',
  reactivated: 'Organization reactivated',
  inactive: 'Your organization is inactive. Please contact your administrator.',
  auditMessageSaved: 'Audit data message saved',
  logoPngOnly: 'Only PNG files are allowed!',
  logoTooLarge: 'Image must be smaller than 5MB!',
  baseCurrencyInvalid: 'Base currency must be an ISO 4217 currency code, such as USD or EUR',
  fiscalYearStartMonthInvalid: 'Fiscal year start month must be a month from 1 to 12',
} as const;

/** Address and description may hold several lines. */
const optionalText = (label: string, max: number) =>
  multilineText()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Issue 25 §1. Absent: USD on Add, unchanged on Edit; written in lower case it is read in upper case. */
const baseCurrencySchema = text({ error: organizationMessages.baseCurrencyInvalid })
  .trim()
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .refine((value) => value === undefined || isCurrencyCode(value), organizationMessages.baseCurrencyInvalid)
  .optional();

/**
 * Issue 25 §1: the month (1–12) the fiscal year starts in, a number or its digits (multipart sends text).
 * Empty or null: the start 00_Period implies. Absent: none on Add, unchanged on Edit.
 */
const fiscalYearStartMonthSchema = z
  .unknown()
  .transform((value, context) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const month = typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value;
    if (typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12) return month;
    context.addIssue({ code: 'custom', message: organizationMessages.fiscalYearStartMonthInvalid });
    return z.NEVER;
  })
  .optional();

/** The Add / Edit Organization form fields (multipart text parts; the logo travels as a file part). */
export const organizationFormSchema = z.object({
  organizationName: organizationNameSchema('Organization name'),
  organizationEmail: emailSchema,
  organizationPhoneNumber: phoneSchema,
  organizationAddress: optionalText('Address', 500),
  organizationDescription: optionalText('Description', 2000),
  // Optional, but when given it must be an e-mail; a union would report only "Invalid input".
  powerbiEmail: text()
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(emailSchema.optional()),
  baseCurrency: baseCurrencySchema,
  fiscalYearStartMonth: fiscalYearStartMonthSchema,
  /** Legacy clients may send the dashboard list with the form: an array or an escaped JSON string. */
  dashboards: z.unknown().optional(),
});
export type OrganizationForm = z.input<typeof organizationFormSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  powerbiEmail: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  /** Path of the stored logo for the image endpoint, or null. */
  logo_url: z.string().nullable(),
  isActive: z.boolean(),
  auditDataMessage: z.string().nullable(),
  /** ISO 4217 code of the currency its ledger and statements are in. */
  baseCurrency: z.string(),
  /** Month (1–12) its fiscal year starts in; null: the start its 00_Period implies. */
  fiscalYearStartMonth: z.number().int().min(1).max(12).nullable(),
  userCount: z.number().int(),
  dashboards: z.array(dashboardSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationSummarySchema = organizationSchema.omit({ dashboards: true });
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const ORGANIZATION_SORT_FIELDS = ['name', 'email', 'phone', 'powerbiEmail', 'createdAt', 'userCount'] as const;

export const organizationListQuerySchema = pageQuerySchema.extend({
  name: filterText,
  email: filterText,
  phone: filterText,
  powerbiEmail: filterText,
  /** Matches name, e-mail, phone or Power BI e-mail. */
  search: filterText,
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  sortBy: z.enum(ORGANIZATION_SORT_FIELDS).default('name'),
});
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;

export const organizationListDataSchema = z.object({ organizations: z.array(organizationSummarySchema) });
/** Spec §7: GET /api/v1/organization answers `data.organizations`; paging sits beside `data`. */
export const organizationListResponseSchema = pagedResponseSchema(organizationListDataSchema);

export const organizationDetailDataSchema = z.object({
  organization: organizationSchema,
  auditDataMessage: z.string().nullable(),
  /** Whether the organization's warehouse holds data the audit message speaks about. */
  viewHasData: z.boolean(),
});

export const auditMessageRequestSchema = z.object({
  auditDataMessage: multilineText()
    .trim()
    .max(1000, 'Audit data message must be at most 1000 characters')
    .nullable()
    .transform((value) => (value ? value : null)),
});

/** Deactivate (its users can no longer sign in; nothing is deleted) or reactivate an organization. */
export const organizationStatusRequestSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const organizationIdParamsSchema = z.object({ id: z.uuid({ error: organizationMessages.idMissing }) });

/** PNG signature: the first eight bytes of every PNG file. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The logo rule of spec §5, checked on the bytes themselves (browser and server alike). */
export function logoProblem(bytes: Uint8Array, size: number): string | undefined {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return organizationMessages.logoPngOnly;
  if (size >= LOGO_MAX_BYTES) return organizationMessages.logoTooLarge;
  return undefined;
}
