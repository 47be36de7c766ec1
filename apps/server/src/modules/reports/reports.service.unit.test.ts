import { describe, expect, it } from 'vitest';
import { glLinesQuerySchema, reportMessages, reportQuerySchema } from '@finboard/shared/reports';
import { booksRepository, TRADING_BOOKS } from '../../../test/statement-books.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

const ORGANIZATION = '5b0f2a4e-7a43-4a4e-9d0e-0a1b2c3d4e5f';
const refreshes: string[] = [];

function serviceOn(repository: ReportsRepository, exists = true) {
  return createReportsService({
    repository,
    organizations: {
      assertExists: async () => (exists ? undefined : Promise.reject(notFound('No such organization'))),
    },
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
