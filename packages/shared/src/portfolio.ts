import { z } from 'zod';
import { filterText, pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * The portfolio (issue 28 §3): the administrator's landing page, every organization with its latest figures, the
 * state of its loads and syncs and a freshness flag. The figures come from a summary each organization's monthly
 * aggregates keep current (never the ledger), so the list answers fast for thousands of organizations.
 */

export const portfolioMessages = {
  fetched: 'Portfolio fetched successfully',
  loadFailed: 'Failed to load the portfolio. Please try again.',
  sortInvalid:
    'Sort by name, latestPeriod, revenueLatestMonth, netIncomeLatestMonth, cashLatest, revenueYtd, netIncomeYtd, lastRunAt, lastSyncAt or lastPackSentAt',
  flagInvalid: 'Filter by a flag: stale, runFailed, syncFailed, tieOutDifference or noData',
} as const;

/**
 * Why an organization needs a look: `noData` no ledger lines at all; `stale` no lines for the last closed month
 * (the month before this one); `runFailed` its last pipeline run failed; `syncFailed` its last accounting sync
 * failed; `tieOutDifference` its trial balance and ledger differ (report packs' tie-out).
 */
export const PORTFOLIO_FLAGS = ['noData', 'stale', 'runFailed', 'syncFailed', 'tieOutDifference'] as const;
export type PortfolioFlag = (typeof PORTFOLIO_FLAGS)[number];
export const PORTFOLIO_FLAG_LABELS: Record<PortfolioFlag, string> = {
  noData: 'No data',
  stale: 'Last month missing',
  runFailed: 'Run failed',
  syncFailed: 'Sync failed',
  tieOutDifference: 'Tie-out difference',
};

/**
 * Sync states (accounting.ts) that mean the last sync failed: those a sync ends in without its data. `cancelled`
 * (a person stopped it) and `no_data` (nothing new) are not failures; `partial_success` loaded.
 */
export const FAILED_SYNC_STATUSES = [
  'failed',
  'timed_out',
  'max_retries',
  'validation_failed',
  'insufficient_permissions',
] as const;

export const PORTFOLIO_SORTS = [
  'name',
  'latestPeriod',
  'revenueLatestMonth',
  'netIncomeLatestMonth',
  'cashLatest',
  'revenueYtd',
  'netIncomeYtd',
  'lastRunAt',
  'lastSyncAt',
  'lastPackSentAt',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

/** Query of `GET /api/v1/portfolio`: paged and sorted on the server; `name` filters by part of the name. */
export const portfolioQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PORTFOLIO_SORTS, { error: portfolioMessages.sortInvalid }).default('name'),
  name: filterText,
  /** Only organizations with this flag. */
  flag: z.enum(PORTFOLIO_FLAGS, { error: portfolioMessages.flagInvalid }).optional(),
});
export type PortfolioQuery = z.input<typeof portfolioQuerySchema>;

const lastEventSchema = z.object({ status: z.string(), at: z.string() }).nullable();

export const portfolioOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseCurrency: z.string(),
  /** The latest period (YYYY-MM) with ledger lines; null when none. */
  latestPeriod: z.string().nullable(),
  /** Amounts in the base currency, reading signs, for `latestPeriod` and its fiscal year to date. */
  revenueLatestMonth: z.number().nullable(),
  netIncomeLatestMonth: z.number().nullable(),
  /** Cash (subtype `cash`) at the end of `latestPeriod`. */
  cashLatest: z.number().nullable(),
  revenueYtd: z.number().nullable(),
  netIncomeYtd: z.number().nullable(),
  /** Revenue and net income of the 12 months ending with `latestPeriod`, oldest first. */
  sparkline: z.array(z.object({ period: z.string(), revenue: z.number(), netIncome: z.number() })),
  lastRun: lastEventSchema,
  lastSync: lastEventSchema,
  lastPackSentAt: z.string().nullable(),
  flags: z.array(z.enum(PORTFOLIO_FLAGS)),
});
export type PortfolioOrganization = z.infer<typeof portfolioOrganizationSchema>;

export const portfolioResponseSchema = pagedResponseSchema(
  z.object({ organizations: z.array(portfolioOrganizationSchema) }),
);
