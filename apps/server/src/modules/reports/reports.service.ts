import {
  REPORT_TEMPLATES,
  reportMessages as m,
  type GlLines,
  type Report,
  type ReportTemplate,
} from '@finboard/shared/reports';
import type { z } from 'zod';
import type { glLinesQuerySchema, kpisQuerySchema, Kpis, reportQuerySchema } from '@finboard/shared/reports';
import { AppError, badRequest, internalError, notFound } from '../../errors.ts';
import type { AggregateRefresh } from '../../warehouse/aggregates.ts';
import type { OrganizationsService, ReportingSettings } from '../organizations/organizations.service.ts';
import type { StatementLayoutsService } from '../statement-layouts/statement-layouts.service.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import { balanceSheet } from './balance-sheet.ts';
import { budgetVsActual } from './budget-vs-actual.ts';
import { cashFlow } from './cash-flow.ts';
import { expenseAnalysis } from './expense-analysis.ts';
import { financialOverview } from './financial-overview.ts';
import { kpiLibrary, kpiWindows } from './kpis.ts';
import { fiscalCalendar, lastDayOf, monthNumber, periodOf, type FiscalCalendar } from './periods.ts';
import { profitAndLoss } from './profit-and-loss.ts';
import type { ReportsReader, ReportsRepository } from './reports.repository.ts';
import { inSlice, type Slice, type Statement, type StatementRequest } from './statement-kit.ts';

/** How far apart `from` and `to` may be: 10 years of months. */
const MAX_MONTHS = 120;

const STATEMENTS: Record<ReportTemplate, Statement> = {
  'financial-overview': financialOverview,
  'profit-and-loss': profitAndLoss,
  'balance-sheet': balanceSheet,
  'cash-flow': cashFlow,
  'budget-vs-actual': budgetVsActual,
  'expense-analysis': expenseAnalysis,
};

export const isReportTemplate = (name: string): name is ReportTemplate =>
  (REPORT_TEMPLATES as readonly string[]).includes(name);

const rangeError = (message: string, path: string) => badRequest('INVALID_RANGE', message, [{ msg: message, path }]);

/**
 * The range a statement or the KPIs read: as asked, else the fiscal year of the latest period with ledger lines
 * (`lastData`, or 00_Period's last, or this month) to date; a `from` past that is its own `to`. Refuses a
 * reversed range and one longer than MAX_MONTHS. `latest` is that latest period.
 */
