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
  kpisFetched: 'KPIs fetched successfully',
  kpisLoadFailed: 'Failed to load the KPIs. Please try again.',
  compareInvalid: 'Compare with previousPeriod, priorYear or budget, separated by commas (or none)',
  cardsSaved: 'Cards saved',
  cardsInvalid: 'Choose from 1 to 12 different KPIs of the library',
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

/**
 * What a statement compares its range with (issue 25 §2): the as many months just before it, the same months a
 * year earlier, the budget. Each comparison adds its column, the variance and the variance in %.
 */
export const REPORT_COMPARISONS = ['previousPeriod', 'priorYear', 'budget'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];
export const DEFAULT_COMPARISONS: ReportComparison[] = ['priorYear', 'budget'];
/** `compare=priorYear,budget` (the default), `compare=none` for none; each named once, in the statement's order. */
const comparisons = z
  .string()
  .trim()
  .max(100, reportMessages.compareInvalid)
  .transform((value) => (value === '' || value === 'none' ? [] : value.split(',').map((part) => part.trim())))
  .pipe(z.array(z.enum(REPORT_COMPARISONS, { error: reportMessages.compareInvalid })))
  .transform((chosen) => REPORT_COMPARISONS.filter((comparison) => chosen.includes(comparison)))
  .default(DEFAULT_COMPARISONS);

