import type { DataFilter } from '@finboard/shared/data-management';
import type { ReportDrill } from '@finboard/shared/reports';

/** The GL lines of a figure are rows of this table. */
const GL_TABLE = '02_GL_Detail';

/**
 * The Data Management Studio showing the same GL lines as a figure's drill-down: the Studio reads its
 * table and column filters from the URL (studio-url-state.ts). An account type or subtype is not a column
 * of the ledger, so a figure drilled by type alone opens the lines of its range, entity and department.
 */
export function studioHrefOfDrill(drill: ReportDrill, organizationId?: string): string {
  const filters: DataFilter[] = [{ column: 'period', op: 'between', value: drill.from, valueTo: drill.to }];
  const equal = (column: string, value: string | undefined) => {
    if (value) filters.push({ column, op: 'eq', value });
  };
  equal('account_code', drill.accountCode);
  equal('entity', drill.entity);
  equal('department', drill.department);
  equal('counterparty', drill.counterparty);
  const search = new URLSearchParams();
  if (organizationId) search.set('organization', organizationId);
  search.set('table', GL_TABLE);
  search.set('filters', JSON.stringify(filters));
  return `/data-management?${search.toString()}`;
}

/** A figure of a month column stands for that month's lines only; other columns for the row's whole range. */
export function drillOfCell(drill: ReportDrill, columnKey: string): ReportDrill {
  if (/^\d{4}-\d{2}$/.test(columnKey) && columnKey >= drill.from && columnKey <= drill.to)
    return { ...drill, from: columnKey, to: columnKey };
  return drill;
}
