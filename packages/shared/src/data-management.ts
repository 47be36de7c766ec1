import { z } from 'zod';
import { ACCOUNTING_SYSTEM_NAMES, type AccountingSystem } from './accounting.ts';
import { pagedResponseSchema, SORT_ORDERS } from './pagination.ts';
import { storableValue, text } from './validation.ts';

/**
 * Data Management Studio (issue 4): browse, filter, edit and export the rows of an organization's
 * warehouse tables (views read-only). Table names are the warehouse's own ('02_GL_Detail'); the server
 * checks them against the organization's catalog before anything runs.
 */
export const dataManagementMessages = {
  // Spec §8
  tablesFailed: 'Failed to fetch tables',
  dataFailed: 'Failed to fetch table data',
  periodFailed: 'Failed to fetch period data',
  updateFailed: 'Failed to update record',
  createFailed: 'Failed to create record',
  deleteFailed: 'Failed to delete record',
  checkFailed: 'Failed to validate group value',
  updated: 'Record updated successfully!',
  created: 'Record created successfully!',
  deleted: 'Record deleted successfully!',
  duplicate: 'Record with this primary key already exists',
  deleteConfirm: 'Are you sure you want to delete this record?',
  // Ours
  tablesFetched: 'Tables fetched successfully',
  dataFetched: 'Table data fetched successfully',
  historyFetched: 'Record history fetched successfully',
  historyFailed: 'Failed to fetch record history',
  originFetched: 'Record origin fetched successfully',
  originFailed: 'Failed to fetch record origin',
  // A row's origin (describeRowOrigin below); `when` as originTime() writes it.
  originRun: (file: string, run: number, when: string) => `Loaded from ${file} by run #${run} on ${when}`,
  originSync: (system: string, when: string) => `Synced from ${system} on ${when}`,
  originStudio: (actor: string | null, when: string) => `Added in the Studio${actor ? ` by ${actor}` : ''} on ${when}`,
  originDemo: 'From the demo books',
  originEdited: (actor: string | null, when: string) => `edited in the Studio${actor ? ` by ${actor}` : ''} on ${when}`,
  exportFailed: 'Failed to export table data',
  valueChecked: 'Value checked',
  viewsReadOnly: 'Views are read-only',
  tableNotFound: 'Table not found',
  recordNotFound: 'Record not found',
  noValues: 'No values to save',
  filtersInvalid: 'Filters must be a JSON array of { column, op, value, valueTo }',
  tooManyFilters: 'At most 20 filters are allowed',
  newValue: 'New value — not used yet',
  accountUnknown: (code: string) => `Account ${code} does not exist`,
  periodUnknown: (period: string) => `Period ${period} does not exist`,
  periodClosed: 'Period is closed',
  unknownColumn: (column: string) => `Unknown column "${column}"`,
  notEditable: (column: string) => `${column} cannot be changed`,
  required: (column: string) => `${column} is required`,
  mustBeNumber: (column: string) => `${column} must be a number`,
  mustBeInteger: (column: string) => `${column} must be a whole number`,
  mustBeDate: (column: string) => `${column} must be a date (YYYY-MM-DD)`,
  mustBeTimestamp: (column: string) => `${column} must be a date and time (ISO 8601)`,
  mustBeBoolean: (column: string) => `${column} must be true or false`,
  mustBeText: (column: string) => `${column} must be text`,
  tooLong: (column: string) => `${column} must be at most 1000 characters`,
  foreignKey: (column: string, table: string) => `${column} must be a value that exists in ${table}`,
  stillReferenced: (table: string) => `This record is still used by ${table}`,
  notAllowed: (column: string) => `${column} has a value that is not allowed`,
  filterNeedsValue: (column: string) => `The filter on ${column} needs a value`,
} as const;

export const DATA_COLUMN_TYPES = ['text', 'integer', 'bigint', 'numeric', 'date', 'boolean', 'timestamp'] as const;
export type DataColumnType = (typeof DATA_COLUMN_TYPES)[number];

