import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';

/** Debits and credits in cents: of the period, and from the first period through it. */
export interface LedgerTotals {
  periodDebit: number;
  periodCredit: number;
  periodLines: number;
  toDateDebit: number;
  toDateCredit: number;
}

/** The same totals read two ways: from the GL lines themselves, and from the trial balance the statements read. */
export interface TieOutTotals {
  ledger: LedgerTotals;
  trialBalance: LedgerTotals;
}

export interface TieOutReader {
  totals(organizationId: string, period: string): Promise<TieOutTotals>;
}

/**
 * A pack's tie-out (issue 27 §1): the trial balance (the monthly aggregates every statement reads, grain 0)
 * against 02_GL_Detail, for the period and to date, in integer cents. They differ only if an aggregate missed a
 * write of the ledger — exactly what must stop a pack before it is sent.
 */
export function createTieOutReader(warehouse: Pick<WarehouseService, 'withOrganization' | 'schemaOf'>): TieOutReader {
  return {
    totals(organizationId, period) {
      const t = (name: string) => qualifiedSql(warehouse.schemaOf(organizationId), name);
      const totals = (source: ReturnType<typeof sql>, lines: ReturnType<typeof sql>) => sql`
        select coalesce(sum(debit) filter (where period = ${period}), 0) * 100 as "periodDebit",
               coalesce(sum(credit) filter (where period = ${period}), 0) * 100 as "periodCredit",
               coalesce(${lines}, 0) as "periodLines",
               coalesce(sum(debit), 0) * 100 as "toDateDebit",
               coalesce(sum(credit), 0) * 100 as "toDateCredit"
        from ${source} where period <= ${period}`;
      return warehouse.withOrganization(organizationId, async (tx) => {
        const read = async (query: ReturnType<typeof sql>): Promise<LedgerTotals> => {
          const [row] = rowsOf<Record<keyof LedgerTotals, string>>(await tx.execute(query));
          return {
            periodDebit: Number(row?.periodDebit ?? 0),
            periodCredit: Number(row?.periodCredit ?? 0),
            periodLines: Number(row?.periodLines ?? 0),
            toDateDebit: Number(row?.toDateDebit ?? 0),
            toDateCredit: Number(row?.toDateCredit ?? 0),
          };
        };
        return {
          ledger: await read(totals(t('02_GL_Detail'), sql`count(*) filter (where period = ${period})`)),
          trialBalance: await read(
            totals(
              sql`(select * from ${t('05_Monthly_Balance')} where grain = 0) m`,
              sql`sum(lines) filter (where period = ${period})`,
            ),
          ),
        };
      });
    },
  };
}
