import type { z } from 'zod';
import {
  consolidationMessages as m,
  isConsolidatedTemplate,
  type ConsolidatedReport,
  type ConsolidationGroup,
} from '@finboard/shared/consolidation';
import type { reportQuerySchema, ReportRow } from '@finboard/shared/reports';
import { AppError, internalError, notFound } from '../../errors.ts';
import { createLimiter } from '../../platform/concurrency/limiter.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { balanceSheet } from '../reports/balance-sheet.ts';
import { cashFlow } from '../reports/cash-flow.ts';
import { financialOverview } from '../reports/financial-overview.ts';
import {
  fiscalCalendar,
  lastDayOf,
  monthNumber,
  monthsBetween,
  periodOf,
  type FiscalCalendar,
} from '../reports/periods.ts';
import { profitAndLoss } from '../reports/profit-and-loss.ts';
import { settleRange, type ReportsService } from '../reports/reports.service.ts';
import type { Account, Movement, Statement, StatementRequest } from '../reports/statement-kit.ts';
import { money } from '../reports/statement-kit.ts';
import type { StatementLayoutsService } from '../statement-layouts/statement-layouts.service.ts';
import {
  consolidate,
  equityBalance,
  nonControllingIncome,
  rateBook,
  worksheet,
  type ConsolidationMember,
  type StoredRate,
} from './consolidate.ts';
import { normalizedName } from './eliminations.ts';
import { GROUP_ACCOUNTS } from './translation.ts';

const STATEMENTS: Record<string, Statement> = {
  'profit-and-loss': profitAndLoss,
  'balance-sheet': balanceSheet,
  'cash-flow': cashFlow,
  'financial-overview': financialOverview,
};
/** Members read at once: each is a transaction on its own warehouse (perhaps its own database). */
const READ_CONCURRENCY = 8;

export type ConsolidatedReportsService = ReturnType<typeof createConsolidatedReportsService>;

/**
 * A group's statements (docs/consolidation.md): each member's monthly aggregates read from its own warehouse,
 * translated, reclassified and eliminated (consolidate.ts), then built by the organization statements' own
 * functions, with the parent's fiscal calendar and statement layout; plus the worksheet and the attribution
 * between the parent's owners and the non-controlling interests.
 */
