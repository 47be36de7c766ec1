import type { WarehouseService } from '../src/warehouse/warehouse.service.ts';

/** A month of 00_Period: period, start, end, fiscal year, fiscal period. */
export type PeriodRow = [string, string, string, number, number];
/** A row of 01_Account: code, name, type, subtype. */
export type AccountRow = [string, string, string, string | null];

const PERIOD_COLUMNS = ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'];
const ACCOUNT_COLUMNS = ['account_code', 'account_name', 'account_type', 'account_subtype'];

/**
 * Small books written straight into an organization's (new) warehouse for an API test: its periods, chart and
 * GL lines (`gl.columns` names the GL columns the rows fill), provisioned and loaded in one go.
 */
export async function seedWarehouse(
  warehouse: Pick<WarehouseService, 'provision' | 'loadTables'>,
  organizationId: string,
  books: { periods: PeriodRow[]; accounts: AccountRow[]; gl: { columns: readonly string[]; rows: unknown[][] } },
): Promise<void> {
  await warehouse.provision(organizationId);
  await warehouse.loadTables(organizationId, [
    { table: '00_Period', columns: PERIOD_COLUMNS, rows: books.periods },
    { table: '01_Account', columns: ACCOUNT_COLUMNS, rows: books.accounts },
    { table: '02_GL_Detail', columns: books.gl.columns, rows: books.gl.rows },
  ]);
}
