import { describe, expect, it } from 'vitest';
import { portfolioMessages, portfolioQuerySchema } from '@finboard/shared/portfolio';
import { AppError } from '../../errors.ts';
import type { PortfolioQuery, PortfolioRow } from './portfolio.repository.ts';
import { createPortfolioService, lastClosedMonth } from './portfolio.service.ts';

const row = (overrides: Partial<PortfolioRow> = {}): PortfolioRow => ({
  id: 'org-1',
  name: 'Cascade Hydraulics',
  baseCurrency: 'EUR',
  latestPeriod: '2026-10',
  revenueLatestMonth: '12500.40',
  netIncomeLatestMonth: '-310.05',
  cashLatest: '80000.00',
  revenueYtd: '125000.00',
  netIncomeYtd: '9100.95',
  sparkline: [{ period: '2026-10', revenue: 12500.4, netIncome: -310.05 }],
  runStatus: 'failed',
  runAt: new Date('2026-11-20T08:00:00Z'),
  syncStatus: null,
  syncAt: null,
  packSentAt: '2026-11-05T09:00:00.000Z',
  flags: ['stale', 'runFailed'],
  ...overrides,
});
const query = (input: Record<string, unknown> = {}): PortfolioQuery => portfolioQuerySchema.parse(input);

describe('the portfolio service', () => {
  it('takes the last closed month as the month before the current UTC month', () => {
    expect(lastClosedMonth(new Date('2026-11-28T21:00:00Z'))).toBe('2026-10');
    expect(lastClosedMonth(new Date('2027-01-01T00:30:00Z'))).toBe('2026-12');
    expect(lastClosedMonth(new Date('2026-12-31T23:59:59Z'))).toBe('2026-11');
  });

  it('asks the repository for the page with the last closed month and answers the contract’s shape', async () => {
    const asked: [PortfolioQuery, string][] = [];
    const service = createPortfolioService({
      repository: {
        page: async (q, lastClosed) => {
          asked.push([q, lastClosed]);
          return { rows: [row()], total: 41 };
        },
      },
      now: () => new Date('2026-11-28T21:00:00Z'),
    });
    const answer = await service.list(query({ page: '3', pageSize: '20', sort: 'revenueYtd', sortOrder: 'desc' }));
    expect(asked).toEqual([[expect.objectContaining({ page: 3, sort: 'revenueYtd', sortOrder: 'desc' }), '2026-10']]);
    expect(answer).toEqual({
      organizations: [
        {
          id: 'org-1',
          name: 'Cascade Hydraulics',
          baseCurrency: 'EUR',
          latestPeriod: '2026-10',
          revenueLatestMonth: 12500.4,
          netIncomeLatestMonth: -310.05,
          cashLatest: 80000,
          revenueYtd: 125000,
          netIncomeYtd: 9100.95,
          sparkline: [{ period: '2026-10', revenue: 12500.4, netIncome: -310.05 }],
          lastRun: { status: 'failed', at: '2026-11-20T08:00:00.000Z' },
          lastSync: null,
          lastPackSentAt: '2026-11-05T09:00:00.000Z',
          flags: ['stale', 'runFailed'],
        },
      ],
      pagination: { total: 41, totalIsEstimate: false, page: 3, pageSize: 20 },
    });
  });

  it('lists flags in the contract’s order and reads figures an organization has not yet as null', async () => {
    const service = createPortfolioService({
      repository: {
        page: async () => ({
          rows: [
            row({
              latestPeriod: null,
              revenueLatestMonth: null,
              cashLatest: null,
              sparkline: '[]',
              runStatus: null,
              packSentAt: null,
              flags: '{syncFailed,noData}',
            }),
          ],
          total: 1,
        }),
      },
    });
    const [organization] = (await service.list(query())).organizations;
    expect(organization).toMatchObject({
      latestPeriod: null,
      revenueLatestMonth: null,
      cashLatest: null,
      sparkline: [],
      lastRun: null,
      lastPackSentAt: null,
      flags: ['noData', 'syncFailed'],
    });
  });

  it('waits for the summaries being refreshed before it reads', async () => {
    const order: string[] = [];
    const service = createPortfolioService({
      repository: {
        page: async () => {
          order.push('read');
          return { rows: [], total: 0 };
        },
      },
      settled: async () => void order.push('settled'),
    });
    await service.list(query());
    expect(order).toEqual(['settled', 'read']);
  });

  it('answers the catalogue’s message when the read fails, keeping the cause for the log', async () => {
    const cause = new Error('connection reset');
    const service = createPortfolioService({ repository: { page: () => Promise.reject(cause) } });
    const failure = await service.list(query()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 500, message: portfolioMessages.loadFailed, cause });
  });
});
