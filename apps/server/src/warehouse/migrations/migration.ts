/**
 * One change of the warehouse model (docs/development.md, "Changing the warehouse model"). The migrator applies each
 * once to every organization's warehouse, in order, each with its version bump in one transaction.
 */
export interface WarehouseMigration {
  /** Its number: the prefix of its file name (`0002_…` is 2); WAREHOUSE_MIGRATIONS runs 1, 2, 3, … */
  version: number;
  /** The rest of its file name, recorded with the version. */
  name: string;
  /**
   * The statements for the warehouse schema `schema` (quote names with identifiers.ts), one each:
   * PGlite prepares statements one by one. They run as the platform's role, which owns the warehouse.
   */
  statements(schema: string): string[];
}