export function settleRange(query: { from?: string; to?: string }, lastData: string | null, calendar: FiscalCalendar) {
  const today = new Date();
  const latest = lastData ?? calendar.last ?? periodOf(today.getUTCFullYear() * 12 + today.getUTCMonth());
  const to = query.to ?? (query.from && query.from > latest ? query.from : latest);
  const from = query.from ?? calendar.fiscalYearStart(to);
  if (from > to) throw rangeError(m.rangeInvalid, 'from');
  if (monthNumber(to) - monthNumber(from) + 1 > MAX_MONTHS) throw rangeError(m.rangeTooLong, 'from');
  return { from, to, latest };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The built-in financial statements (issue 11 §1) and their drill-down, read as the organization's role
 * from its monthly aggregates; and a full rebuild of those aggregates (a dataset refresh). Every write of the
 * ledger updates them in its own transaction, so a statement read right after it shows it. The service
 * settles the range and runs a statement: the repository reads what the statement asks for, the
 * statement's pure `build` does the arithmetic.
 */
export function createReportsService(deps: {
  repository: ReportsRepository;
  organizations: Pick<OrganizationsService, 'assertExists' | 'reportingSettings'>;
  /** The organization's statement layout: every statement and the KPIs place and order accounts by it. */
  layouts: Pick<StatementLayoutsService, 'rulesOf'>;
  warehouse: Pick<WarehouseService, 'refreshAggregates'>;
}) {
  const { repository, organizations, layouts, warehouse } = deps;

  /**
   * What a statement and the KPIs read alike, in one read of the organization's warehouse: its settings and
   * statement layout, the range settled in its fiscal calendar, the request's common part (range, slice,
   * calendar, chart, layout) and the answer's scope. Anything but a refusal fails as `failure`.
   */
  async function readFor<T>(
    organizationId: string,
    query: { from?: string; to?: string; entity?: string; department?: string },
    failure: { code: string; message: string },
    work: (read: {
      reader: ReportsReader;
      settings: ReportingSettings;
      request: Pick<StatementRequest, 'from' | 'to' | 'slice' | 'calendar' | 'accounts' | 'layout'>;
      scope: Pick<Report, 'from' | 'to' | 'asOf' | 'entity' | 'department' | 'currency' | 'refreshedAt'>;
      filters: Report['filters'];
    }) => Promise<T>,
  ): Promise<T> {
    const settings = await organizations.reportingSettings(organizationId);
    const layout = await layouts.rulesOf(organizationId);
    try {
      return await repository.read(organizationId, async (reader) => {
        const context = await reader.context();
        const calendar = fiscalCalendar(context.periods, settings.fiscalYearStartMonth);
        const { from, to, latest } = settleRange(query, context.lastData, calendar);
        const slice = { entity: query.entity, department: query.department };
        return work({
          reader,
          settings,
          request: { from, to, slice, calendar, accounts: await reader.accounts(), layout },
          scope: {
            from,
            to,
            asOf: lastDayOf(to),
            entity: slice.entity ?? null,
            department: slice.department ?? null,
            currency: settings.baseCurrency,
            refreshedAt: context.refreshedAt,
          },
          filters: {
            entities: context.entities,
            departments: context.departments,
            firstPeriod: calendar.first,
            lastPeriod: calendar.last,
            fiscalYearStart: calendar.fiscalYearStart(latest),
          },
        });
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError(failure.code, failure.message, error);
    }
  }

  async function report(
    organizationId: string,
    template: string,
    query: z.output<typeof reportQuerySchema>,
  ): Promise<Report> {
    if (!isReportTemplate(template)) throw notFound(m.templateUnknown);
    const failure = { code: 'REPORT_FAILED', message: m.loadFailed };
    return readFor(organizationId, query, failure, async ({ reader, settings, request: common, scope, filters }) => {
      const request = {
        ...common,
        top: query.top,
        compare: query.compare,
        cards: settings.overviewCards ?? undefined,
      };
      const statement = STATEMENTS[template];
      const body = statement.build(request, await reader.ledger(statement.reads(request), request.slice));
      return { template, ...scope, ...body, filters };
    });
  }

  async function glLines(organizationId: string, query: z.output<typeof glLinesQuerySchema>): Promise<GlLines> {
    if (query.from > query.to) throw rangeError(m.rangeInvalid, 'from');
    await organizations.assertExists(organizationId);
    try {
      return await repository.read(organizationId, (reader) =>
        reader.glLines(
          {
            from: query.from,
            to: query.to,
            accountCode: query.account_code,
            accountType: query.account_type,
            accountSubtype: query.account_subtype,
            counterparty: query.counterparty,
            entity: query.entity,
            department: query.department,
          },
          { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        ),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('GL_LINES_FAILED', m.linesLoadFailed, error);
    }
  }

  /** The KPI library (issue 25 §3) for a range settled as a statement's, in the same slice. */
  async function kpis(organizationId: string, query: z.output<typeof kpisQuerySchema>): Promise<Kpis> {
    const failure = { code: 'KPIS_FAILED', message: m.kpisLoadFailed };
    return readFor(organizationId, query, failure, async ({ reader, request, scope }) => {
      const kpis = kpiLibrary.build(request, await reader.ledger(kpiLibrary.reads(request), request.slice));
      const { previous, priorYear } = kpiWindows(request.from, request.to);
      return { ...scope, previous, priorYear, kpis };
    });
  }

  /**
   * An organization's books whole, as a consolidation group reads a member (consolidated-reports.service.ts): its
   * periods and freshness, chart, monthly movements and cash flows of every period in the slice, and the sums per
   * month and counterparty of the lines on `accounts` whose counterparty is one of `counterparties` — one
   * transaction.
   */
  function books(
    organizationId: string,
    request: { slice: Slice; accounts: readonly string[]; counterparties: readonly string[] },
  ) {
    const every = '9999-12';
    return repository.read(organizationId, async (reader) => {
      const context = await reader.context();
      const accounts = await reader.accounts();
      const ledger = await reader.ledger(
        { movements: { ranges: [{ from: null, to: every }] }, cashFlows: { to: every } },
        request.slice,
      );
      const intercompany = await reader.intercompany(request.accounts, request.counterparties, request.slice);
      // The rows of the slice only (a read may answer finer rows: statements slice for themselves).
      const mine = inSlice(request.slice);
      return {
        context,
        accounts,
        movements: ledger.movements.filter(mine),
        cashFlows: ledger.cashFlows.filter(mine),
        intercompany,
      };
    });
  }

  return {
    report,
    glLines,
    kpis,
    books,
    /**
     * Rebuilds the organization's monthly aggregates now (a dataset refresh of a built-in dashboard). The
     * database serializes it with every other writer of the aggregates (aggregates.ts).
     */
    refreshAggregates: (organizationId: string): Promise<AggregateRefresh> =>
      warehouse.refreshAggregates(organizationId),
  };
}