export const dataColumnSchema = z.object({
  name: z.string(),
  /** The column in words, from the column catalog (packages/shared warehouse.ts): 'journal_id' → 'Journal'. */
  label: z.string(),
  type: z.enum(DATA_COLUMN_TYPES),
  nullable: z.boolean(),
  primaryKey: z.boolean(),
  /** False for row_id (an identity) and every column of a view. */
  editable: z.boolean(),
  /** A new record must give it: editable, not nullable and without a database default. */
  required: z.boolean(),
  /** Holds money (numeric(18,2)): shown with two decimals and totalled over the filter. */
  money: z.boolean(),
});
export type DataColumn = z.infer<typeof dataColumnSchema>;

/** A cell as answered: numerics as decimal strings, dates 'YYYY-MM-DD', timestamps ISO 8601. */
export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;
export const dataRowSchema = z.record(z.string(), cellValueSchema);
export type DataRow = z.infer<typeof dataRowSchema>;

export const FILTER_OPS = [
  'eq',
  'ne',
  'contains',
  'startsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'blank',
  'notBlank',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const MAX_FILTERS = 20;
export const MAX_DATA_PAGE_SIZE = 1000;

const filterValueSchema = storableValue(z.union([z.string().max(1000), z.number(), z.boolean()]));

export const dataFilterSchema = z.object({
  column: text().min(1).max(200),
  op: z.enum(FILTER_OPS),
  value: filterValueSchema.nullish(),
  valueTo: filterValueSchema.nullish(),
});
export type DataFilter = z.infer<typeof dataFilterSchema>;

export const dataFiltersSchema = z.array(dataFilterSchema).max(MAX_FILTERS, dataManagementMessages.tooManyFilters);

/** `filters` travels as a JSON array in the query string; absent or empty means no filter. */
export const filtersParamSchema = text()
  .max(20_000)
  .optional()
  .transform((text, ctx): unknown => {
    if (!text) return [];
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: dataManagementMessages.filtersInvalid });
      return z.NEVER;
    }
  })
  .pipe(dataFiltersSchema);

/** The string the web puts into `filters` (none: omit the parameter). */
export const encodeFilters = (filters: readonly DataFilter[]): string | undefined =>
  filters.length > 0 ? JSON.stringify(filters) : undefined;

const sortParams = {
  /** Default: row_id (the primary key), ascending. */
  sortBy: text().min(1).max(200).optional(),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
  filters: filtersParamSchema,
};

export const dataListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_DATA_PAGE_SIZE).default(100),
  ...sortParams,
  /** 'true': also answer `data.totals`. Totals read the whole filter, so a client asks once per filter, not per page. */
  totals: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type DataListQuery = z.input<typeof dataListQuerySchema>;
export type DataListQueryParsed = z.output<typeof dataListQuerySchema>;

export const dataExportQuerySchema = z.object(sortParams);
export type DataExportQuery = z.input<typeof dataExportQuerySchema>;

export const dataListDataSchema = z.object({
  columns: z.array(dataColumnSchema),
  rows: z.array(dataRowSchema),
  /** When asked (`totals=true`): the sum of every money column over the whole filter, exact decimal strings. */
  totals: z.record(z.string(), z.string()).optional(),
});
export type DataListData = z.infer<typeof dataListDataSchema>;
/** Paging beside `data`; an unfiltered big table's `total` is the planner's estimate (`totalIsEstimate`). */
export const dataListResponseSchema = pagedResponseSchema(dataListDataSchema);
export type DataListResponse = z.infer<typeof dataListResponseSchema>;

export const dataTablesDataSchema = z.object({
  tables: z.array(z.object({ name: z.string(), displayName: z.string(), rowEstimate: z.number().int().optional() })),
  views: z.array(z.object({ name: z.string(), displayName: z.string() })),
});
export type DataTablesData = z.infer<typeof dataTablesDataSchema>;

/** A record's body on create (all columns it sets) and update (only those it changes). */
export const dataRecordBodySchema = z.record(text().max(200), storableValue(z.unknown()));
export type DataRecordBody = z.infer<typeof dataRecordBodySchema>;