export function createConsolidatedReportsService(deps: {
  reports: Pick<ReportsService, 'books'>;
  organizations: Pick<OrganizationsService, 'reportingSettings'>;
  layouts: Pick<StatementLayoutsService, 'rulesOf'>;
  rates: { ratesFor(currencies: readonly string[], fromPeriod: string, toPeriod: string): Promise<StoredRate[]> };
}) {
  const { reports, organizations, layouts, rates } = deps;

  /** What consolidation reads of a member's warehouse, in one transaction. */
  function readMember(group: ConsolidationGroup, index: number) {
    const member = group.members[index]!;
    return reports.books(member.organizationId, {
      slice: member.entity === null ? {} : { entity: member.entity },
      accounts: [...new Set(group.eliminationRules.flatMap((rule) => [rule.accountA, rule.accountB]))],
      counterparties: group.members.filter((_, i) => i !== index).flatMap(namesOf),
    });
  }

  /**
   * Every member read from its own warehouse, then translated, reclassified and eliminated over the range
   * `rangeOf` settles from the latest month with data and the parent's calendar. A rate it lacks is a 422 naming
   * every one of them.
   */
  async function groupBooks<R extends { from: string; to: string }>(
    group: ConsolidationGroup,
    rangeOf: (lastData: string | null, calendar: FiscalCalendar) => R,
  ) {
    const settings = await organizations.reportingSettings(group.parentOrganizationId);
    const limiter = createLimiter(READ_CONCURRENCY);
    const books = await Promise.all(group.members.map((_, index) => limiter.run(() => readMember(group, index))));
    const parent = books[group.members.findIndex((member) => member.organizationId === group.parentOrganizationId)]!;
    const calendar = fiscalCalendar(parent.context.periods, settings.fiscalYearStartMonth);
    const lastData =
      books
        .map((book) => book.context.lastData)
        .filter((p): p is string => p !== null)
        .sort()
        .at(-1) ?? null;
    const range = rangeOf(lastData, calendar);

    const members: ConsolidationMember[] = group.members.map((member, index) => ({
      key: memberKey(member),
      label: memberLabel(member),
      currency: member.baseCurrency,
      ownership: member.ownershipPct / 100,
      joinedPeriod: member.joinedPeriod,
      names: namesOf(member),
      accounts: books[index]!.accounts,
      movements: books[index]!.movements,
      cashFlows: books[index]!.cashFlows,
      intercompany: books[index]!.intercompany,
    }));
    const currencies = [...new Set([group.reportingCurrency, ...members.map((member) => member.currency)])];
    const stored =
      currencies.length > 1
        ? await rates.ratesFor(currencies, periodOf(monthNumber(earliestJoined(group)) - 1), range.to)
        : [];
    const consolidated = consolidate(members, group.eliminationRules, rateBook(stored, group.reportingCurrency), range);
    if (consolidated.missingRates.length > 0) {
      const shown = consolidated.missingRates.slice(0, 12).join(', ');
      const more = consolidated.missingRates.length > 12 ? ` and ${consolidated.missingRates.length - 12} more` : '';
      throw new AppError(422, 'RATES_MISSING', m.ratesMissing.replace('{rates}', shown + more));
    }
    const refreshedAt =
      books
        .map((book) => book.context.refreshedAt)
        .filter((at): at is string => at !== null)
        .sort()[0] ?? null;
    return { settings, books, calendar, lastData, range, consolidated, refreshedAt };
  }

  /** A failure that is not one of ours (a member's warehouse unreachable, say) is the consolidation's 500. */
  async function failingAsConsolidation<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw internalError('CONSOLIDATION_FAILED', m.loadFailed, error);
    }
  }

  async function report(
    group: ConsolidationGroup,
    template: string,
    query: z.output<typeof reportQuerySchema>,
  ): Promise<ConsolidatedReport> {
    if (!isConsolidatedTemplate(template)) throw notFound(m.templateUnknown);
    const layout = await layouts.rulesOf(group.parentOrganizationId);
    return failingAsConsolidation(async () => {
      const { settings, books, calendar, lastData, range, consolidated, refreshedAt } = await groupBooks(
        group,
        (last, calendar) => settleRange(query, last, calendar),
      );
      const request: StatementRequest = {
        from: range.from,
        to: range.to,
        slice: {},
        calendar,
        accounts: consolidated.accounts,
        layout,
        top: query.top,
        // A group has no budget of its own.
        compare: query.compare.filter((comparison) => comparison !== 'budget'),
        cards: settings.overviewCards ?? undefined,
      };
      const balance = template === 'balance-sheet';
      const ledger = balance ? consolidated.balanceLedger : consolidated.statementLedger;
      const body = STATEMENTS[template]!.build(request, ledger);
      const months = monthsBetween(range.from, range.to);
      const nci = nonControllingIncome(consolidated, months);
      const nciTotal = [...nci.values()].reduce((sum, cents) => sum + cents, 0);
      const columns = group.members.map((member) => ({ key: memberKey(member), label: memberLabel(member) }));
      const sections = [...body.sections];
      const totals = { ...body.totals };

      if (template === 'profit-and-loss') {
        totals.netIncomeNonControlling = money(nciTotal);
        totals.netIncomeAttributableToParent = money(Math.round(totals.netIncome! * 100) - nciTotal);
        const statement = sections[0]!;
        const netIncomeRow = statement.rows.find((row) => row.key === 'result:netIncome');
        const attribution = (key: string, label: string, of: (period: string | 'total') => number): ReportRow => ({
          key,
          label,
          kind: 'line',
          depth: 1,
          values: Object.fromEntries(
            statement.columns.map((column) => {
              if (column.key === 'total') return [column.key, money(of('total'))];
              if (nci.has(column.key)) return [column.key, money(of(column.key))];
              return [column.key, null];
            }),
          ),
        });
        const cents = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
        sections[0] = {
          ...statement,
          rows: [
            ...statement.rows,
            attribution('netIncome:attributableToParent', 'Attributable to owners of the parent', (column) =>
              column === 'total'
                ? cents(netIncomeRow?.values.total) - nciTotal
                : cents(netIncomeRow?.values[column]) - (nci.get(column) ?? 0),
            ),
            attribution('netIncome:nonControlling', 'Attributable to non-controlling interests', (column) =>
              column === 'total' ? nciTotal : (nci.get(column) ?? 0),
            ),
          ],
        };
        sections.push(worksheet('flows', consolidated, consolidated.sourced, columns, range));
      }
      if (balance) {
        totals.nonControllingInterest = money(
          equityBalance(ledger.movements, GROUP_ACCOUNTS.nonControlling.code, range.to),
        );
        totals.translationAdjustment = money(
          equityBalance(ledger.movements, GROUP_ACCOUNTS.translation.code, range.to),
        );
        totals.unmatchedIntercompany = money(
          -equityBalance(ledger.movements, GROUP_ACCOUNTS.unmatchedBalances.code, range.to),
        );
        sections.push(
          worksheet(
            'balances',
            consolidated,
            [...consolidated.sourced, ...consolidated.nonControllingEarnings],
            columns,
            range,
          ),
        );
      }

      return {
        template,
        groupId: group.id,
        from: range.from,
        to: range.to,
        asOf: lastDayOf(range.to),
        entity: null,
        department: null,
        currency: group.reportingCurrency,
        refreshedAt,
        sections,
        series: body.series,
        totals,
        filters: {
          entities: [],
          departments: [],
          firstPeriod:
            books
              .map((book) => book.context.periods[0]?.period)
              .filter((p): p is string => !!p)
              .sort()[0] ?? null,
          lastPeriod: lastData ?? null,
          fiscalYearStart: calendar.fiscalYearStart(range.latest),
        },
        members: group.members.map((member) => ({
          key: memberKey(member),
          organizationId: member.organizationId,
          organizationName: member.organizationName,
          entity: member.entity,
          baseCurrency: member.baseCurrency,
          ownershipPct: member.ownershipPct,
        })),
        unmatched: consolidated.unmatched.map((row) => ({
          ...row,
          amountA: money(row.amountA),
          amountB: money(row.amountB),
          difference: money(row.difference),
        })),
      };
    });
  }

  /**
   * The group's consolidated monthly movements over all its data (from the first member's joining to the latest
   * month with data), with the parent's fiscal calendar over those months: what Chat DB asks a group.
   */
  async function ledger(group: ConsolidationGroup): Promise<ConsolidatedLedger> {
    const first = earliestJoined(group);
    return failingAsConsolidation(async () => {
      const { settings, calendar, range, consolidated, refreshedAt } = await groupBooks(group, (last) => ({
        from: first,
        to: last !== null && last > first ? last : first,
      }));
      return {
        accounts: [...consolidated.accounts.values()],
        movements: consolidated.statementLedger.movements,
        periods: monthsBetween(range.from, range.to).map((period) => ({
          period,
          fiscalYear: calendar.fiscalYearOf(period),
          fiscalPeriod: monthNumber(period) - monthNumber(calendar.fiscalYearStart(period)) + 1,
        })),
        fiscalYearStartMonth: settings.fiscalYearStartMonth,
        refreshedAt,
      };
    });
  }

  return { report, ledger };
}

/** What Chat DB reads of a group: its merged chart and its consolidated movements, month by month. */
export interface ConsolidatedLedger {
  accounts: Account[];
  /** Integer cents in the reporting currency, eliminations and reclassifications included (the P&L's 100 %). */
  movements: readonly Movement[];
  /** Every month from the first joining to the latest data, numbered by the parent's fiscal year. */
  periods: { period: string; fiscalYear: number; fiscalPeriod: number }[];
  fiscalYearStartMonth: number | null;
  refreshedAt: string | null;
}

const earliestJoined = (group: ConsolidationGroup) => group.members.map((member) => member.joinedPeriod).sort()[0]!;

type GroupMember = ConsolidationGroup['members'][number];
const memberKey = (member: GroupMember) =>
  `${member.organizationId}${member.entity === null ? '' : `|${member.entity}`}`;
const memberLabel = (member: GroupMember) =>
  member.entity === null ? member.organizationName : `${member.organizationName} · ${member.entity}`;
/** What another member's counterparty calls it: its entity, else its organization's name. */
const namesOf = (member: GroupMember) => [normalizedName(member.entity ?? member.organizationName)];
