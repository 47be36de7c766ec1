import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { Account, Movement } from '../reports/statement-kit.ts';
import type { SummaryLedger } from './summary-figures.ts';

export interface SummaryLedgerReader {
  /** One organization's periods, chart and monthly balances at grain 0, in one transaction as its role. */
  read(organizationId: string): Promise<SummaryLedger>;
}

/**
 * What a summary is computed from: the monthly aggregates, never the ledger. Three small reads of the
 * organization's warehouse in one transaction (the statements read the same rows: reports.repository.ts).
 */
export function createSummaryLedgerReader(
  warehouse: Pick<WarehouseService, 'withOrganization' | 'schemaOf'>,
): SummaryLedgerReader {
  return {
    read(organizationId) {
      const t = (name: string) => qualifiedSql(warehouse.schemaOf(organizationId), name);
      return warehouse.withOrganization(organizationId, async (tx) => {
        const [context] = rowsOf<{
          periods: { period: string; fiscal_year: number; fiscal_period: number }[] | string | null;
          last_data: string | null;
        }>(
          await tx.execute(sql`select
            (select json_agg(json_build_object('period', "Period", 'fiscal_year', fiscal_year,
               'fiscal_period', fiscal_period) order by "Period") from ${t('00_Period')}) as periods,
            (select last_period from ${t('05_Aggregate_Refresh')}) as last_data`),
        );
        const periods = typeof context?.periods === 'string' ? JSON.parse(context.periods) : context?.periods;
        const lastData = context?.last_data ?? null;
        const accounts = new Map(
          rowsOf<Account>(
            await tx.execute(sql`select account_code as code, account_name as name, account_type as type,
              account_subtype as subtype from ${t('01_Account')}`),
          ).map((row) => [row.code, row]),
        );
        const rows =
          lastData === null
            ? []
            : rowsOf<{ period: string; account_code: string; debit: string; credit: string }>(
                await tx.execute(sql`select period, account_code, (debit * 100)::bigint as debit,
                  (credit * 100)::bigint as credit
                  from ${t('05_Monthly_Balance')} where grain = 0 and period <= ${lastData}`),
              );
        const movements = rows.map((row): Movement => {
          const account = accounts.get(row.account_code);
          return {
            period: row.period,
            accountCode: row.account_code,
            accountType: account?.type ?? null,
            accountSubtype: account?.subtype ?? null,
            debit: Number(row.debit),
            credit: Number(row.credit),
          };
        });
        return {
          periods: ((periods ?? []) as { period: string; fiscal_year: number; fiscal_period: number }[]).map((row) => ({
            period: row.period,
            fiscalYear: Number(row.fiscal_year),
            fiscalPeriod: Number(row.fiscal_period),
          })),
          lastData,
          accounts,
          movements,
        };
      });
    },
  };
}
