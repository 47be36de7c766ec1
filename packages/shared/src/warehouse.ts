/**
 * The canonical financial model every organization's warehouse holds (ARCHITECTURE §5), in the
 * numbered names the spec expects. One list for the server, the web and the demo.
 */
export const WAREHOUSE_TABLES = ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance'] as const;
export type WarehouseTable = (typeof WAREHOUSE_TABLES)[number];

/** Spec §5 and §9: a 1–2 digit prefix and its underscore are not shown ('02_GL_Detail' → 'GL_Detail'). */
export function displayTableName(name: string): string {
  const stripped = name.replace(/^\d{1,2}_/, '');
  // A name that is nothing but the prefix keeps it, so no table is ever shown without a name.
  return stripped === '' ? name : stripped;
}
