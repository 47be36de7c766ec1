/**
 * The canonical financial model every organization's warehouse holds (ARCHITECTURE §5), in the
 * numbered names the spec expects. One list for the server, the web and the demo.
 */
export const WAREHOUSE_TABLES = ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance'] as const;
export type WarehouseTable = (typeof WAREHOUSE_TABLES)[number];
/**
 * Tables derived from the canonical ones (warehouse migration 2): the monthly balances the built-in
 * statements read, and when they were last rebuilt. Finboard alone writes them (a refresh recomputes them
 * from 02_GL_Detail), so the Studio does not show them and no import may take their names.
 */
export const WAREHOUSE_AGGREGATES = ['05_Monthly_Balance', '05_Monthly_Cash_Flow', '05_Aggregate_Refresh'] as const;
export type WarehouseAggregate = (typeof WAREHOUSE_AGGREGATES)[number];
export const isWarehouseAggregate = (name: string): boolean =>
  (WAREHOUSE_AGGREGATES as readonly string[]).includes(name);
/**
 * Lineage (warehouse migration 3): the loads that wrote the tables, the files they loaded and what they
 * removed or overwrote. Finboard alone writes them; the Studio does not show them, no import may take their
 * names, and a row's origin is read through the Studio's origin panel.
 */
export const WAREHOUSE_LINEAGE = ['06_Load', '06_Load_File', '06_Load_Change'] as const;
/** The lineage columns of every loaded table: not shown as columns, never written by a file or an edit. */
export const LINEAGE_COLUMNS = ['load_id', 'file_id', 'edit_load_id'] as const;
export const isLineageColumn = (name: string): boolean => (LINEAGE_COLUMNS as readonly string[]).includes(name);
/** Tables Finboard keeps for itself in a warehouse: derived aggregates and lineage. */
export const isWarehouseSystemTable = (name: string): boolean =>
  isWarehouseAggregate(name) || (WAREHOUSE_LINEAGE as readonly string[]).includes(name);
/** The canonical views over those tables: what dashboards and Chat DB read. */
export const WAREHOUSE_VIEWS = [
  'vw_profit_and_loss',
  'vw_balance_sheet',
  'vw_cash_flow',
  'vw_budget_vs_actual',
] as const;

/** Spec §5 and §9: a 1–2 digit prefix and its underscore are not shown ('02_GL_Detail' → 'GL_Detail'). */
export function displayTableName(name: string): string {
  const stripped = name.replace(/^\d{1,2}_/, '');
  // A name that is nothing but the prefix keeps it, so no table is ever shown without a name.
  return stripped === '' ? name : stripped;
}

/**
 * The column catalog (issue 9): what each column of the canonical tables and views is called in words,
 * and whether it holds money. The Studio shows these labels (the database name stays in the header's
 * tooltip) and totals the money columns. One map by column name: a name means the same in every table.
 */
const COLUMN_CATALOG: Record<string, { label: string; money?: true }> = {
  row_id: { label: 'Row ID' },
  // 00_Period
  Period: { label: 'Period' },
  start_date: { label: 'Start date' },
  end_date: { label: 'End date' },
  fiscal_year: { label: 'Fiscal year' },
  fiscal_period: { label: 'Fiscal period' },
  is_closed: { label: 'Closed' },
  // 01_Account
  account_code: { label: 'Account' },
  account_name: { label: 'Account name' },
  account_type: { label: 'Account type' },
  account_subtype: { label: 'Account subtype' },
  parent_code: { label: 'Parent account' },
  is_active: { label: 'Active' },
  // 02_GL_Detail, 03_Budget, 04_Trial_Balance
  journal_id: { label: 'Journal' },
  line_no: { label: 'Line' },
  posting_date: { label: 'Posting date' },
  period: { label: 'Period' },
  description: { label: 'Description' },
  debit: { label: 'Debit', money: true },
  credit: { label: 'Credit', money: true },
  entity: { label: 'Entity' },
  department: { label: 'Department' },
  counterparty: { label: 'Counterparty' },
  source: { label: 'Source' },
  reference: { label: 'Reference' },
  amount: { label: 'Amount', money: true },
  opening_balance: { label: 'Opening balance', money: true },
  closing_balance: { label: 'Closing balance', money: true },
  // Views
  net_income_effect: { label: 'Net income effect', money: true },
  section: { label: 'Section' },
  balance: { label: 'Balance', money: true },
  opening_cash: { label: 'Opening cash', money: true },
  cash_in: { label: 'Cash in', money: true },
  cash_out: { label: 'Cash out', money: true },
  net_cash_flow: { label: 'Net cash flow', money: true },
  closing_cash: { label: 'Closing cash', money: true },
  budget: { label: 'Budget', money: true },
  actual: { label: 'Actual', money: true },
  variance: { label: 'Variance', money: true },
  variance_percent: { label: 'Variance %' },
  favorable: { label: 'Favorable' },
};

/** A column's name in words; a column the catalog does not know reads as its name with spaces ('cost_centre' → 'Cost centre'). */
export function columnLabel(name: string): string {
  const known = Object.hasOwn(COLUMN_CATALOG, name) ? COLUMN_CATALOG[name] : undefined;
  if (known) return known.label;
  const spaced = name.replace(/_+/g, ' ').trim();
  return spaced === '' ? name : spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Whether a column of the canonical model holds money (numeric(18,2)): shown as money and totalled. */
export const isMoneyColumn = (name: string): boolean =>
  Object.hasOwn(COLUMN_CATALOG, name) && COLUMN_CATALOG[name]!.money === true;
