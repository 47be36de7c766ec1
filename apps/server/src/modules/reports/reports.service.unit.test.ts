import { describe, expect, it } from 'vitest';
import { glLinesQuerySchema, reportMessages, reportQuerySchema, type Report } from '@finboard/shared/reports';
import { NO_LAYOUT, type LayoutRules } from '@finboard/shared/statement-layouts';
import { booksRepository, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ReportingSettings } from '../organizations/organizations.service.ts';
import type { ReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

const ORGANIZATION = '5b0f2a4e-7a43-4a4e-9d0e-0a1b2c3d4e5f';
const refreshes: string[] = [];

const USD_FROM_PERIODS: ReportingSettings = { baseCurrency: 'USD', fiscalYearStartMonth: null, overviewCards: null };

function serviceOn(
  repository: ReportsRepository,
  exists = true,
  settings = USD_FROM_PERIODS,
  layout: LayoutRules = NO_LAYOUT,
) {
  const missing = () => Promise.reject(notFound('No such organization'));
  return createReportsService({
    repository,
    organizations: {
      assertExists: async () => (exists ? undefined : missing()),
      reportingSettings: async () => (exists ? settings : missing()),
    },
    layouts: { rulesOf: async () => layout },
    warehouse: {
      refreshAggregates: async (organizationId) => {
        refreshes.push(organizationId);
        return { refreshedAt: '2026-03-02T00:00:00.000Z', rows: 7 };
      },
    },
  });
}
const query = (input: Record<string, string> = {}) => reportQuerySchema.parse(input);
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, code, message } = error as AppError;
  return { statusCode, code, message };
};

