import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { filterText } from './pagination.ts';
import { text } from './validation.ts';

/**
 * The built-in financial statements (issue 11 §1): what a dashboard entry of type `builtin` renders and the
 * reports API answers. One generic shape for every template — sections of rows with values per column, and
 * chart series — so the web renders any statement from the same components and every figure can name the
 * GL lines behind it (`drill`).
 */
export const REPORT_TEMPLATES = [
  'financial-overview',
  'profit-and-loss',
  'balance-sheet',
  'cash-flow',
  'budget-vs-actual',
  'expense-analysis',
] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export const REPORT_TEMPLATE_LABELS: Record<ReportTemplate, string> = {
  'financial-overview': 'Financial Overview',
  'profit-and-loss': 'Profit & Loss',
  'balance-sheet': 'Balance Sheet',
  'cash-flow': 'Cash Flow',
  'budget-vs-actual': 'Budget vs Actual',
  'expense-analysis': 'Expense Analysis',
};

export const reportMessages = {
  templateUnknown: 'Unknown report',
  periodInvalid: 'The period must be a month written YYYY-MM',
  rangeInvalid: 'The period range must start before it ends',
  rangeTooLong: 'The period range may span at most 10 years',
  loadFailed: 'Failed to load the report. Please try again.',
  noData: 'No ledger data for this selection yet.',
  linesLoadFailed: 'Failed to load the GL lines. Please try again.',
  organizationRequired: 'A valid organization is required',
  fetched: 'Report fetched successfully',
  linesFetched: 'GL lines fetched successfully',
} as const;

/** Path of `GET /api/v1/reports/{organizationId}/{template}` (an unknown template answers 404 templateUnknown). */
export const reportParamsSchema = z.object({
  organizationId: z.uuid({ error: reportMessages.organizationRequired }),
  template: z.string().max(100),
});
/** Path of `GET /api/v1/reports/{organizationId}/gl-lines`. */
export const glLinesParamsSchema = z.object({ organizationId: z.uuid({ error: reportMessages.organizationRequired }) });

const period = text({ error: reportMessages.periodInvalid })
  .trim()
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, reportMessages.periodInvalid);

/** Query of `GET /api/v1/reports/{organizationId}/{template}`; a missing range is the current fiscal year to date. */
export const reportQuerySchema = z.object({
  from: period.optional(),
  to: period.optional(),
  entity: filterText,
  department: filterText,
  /** Expense Analysis: how many accounts, departments and counterparties to list (the rest as "Other"). */
  top: z.coerce.number().int().min(1).max(100).default(10),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** Which GL lines a figure stands for: the query of `gl-lines`, and of the Studio link with the same filter. */
export const reportDrillSchema = z.object({
  accountCode: z.string().optional(),
  accountType: z.string().optional(),
  accountSubtype: z.string().optional(),
  counterparty: z.string().optional(),
  from: z.string(),
  to: z.string(),
  entity: z.string().optional(),
  department: z.string().optional(),
});
export type ReportDrill = z.infer<typeof reportDrillSchema>;

/**
 * How a statement names an account: its code and name, or the code alone when the name adds nothing — an
 * account a file named without a code has its name as code (`Checking`), and a path's leaf is its name
 * (`Expenses:Auto:Gas`, `Gas`).
 */
export function accountLabel(code: string, name: string | null | undefined): string {
  const named = name?.trim() ?? '';
  if (named === '' || named === code) return code;
  if (code.endsWith(named) && /[:/\\|>·]\s*$/.test(code.slice(0, -named.length))) return code;
  return `${code} ${named}`;
}

export const REPORT_VALUE_KINDS = ['amount', 'percent', 'count', 'text'] as const;

/** A column of a section's table: a month, a comparison (budget, prior year, variance) or a total. */
export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_VALUE_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** `heading`: a group's title row, with no figures. */
export const REPORT_ROW_KINDS = ['heading', 'line', 'subtotal', 'total'] as const;

/**
 * One row of a statement: an account, a group (type, subtype, department, counterparty) or a total. Values
 * are in reading signs (finance-conventions.md: revenue and costs positive), 2 decimals; null where a figure
 * does not apply. `favourable` marks budget variances (true: good, false: bad).
 */
export const reportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_ROW_KINDS),
  /** Indentation: 0 for a section's headline rows, 1 for their parts, … */
  depth: z.number().int().min(0).max(4),
  values: z.record(z.string(), z.number().nullable()),
  /** How this row's figures read when not as its columns' kind (a margin row among amounts: 'percent'). */
  format: z.enum(REPORT_VALUE_KINDS).optional(),
  favourable: z.record(z.string(), z.boolean()).optional(),
  drill: reportDrillSchema.optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSectionSchema = z.object({
  key: z.string(),
  label: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

/** A chart series: points along periods (or categories, for a breakdown). */
export const reportSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  chart: z.enum(['line', 'bar', 'pie', 'kpi']),
  kind: z.enum(REPORT_VALUE_KINDS),
  points: z.array(z.object({ x: z.string(), value: z.number().nullable(), drill: reportDrillSchema.optional() })),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

/** The values the filters can take, so the page offers only what the organization's data holds. */
export const reportFilterOptionsSchema = z.object({
  entities: z.array(z.string()),
  departments: z.array(z.string()),
  /** The first and last periods of 00_Period (null when it is empty). */
  firstPeriod: z.string().nullable(),
  lastPeriod: z.string().nullable(),
  /** The period the current fiscal year starts with (the default range's start). */
  fiscalYearStart: z.string().nullable(),
});
export type ReportFilterOptions = z.infer<typeof reportFilterOptionsSchema>;

export const reportSchema = z.object({
  template: z.enum(REPORT_TEMPLATES),
  from: z.string(),
  to: z.string(),
  /** The last day of `to` (balance sheet date). */
  asOf: z.string(),
  entity: z.string().nullable(),
  department: z.string().nullable(),
  /** When the organization's aggregates were last refreshed (ISO time; null: never). */
  refreshedAt: z.string().nullable(),
  sections: z.array(reportSectionSchema),
  series: z.array(reportSeriesSchema),
  /** Headline figures by name (profit-and-loss: revenue, costOfSales, grossProfit, operatingExpenses, netIncome, …). */
  totals: z.record(z.string(), z.number()),
  filters: reportFilterOptionsSchema,
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = apiSuccessSchema(reportSchema);

/** Query of `GET /api/v1/reports/{organizationId}/gl-lines` (drill-down), paged on the server. */
export const glLinesQuerySchema = z.object({
  account_code: filterText,
  account_type: filterText,
  account_subtype: filterText,
  counterparty: filterText,
  from: period,
  to: period,
  entity: filterText,
  department: filterText,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type GlLinesQuery = z.input<typeof glLinesQuerySchema>;

export const glLineSchema = z.object({
  row_id: z.number().int(),
  journal_id: z.string(),
  line_no: z.number().int(),
  posting_date: z.string(),
  period: z.string(),
  account_code: z.string(),
  account_name: z.string().nullable(),
  description: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  entity: z.string().nullable(),
  department: z.string().nullable(),
  counterparty: z.string().nullable(),
  source: z.string(),
  reference: z.string().nullable(),
});
export type GlLine = z.infer<typeof glLineSchema>;

/** `data` of gl-lines: the page's lines, how many match, and the debit and credit of ALL matching lines. */
export const glLinesSchema = z.object({
  rows: z.array(glLineSchema),
  total: z.number().int().min(0),
  debit: z.number(),
  credit: z.number(),
});
export type GlLines = z.infer<typeof glLinesSchema>;
export const glLinesResponseSchema = apiSuccessSchema(glLinesSchema);
