import {
  ACCOUNT_SUBTYPE_LABELS,
  ACCOUNT_SUBTYPES,
  ACCOUNT_TYPE_NAMES,
  isStandardSubtype,
  STANDARD_SUBTYPES,
} from '@finboard/shared/account-classification';
import type { DataColumn, DataColumnType, DataFilter, DataRow, FilterOp } from '@finboard/shared/data-management';

/** How a column is edited and filtered in the grid, by its warehouse type. */
export type ColumnKind = 'number' | 'date' | 'boolean' | 'text';

export function columnKind(type: DataColumnType): ColumnKind {
  switch (type) {
    case 'integer':
    case 'bigint':
    case 'numeric':
      return 'number';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

const EDITORS: Record<ColumnKind, string> = {
  number: 'agNumberCellEditor',
  date: 'agDateStringCellEditor',
  boolean: 'agCheckboxCellEditor',
  text: 'agTextCellEditor',
};

/**
 * The words a column of the chart of accounts takes (issue 25 §1, docs/account-classification.md): the account
 * types, and the standard subtypes — of the row's type when it has one. The Studio offers them as choices.
 */
export function choicesFor(table: string, column: string, row?: DataRow): readonly string[] | undefined {
  if (table !== '01_Account') return undefined;
  if (column === 'account_type') return ACCOUNT_TYPE_NAMES;
  if (column !== 'account_subtype') return undefined;
  const type = ACCOUNT_TYPE_NAMES.find((name) => name === row?.account_type);
  return type ? ACCOUNT_SUBTYPES[type] : STANDARD_SUBTYPES;
}

/** A subtype's words and label as the Studio offers it: 'operating_expense — Operating expenses'. */
export const choiceLabel = (value: string) =>
  isStandardSubtype(value) ? `${value} — ${ACCOUNT_SUBTYPE_LABELS[value]}` : value;

/** The AG Grid editor of a column, or none: row_id (an identity) and every view column are read-only. */
export function editorFor(column: DataColumn, readOnly: boolean, table = ''): string | undefined {
  if (readOnly || !column.editable || column.name === 'row_id') return undefined;
  if (choicesFor(table, column.name)) return 'agSelectCellEditor';
  return EDITORS[columnKind(column.type)];
}

const FILTERS: Record<ColumnKind, string> = {
  number: 'agNumberColumnFilter',
  date: 'agDateColumnFilter',
  boolean: 'agTextColumnFilter',
  text: 'agTextColumnFilter',
};
export const filterFor = (column: DataColumn): string => FILTERS[columnKind(column.type)];

/** AG Grid filter options the API can answer (no OR, no 'ends with'): the grid offers only these. */
export const FILTER_OPTIONS: Record<ColumnKind, string[]> = {
  text: ['contains', 'equals', 'notEqual', 'startsWith', 'blank', 'notBlank'],
  boolean: ['equals', 'notEqual', 'blank', 'notBlank'],
  number: [
    'equals',
    'notEqual',
    'greaterThan',
    'greaterThanOrEqual',
    'lessThan',
    'lessThanOrEqual',
    'inRange',
    'blank',
    'notBlank',
  ],
  date: ['equals', 'notEqual', 'greaterThan', 'lessThan', 'inRange', 'blank', 'notBlank'],
};

const OPS: Record<string, FilterOp> = {
  equals: 'eq',
  notEqual: 'ne',
  contains: 'contains',
  startsWith: 'startsWith',
  greaterThan: 'gt',
  greaterThanOrEqual: 'gte',
  lessThan: 'lt',
  lessThanOrEqual: 'lte',
  inRange: 'between',
  blank: 'blank',
  notBlank: 'notBlank',
};

/** One condition of AG Grid's text, number or date filter model. */
interface GridCondition {
  filterType?: string;
  type?: string | null;
  filter?: string | number | null;
  filterTo?: string | number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}
export type GridFilterModel = Record<string, GridCondition & { operator?: string; conditions?: GridCondition[] }>;

/** AG Grid dates arrive as 'YYYY-MM-DD HH:mm:ss'; the API compares dates. */
const dateOnly = (value: string | null | undefined) => (value ? value.slice(0, 10) : undefined);

function toFilter(column: string, condition: GridCondition): DataFilter | undefined {
  const op = condition.type ? OPS[condition.type] : undefined;
  if (!op) return undefined;
  if (op === 'blank' || op === 'notBlank') return { column, op };
  const isDate = condition.filterType === 'date';
  const value = isDate ? dateOnly(condition.dateFrom) : condition.filter;
  const valueTo = isDate ? dateOnly(condition.dateTo) : condition.filterTo;
  // A condition still being typed (no value yet) filters nothing.
  if (value === undefined || value === null || value === '') return undefined;
  if (op === 'between') {
    if (valueTo === undefined || valueTo === null || valueTo === '') return undefined;
    return { column, op, value, valueTo };
  }
  return { column, op, value };
}

/**
 * AG Grid's filter model → the contract's filters. Combined conditions are AND-ed (the grid allows
 * only AND); anything the API cannot express is left out rather than guessed.
 */
export function filtersFromGridModel(model: GridFilterModel | null | undefined): DataFilter[] {
  const filters: DataFilter[] = [];
  for (const [column, entry] of Object.entries(model ?? {})) {
    if (entry.conditions) {
      if (entry.operator === 'OR') continue;
      for (const condition of entry.conditions) {
        const filter = toFilter(column, { filterType: entry.filterType, ...condition });
        if (filter) filters.push(filter);
      }
      continue;
    }
    const filter = toFilter(column, entry);
    if (filter) filters.push(filter);
  }
  return filters;
}

const GRID_TYPES: Record<string, string> = {
  eq: 'equals',
  ne: 'notEqual',
  contains: 'contains',
  startsWith: 'startsWith',
  gt: 'greaterThan',
  gte: 'greaterThanOrEqual',
  lt: 'lessThan',
  lte: 'lessThanOrEqual',
  between: 'inRange',
  blank: 'blank',
  notBlank: 'notBlank',
};
const FILTER_TYPES: Record<ColumnKind, string> = { number: 'number', date: 'date', boolean: 'text', text: 'text' };

/**
 * The contract's filters → AG Grid's filter model, so filters read from a link show in the grid's own
 * filter menus (the inverse of filtersFromGridModel). The grid keeps one condition per column: the first
 * filter of a column wins; filters on columns the table does not have are left out.
 */
export function gridModelFromFilters(filters: readonly DataFilter[], columns: readonly DataColumn[]): GridFilterModel {
  const model: GridFilterModel = {};
  for (const filter of filters) {
    const column = columns.find((candidate) => candidate.name === filter.column);
    if (!column || model[filter.column]) continue;
    const kind = columnKind(column.type);
    const condition: GridCondition = { filterType: FILTER_TYPES[kind], type: GRID_TYPES[filter.op] };
    const value = filter.value ?? undefined;
    const valueTo = filter.valueTo ?? undefined;
    if (kind === 'date') {
      if (value !== undefined) condition.dateFrom = `${String(value)} 00:00:00`;
      if (valueTo !== undefined) condition.dateTo = `${String(valueTo)} 00:00:00`;
    } else if (kind === 'number') {
      if (value !== undefined) condition.filter = Number(value);
      if (valueTo !== undefined) condition.filterTo = Number(valueTo);
    } else if (value !== undefined) condition.filter = String(value);
    model[filter.column] = condition;
  }
  return model;
}

/** Money with thousands separators and two decimals in the reader's locale; the decimal string is formatted exactly. */
export function formatMoney(value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const decimal = typeof value === 'number' ? value : String(value);
  if (typeof decimal === 'string' && !/^[-+]?\d+(\.\d+)?$/.test(decimal)) return decimal;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    decimal as Intl.StringNumericLiteral | number,
  );
}

/** An account code with its name, as a ledger reads it ('6100 · Office supplies'); an unknown code stays as it is. */
export function accountWithName(code: unknown, names: ReadonlyMap<string, string> | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  const name = names?.get(String(code));
  return name ? `${String(code)} · ${name}` : String(code);
}

/** Columns shown with the account's name beside the code: account codes of every table but the chart of accounts itself. */
export const showsAccountName = (table: string, column: string) =>
  column === 'account_code' && isCheckedBeforeSave(table, column);

/** Default widths: free text wide, money and dates as wide as their longest figures need. */
export function widthOf(column: DataColumn): { minWidth: number; flex: number } {
  if (column.name === 'description') return { minWidth: 280, flex: 3 };
  if (column.name === 'account_code' || column.name === 'account_name') return { minWidth: 200, flex: 2 };
  if (column.money) return { minWidth: 140, flex: 1 };
  return { minWidth: MIN_WIDTHS[columnKind(column.type)], flex: 1 };
}
const MIN_WIDTHS: Record<ColumnKind, number> = { text: 130, number: 110, date: 130, boolean: 100 };

/** The page the API should answer for the grid's block starting at `startRow`. */
export const pageOf = (startRow: number, pageSize: number) => Math.floor(startRow / pageSize) + 1;

/**
 * The grid's last row index once known: exact totals are final; an estimate is only trusted once a
 * short page shows the end.
 */
export function lastRowOf(startRow: number, received: number, pageSize: number, total: number, estimate: boolean) {
  if (received < pageSize) return startRow + received;
  return estimate ? undefined : total;
}

/**
 * What a history entry shows: an update's changed fields (before → after); a create's or delete's
 * values that were set (empty ones would only be noise).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { column: string; before: unknown; after: unknown }[] {
  const columns = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (column) => column !== 'row_id',
  );
  const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';
  return columns
    .filter((column) =>
      before && after ? String(before[column]) !== String(after[column]) : isSet((before ?? after)?.[column]),
    )
    .map((column) => ({ column, before: before?.[column] ?? null, after: after?.[column] ?? null }));
}

/** Columns whose values must already exist elsewhere before a record is saved, and where they are mastered. */
export const CHECKED_COLUMNS: Record<string, string> = { account_code: '01_Account', period: '00_Period' };

/** Whether a column's value is checked before saving into `table` (a master table defines its own key). */
export const isCheckedBeforeSave = (table: string, column: string) =>
  column in CHECKED_COLUMNS && CHECKED_COLUMNS[column] !== table;
