import type { z } from 'zod';
import {
  exchangeRateMessages as m,
  type ExchangeRateInput,
  type exchangeRatesQuerySchema,
} from '@finboard/shared/exchange-rates';
import type { Transaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import type { Principal } from '../../principal.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { ratesOfCsv } from './exchange-rates-csv.ts';
import type { ExchangeRatesRepository } from './exchange-rates.repository.ts';

export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;

/**
 * The exchange rates table (administrators): rates entered on the page, imported from a CSV file or written by a
 * script through the API, each write in one transaction with its audit event; and the lookup consolidation reads.
 */
export function createExchangeRatesService(deps: {
  repository: ExchangeRatesRepository;
  transaction: Transaction<{ repository: ExchangeRatesRepository }>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { repository, transaction, audit } = deps;

  async function save(actor: Principal, rates: readonly ExchangeRateInput[], action: string): Promise<number> {
    await transaction(async ({ repository: tx, tx: executor }) => {
      await tx.upsert(rates, actor.id);
      await audit.record(
        { actor, action, entityType: 'exchange_rates', entityId: `${rates.length} rates`, after: rates },
        executor,
      );
    });
    return rates.length;
  }

  return {
    list(query: z.output<typeof exchangeRatesQuerySchema>) {
      return repository.list(query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    },
    save: (actor: Principal, rates: readonly ExchangeRateInput[]) => save(actor, rates, 'exchange-rates.save'),
    /** A CSV file's rates, all or none (exchange-rates-csv.ts). */
    importCsv: async (actor: Principal, text: string) => save(actor, ratesOfCsv(text), 'exchange-rates.import'),
    async delete(actor: Principal, rate: { from: string; to: string; period: string }): Promise<void> {
      await transaction(async ({ repository: tx, tx: executor }) => {
        const before = await tx.delete(rate);
        if (!before) throw notFound(m.notFound);
        await audit.record(
          {
            actor,
            action: 'exchange-rates.delete',
            entityType: 'exchange_rates',
            entityId: `${rate.from}/${rate.to}/${rate.period}`,
            before: { ...rate, average: before.average, closing: before.closing },
          },
          executor,
        );
      });
    },
    /** Every stored rate between two of `currencies` for the periods from `fromPeriod` to `toPeriod`. */
    ratesFor: (currencies: readonly string[], fromPeriod: string, toPeriod: string) =>
      repository.ratesFor(currencies, fromPeriod, toPeriod),
  };
}
