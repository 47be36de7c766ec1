import { describe, expect, it } from 'vitest';
import { exchangeRateMessages as m, type ExchangeRateInput } from '@finboard/shared/exchange-rates';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Principal } from '../../principal.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { ExchangeRatesRepository } from './exchange-rates.repository.ts';
import { createExchangeRatesService } from './exchange-rates.service.ts';

/**
 * The exchange rates service (exchange-rates.service.ts) with its table, its transaction and the audit trail in
 * memory: each write and its audit event commit together or not at all, an import file is checked whole before
 * anything is written, and a delete of a rate that is not there records nothing.
 */

const admin: Principal = {
  id: 'u-1',
  email: 'admin@example.test',
  role: 'admin',
  organizationId: null,
  mustChangePassword: false,
};
const tx = { transaction: true } as unknown as Executor;
const key = (rate: { period: string; from: string; to: string }) => `${rate.period}|${rate.from}|${rate.to}`;

function ratesService(options: { auditFails?: boolean } = {}) {
  const table = new Map<string, ExchangeRateInput & { updatedById: string }>();
  const audited: AuditEntry[] = [];
  const pages: { limit: number; offset: number }[] = [];
  let transactions = 0;
  const repositoryOf = (rows: typeof table): ExchangeRatesRepository => ({
    ratesFor: async (currencies, fromPeriod, toPeriod) =>
      [...rows.values()]
        .filter((rate) => currencies.includes(rate.from) && currencies.includes(rate.to))
        .filter((rate) => rate.period >= fromPeriod && rate.period <= toPeriod)
        .map(({ updatedById: _, ...rate }) => rate),
    async list(_filter, page) {
      pages.push(page);
      return { total: rows.size, rates: [] };
    },
    async upsert(rates, updatedById) {
      for (const rate of rates) rows.set(key(rate), { ...rate, updatedById });
    },
    async delete(rate) {
      const before = rows.get(key(rate));
      rows.delete(key(rate));
      return before && { period: before.period, average: String(before.average), closing: String(before.closing) };
    },
  });
  const service = createExchangeRatesService({
    repository: repositoryOf(table),
    // Puts the table back as it was when the work fails, as a database transaction does.
    transaction: async (work) => {
      transactions += 1;
      const before = new Map(table);
      try {
        return await work({ repository: repositoryOf(table), tx });
      } catch (error) {
        table.clear();
        for (const [name, rate] of before) table.set(name, rate);
        throw error;
      }
    },
    audit: {
      async record(entry, executor) {
        expect(executor).toBe(tx);
        if (options.auditFails) throw new Error('audit trail unavailable');
        audited.push(entry);
      },
    },
  });
  return { service, table: () => [...table.values()], audited, pages, transactions: () => transactions };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
};

const EUR_USD: ExchangeRateInput = { period: '2026-01', from: 'EUR', to: 'USD', average: 1.0845, closing: 1.0912 };

describe('the exchange rates service', () => {
  it('saves rates with who saved them and records one audit event in the same transaction', async () => {
    const { service, table, audited } = ratesService();
    expect(await service.save(admin, [EUR_USD])).toBe(1);
    expect(await service.save(admin, [{ ...EUR_USD, average: 1.09 }])).toBe(1);

    expect(table()).toEqual([{ ...EUR_USD, average: 1.09, updatedById: admin.id }]);
    expect(audited.map((entry) => [entry.action, entry.actor, entry.after])).toEqual([
      ['exchange-rates.save', admin, [EUR_USD]],
      ['exchange-rates.save', admin, [{ ...EUR_USD, average: 1.09 }]],
    ]);
  });

  it('keeps nothing of a save whose audit event cannot be written', async () => {
    const { service, table } = ratesService({ auditFails: true });
    await expect(service.save(admin, [EUR_USD])).rejects.toThrow('audit trail unavailable');
    expect(table()).toEqual([]);
  });

  it('imports every rate of a good file and records the import', async () => {
    const { service, table, audited } = ratesService();
    const saved = await service.importCsv(
      admin,
      'period,from,to,average,closing\n2026-01,GBP,USD,1.2634,1.2701\n2026-02,GBP,USD,1.2655,1.2688\n',
    );
    expect(saved).toBe(2);
    expect(table().map(({ period, closing }) => [period, closing])).toEqual([
      ['2026-01', 1.2701],
      ['2026-02', 1.2688],
    ]);
    expect(audited.map((entry) => entry.action)).toEqual(['exchange-rates.import']);
  });

  it('refuses a file with one bad line before opening a transaction, so nothing is written or audited', async () => {
    const { service, table, audited, transactions } = ratesService();
    const refused = await refusal(
      service.importCsv(admin, 'period,from,to,average,closing\n2026-01,GBP,USD,1.26,1.27\n2026-02,GBP,USD,0x10,1\n'),
    );
    expect(refused).toEqual({
      status: 400,
      message: m.fileLineInvalid.replace('{line}', '3').replace('{reason}', m.rateInvalid),
    });
    expect([table(), audited, transactions()]).toEqual([[], [], 0]);
  });

  it('deletes a rate and records what it was; a rate that is not there is 404 and records nothing', async () => {
    const { service, table, audited } = ratesService();
    await service.save(admin, [EUR_USD]);
    await service.delete(admin, { from: 'EUR', to: 'USD', period: '2026-01' });
    expect(table()).toEqual([]);
    expect(audited.at(-1)).toMatchObject({
      action: 'exchange-rates.delete',
      entityId: 'EUR/USD/2026-01',
      before: { from: 'EUR', to: 'USD', period: '2026-01', average: '1.0845', closing: '1.0912' },
    });

    const missing = await refusal(service.delete(admin, { from: 'EUR', to: 'USD', period: '2026-01' }));
    expect(missing).toEqual({ status: 404, message: m.notFound });
    expect(audited).toHaveLength(2);
  });

  it('reads the page the query asks for', async () => {
    const { service, pages } = ratesService();
    await service.list({ page: 3, pageSize: 50 });
    expect(pages).toEqual([{ limit: 50, offset: 100 }]);
  });

  it('answers consolidation with the rates between its currencies within its periods', async () => {
    const { service } = ratesService();
    await service.save(admin, [
      EUR_USD,
      { ...EUR_USD, period: '2026-04' },
      { ...EUR_USD, from: 'GBP' },
      { ...EUR_USD, to: 'JPY' },
    ]);
    expect(await service.ratesFor(['USD', 'EUR'], '2025-12', '2026-03')).toEqual([EUR_USD]);
  });
});
