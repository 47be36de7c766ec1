import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { StatementLayoutsService } from '../statement-layouts/statement-layouts.service.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';
import { summaryFigures } from './summary-figures.ts';
import type { SummaryLedgerReader } from './summary-ledger.repository.ts';
import type { SummaryQueue } from './summary-queue.ts';

export type SummaryRefresher = ReturnType<typeof createSummaryRefresher>;

/**
 * Keeps `organization_summaries` from the organizations' monthly aggregates: `refresh` reads one organization's
 * (its fiscal year start and statement layout as its statements read them) and writes its row; `backfill` does
 * it, through the queue, for every organization that has no row yet.
 */
export function createSummaryRefresher(deps: {
  ledger: SummaryLedgerReader;
  summaries: Pick<PortfolioRepository, 'save' | 'missing'>;
  organizations: Pick<OrganizationsService, 'reportingSettings'>;
  layouts: Pick<StatementLayoutsService, 'rulesOf'>;
  logger: Pick<FastifyBaseLogger, 'info'>;
}) {
  const { ledger, summaries, organizations, layouts, logger } = deps;

  async function refresh(organizationId: string): Promise<void> {
    let settings;
    try {
      settings = await organizations.reportingSettings(organizationId);
    } catch (error) {
      // Deleted since its write: nothing to summarize.
      if (error instanceof AppError && error.statusCode === 404) return;
      throw error;
    }
    const [layout, books] = await Promise.all([layouts.rulesOf(organizationId), ledger.read(organizationId)]);
    await summaries.save(
      organizationId,
      summaryFigures(books, { fiscalYearStartMonth: settings.fiscalYearStartMonth, layout }),
    );
  }

  return {
    refresh,
    /**
     * Hands `queue` every organization without a summary yet (an installation from before the portfolio), so
     * they are filled in a few at a time and never twice at once with a write's refresh; settles when done.
     */
    async backfill(queue: Pick<SummaryQueue, 'changed' | 'idle'>): Promise<number> {
      const missing = await summaries.missing();
      for (const organizationId of missing) queue.changed(organizationId);
      await queue.idle();
      if (missing.length > 0) logger.info({ organizations: missing.length }, 'portfolio summaries filled in');
      return missing.length;
    },
  };
}
