import { describe, expect, it } from 'vitest';
import type { ConsolidationGroup } from '@finboard/shared/consolidation';
import { reportQuerySchema, type ReportRow } from '@finboard/shared/reports';
import { NO_LAYOUT } from '@finboard/shared/statement-layouts';
import {
  EUROSUB,
  EXPECTED,
  GROUP_RATES,
  GROUP_RULES,
  HOLDING,
  MEMBER_NAMES,
  UKSUB,
} from '../../../test/consolidation-group.ts';
import { booksRepository, type Books } from '../../../test/statement-books.ts';
import { createReportsService } from '../reports/reports.service.ts';
import { createConsolidatedReportsService } from './consolidated-reports.service.ts';

const IDS = { holding: 'org-holding', euro: 'org-euro', uk: 'org-uk' };
const BOOKS: Record<string, Books> = { [IDS.holding]: HOLDING, [IDS.euro]: EUROSUB, [IDS.uk]: UKSUB };

const group: ConsolidationGroup = {
  id: 'group-1',
  name: 'Holding group',
  reportingCurrency: 'USD',
  parentOrganizationId: IDS.holding,
  parentOrganizationName: MEMBER_NAMES.holding,
  members: [
    {
      organizationId: IDS.holding,
      organizationName: MEMBER_NAMES.holding,
      baseCurrency: 'USD',
      entity: null,
      ownershipPct: 100,
      joinedPeriod: '2026-01',
    },
    {
      organizationId: IDS.euro,
      organizationName: MEMBER_NAMES.euro,
      baseCurrency: 'EUR',
      entity: null,
      ownershipPct: 80,
      joinedPeriod: '2026-01',
    },
    {
      organizationId: IDS.uk,
      organizationName: MEMBER_NAMES.uk,
      baseCurrency: 'GBP',
      entity: null,
      ownershipPct: 100,
      joinedPeriod: '2026-01',
    },
  ],
  eliminationRules: GROUP_RULES,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
};

/** The reports service on hand-made books (`booksOf` an organization id). */
function reportsOf(booksOf: (organizationId: string) => Books) {
  return createReportsService({
    repository: { read: (organizationId, work) => booksRepository(booksOf(organizationId)).read(organizationId, work) },
    organizations: { assertExists: async () => undefined, reportingSettings: async () => SETTINGS },
    layouts: { rulesOf: async () => NO_LAYOUT },
    warehouse: { refreshAggregates: () => Promise.reject(new Error('not in these tests')) },
  });
}
const SETTINGS = { baseCurrency: 'USD', fiscalYearStartMonth: 1, overviewCards: null };

function serviceOf(rates = GROUP_RATES) {
  return createConsolidatedReportsService({
    reports: reportsOf((organizationId) => BOOKS[organizationId]!),
    organizations: {
      reportingSettings: async () => SETTINGS,
    },
    layouts: { rulesOf: async () => NO_LAYOUT },
    rates: {
      ratesFor: async (currencies, from, to) =>
        rates.filter(
          (r) => currencies.includes(r.from) && currencies.includes(r.to) && r.period >= from && r.period <= to,
        ),
    },
  });
}
const query = reportQuerySchema.parse({ from: '2026-01', to: '2026-02' });
const row = (rows: readonly ReportRow[], key: string) => rows.find((candidate) => candidate.key === key);

