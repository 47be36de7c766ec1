import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { ChartAccount } from './apply-layout.ts';

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
