import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { ChartAccount } from './apply-layout.ts';
import { centsOf } from './money.ts';

/** The organization's chart of accounts as a layout matches names and codes against it. */
export const chartReader =
  (warehouse: Pick<WarehouseService, 'withOrganization'>) =>
  (organizationId: string): Promise<ChartAccount[]> =>
    warehouse.withOrganization(organizationId, async (tx) =>
      rowsOf<{ code: string; name: string; type: string | null }>(
        await tx.execute(
          sql.raw(
            'SELECT account_code AS code, account_name AS name, account_type AS type FROM "01_Account" ORDER BY 1',
          ),
        ),
      ),
    );

/**
 * The closing balances of the trial balance before `period` (debit − credit, in cents), per account: the
 * opening balances of a trial balance loaded for `period`.
 */
export const closingBalancesBefore =
  (warehouse: Pick<WarehouseService, 'withOrganization'>) =>
  (organizationId: string, period: string): Promise<Map<string, bigint>> =>
    warehouse.withOrganization(organizationId, async (tx) => {
      const rows = rowsOf<{ code: string; closing: string }>(
        await tx.execute(
          sql`SELECT account_code AS code, closing_balance::text AS closing FROM "04_Trial_Balance"
              WHERE period = (SELECT max(period) FROM "04_Trial_Balance" WHERE period < ${period})`,
        ),
      );
      return new Map(rows.map((row) => [row.code, centsOf(row.closing)]));
    });
