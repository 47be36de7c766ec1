import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { statementLayouts } from '../../db/schema.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';

/** A saved statement layout (no row: the default one, version 0). */
export interface SavedLayout {
  version: number;
  /** The lines people moved accounts to: account code → standard subtype. */
  lines: Record<string, string>;
  /** Account codes in the layout's order. */
  accountOrder: string[];
  updatedById: string | null;
  updatedBy: string | null;
  updatedAt: Date;
}

/** An account of 01_Account as the layout places it. */
export interface ChartAccount {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
}

export interface StatementLayoutsRepository {
  find(organizationId: string): Promise<SavedLayout | undefined>;
  /** The organization's chart of accounts (01_Account), by code. */
  chart(organizationId: string): Promise<ChartAccount[]>;
  /**
   * Stores `layout` on `tx` in place of version `layout.version − 1` (none for version 1); answers the row as
   * stored, or undefined when the stored version is another one (someone saved in between).
   */
  save(tx: Executor, organizationId: string, layout: Omit<SavedLayout, 'updatedAt'>): Promise<SavedLayout | undefined>;
}

/** statement_layouts on the platform database; the chart from the organization's warehouse, as its role. */
export function createStatementLayoutsRepository(deps: {
  db: Database;
  warehouse: Pick<WarehouseService, 'withOrganization' | 'schemaOf'>;
}): StatementLayoutsRepository {
  const { db, warehouse } = deps;
  const columns = {
    version: statementLayouts.version,
    lines: statementLayouts.lines,
    accountOrder: statementLayouts.accountOrder,
    updatedById: statementLayouts.updatedById,
    updatedBy: statementLayouts.updatedBy,
    updatedAt: statementLayouts.updatedAt,
  };
  return {
    async find(organizationId) {
      const [row] = await db
        .select(columns)
        .from(statementLayouts)
        .where(eq(statementLayouts.organizationId, organizationId));
      return row;
    },

    chart(organizationId) {
      const accounts = qualifiedSql(warehouse.schemaOf(organizationId), '01_Account');
      return warehouse.withOrganization(organizationId, async (tx) =>
        rowsOf<ChartAccount>(
          await tx.execute(
            sql`select account_code as code, account_name as name, account_type as type,
              account_subtype as subtype from ${accounts} order by account_code`,
          ),
        ),
      );
    },

    async save(tx, organizationId, layout) {
      const values = { ...layout, updatedAt: sql`now()` };
      const [row] =
        layout.version === 1
          ? await tx
              .insert(statementLayouts)
              .values({ organizationId, ...values })
              .onConflictDoNothing({ target: statementLayouts.organizationId })
              .returning(columns)
          : await tx
              .update(statementLayouts)
              .set(values)
              .where(
                and(
                  eq(statementLayouts.organizationId, organizationId),
                  eq(statementLayouts.version, layout.version - 1),
                ),
              )
              .returning(columns);
      return row;
    },
  };
}
