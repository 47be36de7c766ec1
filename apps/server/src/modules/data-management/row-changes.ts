import type { DataRow, HistoryAction } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';

/** Audit events of warehouse rows: the Studio's row history reads them back by table and row id. */
export const WAREHOUSE_ROW_ENTITY = 'warehouse_row';
export const rowEntityId = (table: string, rowId: string | number) => `${table}:${rowId}`;

export interface RowChange {
  action: HistoryAction;
  /** The row as written (after), or as it was (deleted). */
  row: DataRow;
  before: DataRow | null;
  after: DataRow | null;
}

/**
 * Records the changes in the audit trail, last thing in a withOrganization() transaction: it leaves the
 * organization's warehouse so the events commit (or roll back) with the change.
 */
export async function recordRowChanges(
  deps: { warehouse: Pick<WarehouseService, 'leaveOrganization'>; audit: Pick<AuditService, 'record'> },
  tx: Executor,
  principal: Principal,
  organizationId: string,
  table: string,
  changes: readonly RowChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const platformTx = await deps.warehouse.leaveOrganization(tx);
  for (const change of changes) {
    await deps.audit.record(
      {
        actor: principal,
        action: `warehouse_row.${change.action}`,
        entityType: WAREHOUSE_ROW_ENTITY,
        entityId: rowEntityId(table, String(change.row.row_id ?? '')),
        organizationId,
        before: change.before,
        after: change.after,
      },
      platformTx,
    );
  }
}