/** Query of `GET /api/v1/reports/{organizationId}/{template}`; a missing range is the current fiscal year to date. */
export const reportQuerySchema = z.object({
  from: period.optional(),
  to: period.optional(),
  entity: filterText,
  department: filterText,
  /** Expense Analysis: how many accounts, departments and counterparties to list (the rest as "Other"). */
  top: z.coerce.number().int().min(1).max(100).default(10),
  /** Profit & Loss: the comparison columns. */
  compare: comparisons,
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

/**
 * The KPI library (issue 25 §3, docs/kpis.md): `GET /api/v1/reports/{organizationId}/kpis`. Each KPI for the
 * range, the as many months just before it and the same months a year earlier; flows over each, balances at
 * its end.
 */
export const KPI_KEYS = [
  'revenueGrowth',
  'grossMargin',
  'ebitdaMargin',
  'operatingMargin',
  'netMargin',
  'opexToRevenue',
  'currentRatio',
  'quickRatio',
  'workingCapital',
  'dso',
  'dpo',
  'dio',
  'cashConversionCycle',
  'debtToEquity',
  'monthlyBurn',
  'cashRunwayMonths',
  // The headline figures, so a card or a pack page can show them beside the ratios.
  'revenue',
  'grossProfit',
  'operatingExpenses',
  'netIncome',
  'cash',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];
/** The Financial Overview's cards until an organization chooses its own. */
export const DEFAULT_OVERVIEW_CARDS: KpiKey[] = ['revenue', 'grossMargin', 'operatingExpenses', 'netIncome', 'cash'];
/** `amount`: in the organization's base currency, 2 decimals; `percent`: 12.5 is 12.5 %; `ratio`: 1.5 is 1.5 : 1. */
export const KPI_UNITS = ['percent', 'ratio', 'amount', 'days', 'months'] as const;
export type KpiUnit = (typeof KPI_UNITS)[number];
/** `points`: value − previous in percentage points (the percentages); `percent`: the % change (the others). */
export const KPI_CHANGE_KINDS = ['percent', 'points'] as const;

/** `number`: a figure with 2 decimals that is no amount (a ratio, days, months): never shown in thousands. */
export const REPORT_VALUE_KINDS = ['amount', 'percent', 'count', 'number', 'text'] as const;
export type ReportValueKind = (typeof REPORT_VALUE_KINDS)[number];

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
  /** A KPI card (Financial Overview): the figure of a named month against the month before and a year before. */
  card: z
    .object({
      kpi: z.enum(KPI_KEYS),
      unit: z.enum(KPI_UNITS),
      formula: z.string(),
      higherIsBetter: z.boolean(),
      /** 'Nov 2026'. */
      period: z.string(),
      value: z.number().nullable(),
      previousPeriod: z.string(),
      previous: z.number().nullable(),
      priorYearPeriod: z.string(),
      priorYear: z.number().nullable(),
      /** value against previous and against priorYear, as `changeKind` says (points for percentages). */
      change: z.number().nullable(),
      priorYearChange: z.number().nullable(),
      changeKind: z.enum(KPI_CHANGE_KINDS),
    })
    .optional(),
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

/** What a statement and the KPIs say they cover: range, slice, currency and freshness. */
export const reportScopeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The last day of `to` (balance sheet date; the KPIs' balances are taken at it). */
  asOf: z.string(),
  entity: z.string().nullable(),
  department: z.string().nullable(),
  /** ISO 4217 code of the organization's base currency: every amount is in it. */
  currency: z.string(),
  /** When the organization's aggregates were last refreshed (ISO time; null: never). */
  refreshedAt: z.string().nullable(),
});

export const reportSchema = reportScopeSchema.extend({
  template: z.enum(REPORT_TEMPLATES),
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

/** What each KPI is, for the API, the cards and the card picker alike; the arithmetic is the server's (kpis.ts). */
export interface KpiDescription {
  label: string;
  unit: KpiUnit;
  /** Whether a rise is good news (margins, cash) or bad (costs, days outstanding, debt). */
  higherIsBetter: boolean;
  /** How it is computed, in words (docs/kpis.md; shown on hover). */
  formula: string;
}
export const KPI_CATALOG: Record<KpiKey, KpiDescription> = {
  revenueGrowth: {
    label: 'Revenue growth',
    unit: 'percent',
    higherIsBetter: true,
    formula: '(Revenue of the range − revenue of the as many months before) ÷ revenue of the months before × 100',
  },
  grossMargin: {
    label: 'Gross margin',
    unit: 'percent',
    higherIsBetter: true,
    formula: 'Gross profit (revenue − cost of sales) ÷ revenue × 100',
  },
  ebitdaMargin: {
    label: 'EBITDA margin',
    unit: 'percent',
    higherIsBetter: true,
    formula: 'EBITDA (gross profit − operating expenses) ÷ revenue × 100',
  },
  operatingMargin: {
    label: 'Operating margin',
    unit: 'percent',
    higherIsBetter: true,
    formula: 'Operating income (EBITDA − depreciation and amortization) ÷ revenue × 100',
  },
  netMargin: {
    label: 'Net margin',
    unit: 'percent',
    higherIsBetter: true,
    formula: 'Net income ÷ revenue × 100',
  },
  opexToRevenue: {
    label: 'Operating expenses to revenue',
    unit: 'percent',
    higherIsBetter: false,
    formula: 'Operating expenses (before depreciation and amortization) ÷ revenue × 100',
  },
  currentRatio: {
    label: 'Current ratio',
    unit: 'ratio',
    higherIsBetter: true,
    formula: 'Current assets at the end ÷ current liabilities at the end',
  },
  quickRatio: {
    label: 'Quick ratio',
    unit: 'ratio',
    higherIsBetter: true,
    formula: '(Cash + receivables at the end) ÷ current liabilities at the end',
  },
  workingCapital: {
    label: 'Working capital',
    unit: 'amount',
    higherIsBetter: true,
    formula: 'Current assets − current liabilities at the end',
  },
  dso: {
    label: 'Days sales outstanding (DSO)',
    unit: 'days',
    higherIsBetter: false,
    formula: 'Receivables at the end ÷ revenue of the range × days in the range',
  },
  dpo: {
    label: 'Days payable outstanding (DPO)',
    unit: 'days',
    higherIsBetter: true,
    formula: 'Payables at the end ÷ cost of sales of the range × days in the range',
  },
  dio: {
    label: 'Days inventory outstanding (DIO)',
    unit: 'days',
    higherIsBetter: false,
    formula: 'Inventory at the end ÷ cost of sales of the range × days in the range',
  },
  cashConversionCycle: {
    label: 'Cash conversion cycle',
    unit: 'days',
    higherIsBetter: false,
    formula: 'DSO + DIO − DPO',
  },
  debtToEquity: {
    label: 'Debt to equity',
    unit: 'ratio',
    higherIsBetter: false,
    formula: '(Current portion of debt + long-term debt) at the end ÷ total equity at the end',
  },
  monthlyBurn: {
    label: 'Monthly burn',
    unit: 'amount',
    higherIsBetter: false,
    formula: '(Cash at the start − cash at the end) ÷ months in the range; negative when cash grew',
  },
  cashRunwayMonths: {
    label: 'Cash runway',
    unit: 'months',
    higherIsBetter: true,
    formula: 'Cash at the end ÷ monthly burn; none when cash did not fall',
  },
  revenue: {
    label: 'Revenue',
    unit: 'amount',
    higherIsBetter: true,
    formula: 'Sales less contra revenue of the range (other income is not revenue)',
  },
  grossProfit: {
    label: 'Gross profit',
    unit: 'amount',
    higherIsBetter: true,
    formula: 'Revenue − cost of sales of the range',
  },
  operatingExpenses: {
    label: 'Operating expenses',
    unit: 'amount',
    higherIsBetter: false,
    formula: 'Operating expenses of the range, before depreciation and amortization',
  },
  netIncome: {
    label: 'Net income',
    unit: 'amount',
    higherIsBetter: true,
    formula: 'Revenue + other income − every expense of the range, income tax included',
  },
  cash: {
    label: 'Cash',
    unit: 'amount',
    higherIsBetter: true,
    formula: 'Cash and cash equivalents at the end',
  },
};

/**
 * `PUT /api/v1/organization/{id}/overview-cards`: the KPIs of the organization's Financial Overview cards, in
 * order; the organization's users and administrators choose them.
 */
export const overviewCardsSchema = z.object({
  cards: z
    .array(z.enum(KPI_KEYS, { error: reportMessages.cardsInvalid }), { error: reportMessages.cardsInvalid })
    .min(1, reportMessages.cardsInvalid)
    .max(12, reportMessages.cardsInvalid)
    .refine((cards) => new Set(cards).size === cards.length, reportMessages.cardsInvalid),
});
export type OverviewCards = z.infer<typeof overviewCardsSchema>;
export const overviewCardsResponseSchema = apiSuccessSchema(overviewCardsSchema);

/** Path of `GET /api/v1/reports/{organizationId}/kpis`: the organization alone, as gl-lines. */
export const kpisParamsSchema = glLinesParamsSchema;
/** Query of `GET /api/v1/reports/{organizationId}/kpis`: a statement's range and slice (default: the fiscal year to date). */
export const kpisQuerySchema = reportQuerySchema.pick({ from: true, to: true, entity: true, department: true });
export type KpisQuery = z.input<typeof kpisQuerySchema>;

/** One KPI; every figure rounded to 2 decimals, null where a denominator is 0 (docs/kpis.md says when). */
export const kpiSchema = z.object({
  key: z.enum(KPI_KEYS),
  label: z.string(),
  value: z.number().nullable(),
  unit: z.enum(KPI_UNITS),
  /** How it is computed, in words (shown on hover). */
  formula: z.string(),
  /** The as many months just before the range. */
  previous: z.number().nullable(),
  /** The same months a year earlier. */
  priorYear: z.number().nullable(),
  /** value against previous, as `changeKind` says. */
  change: z.number().nullable(),
  changeKind: z.enum(KPI_CHANGE_KINDS),
  /** Whether a rise is good news (margins, cash) or bad (costs, days outstanding, debt). */
  higherIsBetter: z.boolean(),
});
export type Kpi = z.infer<typeof kpiSchema>;

const kpiRangeSchema = z.object({ from: z.string(), to: z.string() });
export const kpisSchema = reportScopeSchema.extend({
  previous: kpiRangeSchema,
  priorYear: kpiRangeSchema,
  kpis: z.array(kpiSchema),
});
export type Kpis = z.infer<typeof kpisSchema>;
export const kpisResponseSchema = apiSuccessSchema(kpisSchema);