export const dataCreatedDataSchema = z.object({ createddata: dataRowSchema });
export const dataUpdatedDataSchema = z.object({ updateddata: dataRowSchema });

export const HISTORY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const dataHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  actorEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  before: dataRowSchema.nullable(),
  after: dataRowSchema.nullable(),
});
export type DataHistoryEntry = z.infer<typeof dataHistoryEntrySchema>;
export const dataHistoryDataSchema = z.object({ history: z.array(dataHistoryEntrySchema) });

/**
 * Where a row of a loaded table came from (lineage, warehouse migration 3): the load that wrote its values —
 * a pipeline run of uploaded files, an accounting sync, a Studio change, the demo books, or the baseline of
 * rows older than lineage — and its last Studio edit since.
 */
export const LOAD_KINDS = ['run', 'sync', 'studio', 'demo', 'baseline'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

export const rowOriginSchema = z.object({
  load: z.object({
    /** The load's number: a run's "#42". */
    id: z.number().int(),
    kind: z.enum(LOAD_KINDS),
    /** What people read of it: the files' names, 'QuickBooks sync', 'Studio', a baseline's description. */
    label: z.string(),
    /** A sync's accounting system ('quickbooks'). */
    source: z.string().nullable(),
    /** The uploaded file the row came from (runs). */
    fileName: z.string().nullable(),
    /** Who (a user's name); null for the system. */
    actor: z.string().nullable(),
    at: z.iso.datetime(),
  }),
  edit: z.object({ id: z.number().int(), actor: z.string().nullable(), at: z.iso.datetime() }).nullable(),
});
export type RowOrigin = z.infer<typeof rowOriginSchema>;
/** `origin` is null for a row no load is recorded for (tables of Import Flat File, warehouses without lineage). */
export const dataOriginDataSchema = z.object({ origin: rowOriginSchema.nullable() });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '20 Nov 2026, 14:02' in `timeZone` (default: the runtime's own, a browser's local time). */
export function originTime(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/**
 * A row's origin in words: 'Loaded from gl_2026-11.csv by run #42 on 20 Nov 2026, 14:02; edited in the Studio
 * by Demo User on 21 Nov 2026, 09:15'.
 */
export function describeRowOrigin(origin: RowOrigin, timeZone?: string): string {
  const { load, edit } = origin;
  const when = originTime(load.at, timeZone);
  const loaded = {
    run: () => dataManagementMessages.originRun(load.fileName ?? load.label, load.id, when),
    sync: () =>
      dataManagementMessages.originSync(
        ACCOUNTING_SYSTEM_NAMES[load.source as AccountingSystem] ?? load.label.replace(/ sync$/, ''),
        when,
      ),
    studio: () => dataManagementMessages.originStudio(load.actor, when),
    demo: () => dataManagementMessages.originDemo,
    // The baseline's label says it all: 'Loaded before lineage was kept (GL Detail, upload, 2026-01)'.
    baseline: () => load.label,
  }[load.kind]();
  return edit ? `${loaded}; ${dataManagementMessages.originEdited(edit.actor, originTime(edit.at, timeZone))}` : loaded;
}

/** The columns whose values are "groups" checked before saving (account, period, dimensions). */
export const GROUP_VALUE_COLUMNS = [
  'account_code',
  'period',
  'Period',
  'department',
  'entity',
  'counterparty',
] as const;

export const checkValueRequestSchema = z.object({
  columnName: text().min(1).max(200),
  value: z.union([z.string(), z.number()]).transform(String).pipe(text().max(1000)),
});
export type CheckValueRequest = z.input<typeof checkValueRequestSchema>;
export const checkValueDataSchema = z.object({ valid: z.boolean(), message: z.string().optional() });
export type CheckValueData = z.infer<typeof checkValueDataSchema>;

export const orgIdParamsSchema = z.object({ orgId: z.uuid() });
export const tableParamsSchema = orgIdParamsSchema.extend({ table: text().min(1).max(200) });
/** Row ids are positive bigint identities; the server answers 404 'Record not found' for anything else. */
export const rowParamsSchema = tableParamsSchema.extend({ rowId: text().min(1).max(40) });