describe('the reports service on hand-made books', () => {
  it('defaults to the fiscal year to date of the latest period with lines, and names the filters', async () => {
    const report = await serviceOn(booksRepository(TRADING_BOOKS)).report(ORGANIZATION, 'profit-and-loss', query());
    expect(report).toMatchObject({
      template: 'profit-and-loss',
      from: '2026-01',
      to: '2026-02',
      asOf: '2026-02-28',
      entity: null,
      department: null,
      currency: 'USD',
      refreshedAt: '2026-03-01T00:00:00.000Z',
      filters: {
        entities: ['UK', 'US'],
        departments: ['Ops', 'Sales'],
        firstPeriod: '2025-12',
        lastPeriod: '2026-02',
        fiscalYearStart: '2026-01',
      },
    });
    // Jan–Feb 2026's net income (profit-and-loss.unit.test.ts).
    expect(report.totals.netIncome).toBe(1490);
  });

  it('takes the fiscal year start and the currency from the organization’s settings', async () => {
    // 00_Period holds calendar years; the organization's fiscal year starts in December.
    const december = serviceOn(booksRepository(TRADING_BOOKS), true, {
      baseCurrency: 'EUR',
      fiscalYearStartMonth: 12,
      overviewCards: null,
    });
    const report = await december.report(ORGANIZATION, 'profit-and-loss', query());
    expect(report).toMatchObject({
      from: '2025-12',
      to: '2026-02',
      currency: 'EUR',
      filters: { fiscalYearStart: '2025-12' },
    });
    const sameRange = await serviceOn(booksRepository(TRADING_BOOKS)).report(
      ORGANIZATION,
      'profit-and-loss',
      query({ from: '2025-12', to: '2026-02' }),
    );
    expect(report.totals.netIncome).toBe(sameRange.totals.netIncome);
    // December 2025 now belongs to the current fiscal year: its earnings are the year's, and the sheet balances.
    const sheet = await december.report(ORGANIZATION, 'balance-sheet', query({ to: '2026-02' }));
    expect(sheet.totals.assets).toBe(sheet.totals.liabilitiesAndEquity);
  });

  it('places and orders the accounts by the organization’s statement layout', async () => {
    // 7000 "Interest" is stored as other_expense: its name makes it interest expense unless the layout keeps it.
    const layout: LayoutRules = { lines: new Map([['7000', 'other_expense']]), order: ['6100', '6000'] };
    const keys = (report: Report) =>
      report.sections
        .flatMap((section) => section.rows.map((row) => row.key))
        .filter((key) => /:(6|7)\d{3}$|subtype:(inter|other_exp)/.test(key));
    const byDefault = await serviceOn(booksRepository(TRADING_BOOKS)).report(ORGANIZATION, 'profit-and-loss', query());
    const laidOut = await serviceOn(booksRepository(TRADING_BOOKS), true, USD_FROM_PERIODS, layout).report(
      ORGANIZATION,
      'profit-and-loss',
      query(),
    );
    expect(keys(byDefault)).toEqual([
      'operatingExpenses:account:6000',
      'operatingExpenses:account:6100',
      'otherExpenses:subtype:interest_expense',
      'otherExpenses:account:7000',
    ]);
    expect(keys(laidOut)).toEqual([
      'operatingExpenses:account:6100',
      'operatingExpenses:account:6000',
      'otherExpenses:subtype:other_expense',
      'otherExpenses:account:7000',
    ]);
    expect(laidOut.totals).toEqual(byDefault.totals);
  });

  it('runs the statement of the template on its slice; a `from` past the data is its own `to`', async () => {
    const reports = serviceOn(booksRepository(TRADING_BOOKS));
    const sheet = await reports.report(ORGANIZATION, 'balance-sheet', query({ to: '2026-02', entity: 'US' }));
    expect(sheet).toMatchObject({ from: '2026-01', to: '2026-02', entity: 'US' });
    expect(sheet.totals).toMatchObject({ assets: 1090, liabilitiesAndEquity: 1090 });
    const later = await reports.report(ORGANIZATION, 'cash-flow', query({ from: '2026-05' }));
    expect(later).toMatchObject({ from: '2026-05', to: '2026-05' });
    expect(later.totals).toMatchObject({ openingCash: 10690, closingCash: 10690 });
  });

  it('refuses an unknown template, a reversed or too long range, and another organization', async () => {
    const reports = serviceOn(booksRepository(TRADING_BOOKS));
    expect(await failure(reports.report(ORGANIZATION, 'income-statement', query()))).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: reportMessages.templateUnknown,
    });
    expect(await failure(reports.report(ORGANIZATION, 'cash-flow', query({ from: '2026-02', to: '2026-01' })))).toEqual(
      { statusCode: 400, code: 'INVALID_RANGE', message: reportMessages.rangeInvalid },
    );
    expect(await failure(reports.report(ORGANIZATION, 'cash-flow', query({ from: '2016-01', to: '2026-01' })))).toEqual(
      { statusCode: 400, code: 'INVALID_RANGE', message: reportMessages.rangeTooLong },
    );
    const elsewhere = serviceOn(booksRepository(TRADING_BOOKS), false);
    expect((await failure(elsewhere.report(ORGANIZATION, 'cash-flow', query()))).statusCode).toBe(404);
  });

  it('answers a failed read with the report’s message, and a failed drill-down with its own', async () => {
    const broken: ReportsRepository = { read: () => Promise.reject(new Error('connection lost')) };
    const reports = serviceOn(broken);
    expect(await failure(reports.report(ORGANIZATION, 'profit-and-loss', query()))).toEqual({
      statusCode: 500,
      code: 'REPORT_FAILED',
      message: reportMessages.loadFailed,
    });
    const lines = glLinesQuerySchema.parse({ from: '2026-01', to: '2026-02' });
    expect(await failure(reports.glLines(ORGANIZATION, lines))).toEqual({
      statusCode: 500,
      code: 'GL_LINES_FAILED',
      message: reportMessages.linesLoadFailed,
    });
  });

  it('rebuilds the aggregates through the warehouse (a dataset refresh)', async () => {
    const reports = serviceOn(booksRepository(TRADING_BOOKS));
    expect(await reports.refreshAggregates(ORGANIZATION)).toEqual({ refreshedAt: '2026-03-02T00:00:00.000Z', rows: 7 });
    expect(refreshes).toEqual([ORGANIZATION]);
  });
});