describe('a consolidated statement of the hand-made group', () => {
  it('the P&L: translated at average rates, intercompany eliminated, attributed to the parent and the NCI', async () => {
    const report = await serviceOf().report(group, 'profit-and-loss', query);

    expect(report.currency).toBe('USD');
    expect(report.totals).toMatchObject(EXPECTED.profitAndLoss);
    const statement = report.sections[0]!;
    expect(row(statement.rows, 'netIncome:nonControlling')?.values).toMatchObject({
      '2026-01': 112,
      '2026-02': -48.72,
      total: 63.28,
    });
    expect(row(statement.rows, 'netIncome:attributableToParent')?.values.total).toBe(476.72);
    const worksheet = report.sections.find((section) => section.key === 'worksheet')!;
    expect(worksheet.columns.map((column) => column.label)).toEqual([
      'Holding',
      'EuroSub',
      'UKSub',
      'Non-controlling interests',
      'Eliminations',
      'Consolidated',
    ]);
    expect(row(worksheet.rows, 'worksheet:account:4300')?.values).toEqual({
      [`${IDS.holding}`]: 92.8,
      [`${IDS.euro}`]: 0,
      [`${IDS.uk}`]: 0,
      nci: 0,
      elimination: -92.8,
      consolidated: 0,
    });
    expect(row(worksheet.rows, 'worksheet:netIncome')?.values.consolidated).toBe(540);
  });

  it('the balance sheet balances, with the translation adjustment, the NCI and the unmatched loan', async () => {
    const report = await serviceOf().report(group, 'balance-sheet', query);

    expect(report.totals).toMatchObject({
      totalAssets: EXPECTED.balanceSheet.totalAssets,
      totalLiabilities: EXPECTED.balanceSheet.totalLiabilities,
      totalEquity: EXPECTED.balanceSheet.totalEquity,
      nonControllingInterest: EXPECTED.balanceSheet.nonControllingInterest,
      translationAdjustment: EXPECTED.balanceSheet.translationAdjustment,
      unmatchedIntercompany: EXPECTED.balanceSheet.unmatchedIntercompany,
      currentYearEarnings: EXPECTED.balanceSheet.currentYearEarnings,
    });
    const rows = report.sections[0]!.rows;
    expect(row(rows, 'check')?.values.current).toBe(0);
    expect(row(rows, 'check')?.values.previousMonth).toBe(0);
    expect(report.series.find((series) => series.key === 'assets')?.points.map((point) => point.value)).toHaveLength(2);
    expect(row(rows, 'currentAssets:account:1000')?.values.current).toBe(EXPECTED.balanceSheet.cash);
    expect(row(rows, 'equity:account:3000')?.values.current).toBe(EXPECTED.balanceSheet.shareCapital);
    expect(report.unmatched).toEqual([EXPECTED.unmatched]);
  });

  it('the cash flow: in and out at average rates, and what rates and the cash a member brought added', async () => {
    const report = await serviceOf().report(group, 'cash-flow', query);

    // In: Holding 10,125 + 104.40; EuroSub €1,500 × 1.12; UKSub £500 × 1.25 + £400 × 1.28. Out: Holding 1,150 + 300;
    // EuroSub €310 × 1.16; UKSub £100 × 1.25. Exchange: EuroSub 1,252.50 (its €1,050 at joining and January's rate
    // change) + 115.10, UKSub 20 − 24.
    expect(report.totals).toMatchObject({
      cashIn: 13046.4,
      cashOut: 1934.6,
      exchangeEffect: 1363.6,
      closingCash: EXPECTED.balanceSheet.cash,
      netChange: EXPECTED.balanceSheet.cash,
    });
    const cash = report.sections.find((section) => section.key === 'cash')!;
    expect(row(cash.rows, 'cash:exchange')?.values).toEqual({ '2026-01': 1272.5, '2026-02': 91.1, total: 1363.6 });

    // The indirect method on the flows at average rates: net income 560 − 20; operating −30 of the loan's currency
    // difference; financing capital 10,000 + 625 and the minority's dividend −23.20 (EuroSub's €20 × 1.16); the
    // loan, fees, interest and the dividend to Holding cancel. The rest of the change of cash is its own line.
    expect(report.totals).toMatchObject({ operating: 510, investing: 0, financing: 10601.8 });
    const indirect = report.sections.find((section) => section.key === 'cashFlowStatement')!;
    expect(row(indirect.rows, 'indirect:netIncome')?.values).toEqual({ '2026-01': 560, '2026-02': -20, total: 540 });
    expect(row(indirect.rows, 'indirect:exchange')?.values).toEqual({
      '2026-01': 1272.5,
      '2026-02': 91.1,
      total: 1363.6,
    });
    expect(row(indirect.rows, 'indirect:netChange')?.values.total).toBe(EXPECTED.balanceSheet.cash);
    expect(row(indirect.rows, 'indirect:check')?.values).toEqual({ '2026-01': 0, '2026-02': 0, total: 0 });
  });

  it('names every rate it lacks, and assumes none', async () => {
    const rates = GROUP_RATES.filter((rate) => !(rate.from === 'GBP' && rate.period === '2026-02'));
    await expect(serviceOf(rates).report(group, 'balance-sheet', query)).rejects.toMatchObject({
      statusCode: 422,
      message:
        'Exchange rates missing: GBP→USD 2026-02 (average), GBP→USD 2026-02 (closing). Enter them on the Exchange Rates page.',
    });
  });

  it('reads a rate written the other way round as its inverse', async () => {
    const inverse = GROUP_RATES.map((rate) =>
      rate.from === 'GBP'
        ? { ...rate, from: 'USD', to: 'GBP', average: 1 / rate.average, closing: 1 / rate.closing }
        : rate,
    );
    const report = await serviceOf(inverse).report(group, 'profit-and-loss', query);
    expect(report.totals.netIncome).toBe(EXPECTED.profitAndLoss.netIncome);
  });

  it('consolidates entities of one organization as members, their counterparties naming the entities', async () => {
    const books: Books = {
      accounts: HOLDING.accounts,
      periods: HOLDING.periods,
      budget: [],
      journals: [
        {
          id: 'U1',
          period: '2026-01',
          lines: [
            { account: '1000', debit: '1000.00', entity: 'US' },
            { account: '3000', credit: '1000.00', entity: 'US' },
          ],
        },
        {
          id: 'U2',
          period: '2026-01',
          lines: [
            { account: '1300', debit: '400.00', entity: 'US', counterparty: 'CA' },
            { account: '1000', credit: '400.00', entity: 'US' },
          ],
        },
        {
          id: 'C1',
          period: '2026-01',
          lines: [
            { account: '1000', debit: '400.00', entity: 'CA' },
            { account: '2300', credit: '400.00', entity: 'CA', counterparty: 'US' },
          ],
        },
      ],
    };
    const service = createConsolidatedReportsService({
      reports: reportsOf(() => books),
      organizations: {
        reportingSettings: async () => SETTINGS,
      },
      layouts: { rulesOf: async () => NO_LAYOUT },
      rates: { ratesFor: async () => [] },
    });
    const entities: ConsolidationGroup = {
      ...group,
      parentOrganizationId: 'org-one',
      members: ['US', 'CA'].map((entity) => ({
        organizationId: 'org-one',
        organizationName: 'One',
        baseCurrency: 'USD',
        entity,
        ownershipPct: 100,
        joinedPeriod: '2026-01',
      })),
      eliminationRules: [GROUP_RULES[0]!],
    };

    const report = await service.report(
      entities,
      'balance-sheet',
      reportQuerySchema.parse({ from: '2026-01', to: '2026-01' }),
    );

    // Cash 600 + 400; the loan of 400 eliminated on both sides.
    expect(report.totals).toMatchObject({ totalAssets: 1000, totalLiabilities: 0, totalEquity: 1000 });
    expect(report.members.map((member) => member.key)).toEqual(['org-one|US', 'org-one|CA']);
    expect(report.unmatched).toEqual([]);
    const worksheet = report.sections.find((section) => section.key === 'worksheet')!;
    expect(row(worksheet.rows, 'worksheet:account:1300')?.values).toMatchObject({
      'org-one|US': 400,
      elimination: -400,
      consolidated: 0,
    });
  });
});
