import type { Pagination } from '@finboard/shared/pagination';
import { paginationOf } from '@finboard/shared/pagination';
import {
  PORTFOLIO_FLAGS,
  portfolioMessages as m,
  type PortfolioFlag,
  type PortfolioOrganization,
} from '@finboard/shared/portfolio';
import { AppError, internalError } from '../../errors.ts';
import type { PortfolioQuery, PortfolioRepository, PortfolioRow } from './portfolio.repository.ts';

export type PortfolioService = ReturnType<typeof createPortfolioService>;

/** How long a read waits for summaries this process is refreshing (a write just committed) before answering. */
const SETTLE_MS = 2_000;

/** The last closed month: the month before the current UTC month, 'YYYY-MM'. */
export function lastClosedMonth(now: Date): string {
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth() - 1;
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const amount = (value: string | null) => (value === null ? null : Number(value));

/** The answer's shape of a row the query read. */
export function portfolioOrganizationOf(row: PortfolioRow): PortfolioOrganization {
  const sparkline = typeof row.sparkline === 'string' ? JSON.parse(row.sparkline) : row.sparkline;
  // PGlite and pg both parse text[]; a driver that does not answers '{a,b}'.
  const flags = typeof row.flags === 'string' ? row.flags.replace(/^\{|\}$/g, '').split(',') : row.flags;
  return {
    id: row.id,
    name: row.name,
    baseCurrency: row.baseCurrency,
    latestPeriod: row.latestPeriod,
    revenueLatestMonth: amount(row.revenueLatestMonth),
    netIncomeLatestMonth: amount(row.netIncomeLatestMonth),
    cashLatest: amount(row.cashLatest),
    revenueYtd: amount(row.revenueYtd),
    netIncomeYtd: amount(row.netIncomeYtd),
    sparkline: Array.isArray(sparkline) ? sparkline : [],
    lastRun: row.runStatus === null ? null : { status: row.runStatus, at: iso(row.runAt)! },
    lastSync: row.syncStatus === null ? null : { status: row.syncStatus, at: iso(row.syncAt)! },
    lastPackSentAt: iso(row.packSentAt),
    // In the contract's order, whatever order the query listed them in.
    flags: PORTFOLIO_FLAGS.filter((flag) => (flags as string[]).includes(flag)) as PortfolioFlag[],
  };
}

/**
 * The portfolio (administrators): every organization with its summary, its last run, sync and pack sent and its
 * flags, one page sorted and filtered on the server by one query. Summaries this process is refreshing (a write
 * just committed) are waited for, up to SETTLE_MS, so what was just loaded shows.
 */
export function createPortfolioService(deps: {
  repository: Pick<PortfolioRepository, 'page'>;
  /** Settles when the summaries under way here are written (summary-queue.ts). */
  settled?: () => Promise<void>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(query: PortfolioQuery): Promise<{ organizations: PortfolioOrganization[]; pagination: Pagination }> {
      try {
        if (deps.settled) {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS)));
          await Promise.race([deps.settled(), timeout]).finally(() => clearTimeout(timer));
        }
        const { rows, total } = await repository.page(query, lastClosedMonth(now()));
        return { organizations: rows.map(portfolioOrganizationOf), pagination: paginationOf(query, total) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw internalError('PORTFOLIO_FAILED', m.loadFailed, error);
      }
    },
  };
}
