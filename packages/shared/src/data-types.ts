import { z } from 'zod';
import { savedColumnLayoutSchema, type ExpectedColumn } from './column-mapping.ts';
import { filterText, pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { displayTableName, WAREHOUSE_TABLES } from './warehouse.ts';
import { messages } from './messages.ts';
import { multilineText, text } from './validation.ts';

/**
 * Data Type Master (issue 4): the catalog of data types uploads are tagged with. Each organization has
 * its own; the standard types below are seeded for every organization. A standard type may be edited
 * (name, description, columns, delimiter, period-based) but keeps its target table and is never deleted:
 * it is what uploads and pipelines of that table rely on.
 */
export const dataTypeMessages = {
  fetched: 'Data types fetched successfully',
  fetchedOne: 'Data type fetched successfully',
  fetchFailed: 'Failed to fetch data types',
  created: 'Data type created successfully',
  updated: 'Data type updated successfully',
  deleted: 'Data type deleted successfully',
  createFailed: 'Failed to create data type',
  updateFailed: 'Failed to update data type',
  deleteFailed: 'Failed to delete data type',
  notFound: 'Data type not found',
  nameTaken: 'A data type with this name already exists',
  standardNotDeletable: 'Standard data types cannot be deleted',
  standardTargetFixed: 'The target table of a standard data type cannot be changed',
  // Spec §5 (upload rule): an organization must be chosen.
  organizationRequired: messages.selectOrganization,
  nameRequired: 'Data type name required',
  nameTooLong: 'Data type name must be at most 100 characters',
  nameCharacters: 'Data type name may only contain letters, digits, spaces and - _ & ( ) . /',
  descriptionTooLong: 'Description must be at most 500 characters',
  targetTableRequired: 'Target table required',
  delimiterRequired: 'Delimiter required',
  periodBasedRequired: 'Period-based must be true or false',
  columnsRequired: 'At least one expected column required',
  tooManyColumns: 'At most 100 expected columns are allowed',
  columnNameRequired: 'Column name required',
  columnNameTooLong: 'Column name must be at most 63 characters',
  columnNameCharacters: 'Column name may only contain letters, digits, underscores and spaces',
  columnNameDuplicate: 'Duplicate column names are not allowed',
  columnTypeRequired: 'Column type required',
  columnRequiredFlag: 'Required must be true or false',
  formatTooLong: 'Format must be at most 50 characters',
  dateFormatInvalid: 'Date format must be made of YYYY, MM and DD (e.g. YYYY-MM-DD)',
  /** Names the table as people see it, without its numeric prefix: 'memo is not a column of GL_Detail'. */
  notAColumn: (column: string, table: string) => `${column} is not a column of ${displayTableName(table)}`,
} as const;

export const COLUMN_TYPES = ['text', 'integer', 'numeric', 'date', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  integer: 'Integer',
  numeric: 'Number',
  date: 'Date',
  boolean: 'Yes / No',
};

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export const DELIMITER_LABELS: Record<Delimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
};

export const MAX_DATA_TYPE_COLUMNS = 100;
export const DATA_TYPE_NAME_MAX_LENGTH = 100;
export const COLUMN_NAME_MAX_LENGTH = 63;

// A date pattern of YYYY, MM and DD, each once, with - / . or space between them.
const DATE_FORMAT_PATTERN = /^(?=.*YYYY)(?=.*MM)(?=.*DD)(?:YYYY|MM|DD|[-/. ])+$/;

export const dataTypeColumnSchema = z
  .object({
    name: text({ error: dataTypeMessages.columnNameRequired })
      .trim()
      .min(1, dataTypeMessages.columnNameRequired)
      .max(COLUMN_NAME_MAX_LENGTH, dataTypeMessages.columnNameTooLong)
      .regex(/^[A-Za-z0-9_ ]+$/, dataTypeMessages.columnNameCharacters),
    type: z.enum(COLUMN_TYPES, { error: dataTypeMessages.columnTypeRequired }),
    required: z.boolean({ error: dataTypeMessages.columnRequiredFlag }),
    format: text()
      .trim()
      .max(50, dataTypeMessages.formatTooLong)
      .nullish()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((column, ctx) => {
    if (column.type === 'date' && column.format && !DATE_FORMAT_PATTERN.test(column.format))
      ctx.addIssue({ code: 'custom', message: dataTypeMessages.dateFormatInvalid, path: ['format'] });
  });
export type DataTypeColumnInput = z.input<typeof dataTypeColumnSchema>;

/** The expected columns of a file: 1–100, names unique as people read them (case-insensitive). */
export const dataTypeColumnsSchema = z
  .array(dataTypeColumnSchema, { error: dataTypeMessages.columnsRequired })
  .min(1, dataTypeMessages.columnsRequired)
  .max(MAX_DATA_TYPE_COLUMNS, dataTypeMessages.tooManyColumns)
  .superRefine((columns, ctx) => {
    const seen = new Set<string>();
    columns.forEach((column, index) => {
      const key = column.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: dataTypeMessages.columnNameDuplicate, path: [index, 'name'] });
      seen.add(key);
    });
  });

export const dataTypeNameSchema = text({ error: dataTypeMessages.nameRequired })
  .trim()
  .min(1, dataTypeMessages.nameRequired)
  .max(DATA_TYPE_NAME_MAX_LENGTH, dataTypeMessages.nameTooLong)
  .regex(/^[\p{L}\p{N} _\-&()./]+$/u, dataTypeMessages.nameCharacters);

/** Add Data Type and Edit Data Type: the fields of one data type. */
export const dataTypeInputSchema = z.object({
  name: dataTypeNameSchema,
  description: multilineText()
    .trim()
    .max(500, dataTypeMessages.descriptionTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  targetTable: z.enum(WAREHOUSE_TABLES, { error: dataTypeMessages.targetTableRequired }),
  columns: dataTypeColumnsSchema,
  delimiter: z.enum(DELIMITERS, { error: dataTypeMessages.delimiterRequired }),
  periodBased: z.boolean({ error: dataTypeMessages.periodBasedRequired }),
});
export type DataTypeInput = z.input<typeof dataTypeInputSchema>;
export type DataTypeFields = z.output<typeof dataTypeInputSchema>;

export const dataTypeCreateRequestSchema = dataTypeInputSchema;
export type DataTypeCreateRequest = z.input<typeof dataTypeCreateRequestSchema>;

export const dataTypeUpdateRequestSchema = dataTypeInputSchema;
export type DataTypeUpdateRequest = z.input<typeof dataTypeUpdateRequestSchema>;

/** An expected column as stored and answered: `format` only when there is one. */
const storedColumnSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  required: z.boolean(),
  format: z.string().optional(),
});
export type DataTypeColumn = z.infer<typeof storedColumnSchema>;

export const dataTypeSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  targetTable: z.enum(WAREHOUSE_TABLES),
  columns: z.array(storedColumnSchema),
  delimiter: z.enum(DELIMITERS),
  periodBased: z.boolean(),
  isStandard: z.boolean(),
  /** Column layouts confirmed at upload, newest first: a file with one of these headers maps itself. */
  columnMappings: z.array(savedColumnLayoutSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DataType = z.infer<typeof dataTypeSchema>;

export const DATA_TYPE_SORT_FIELDS = ['name', 'targetTable', 'updatedAt'] as const;

export const dataTypeListQuerySchema = pageQuerySchema.extend({
  name: filterText,
  targetTable: z
    .enum(WAREHOUSE_TABLES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sortBy: z.enum(DATA_TYPE_SORT_FIELDS).default('name'),
});
export type DataTypeListQuery = z.input<typeof dataTypeListQuerySchema>;

export const dataTypeListDataSchema = z.object({ dataTypes: z.array(dataTypeSchema) });
export const dataTypeListResponseSchema = pagedResponseSchema(dataTypeListDataSchema);

/**
 * The organization is in the path, like every organization-scoped route (`/api/v1/crud/{orgId}/…`): the
 * server's tenant guard checks it before anything is read. Admins name any organization, users their own.
 */
export const dataTypeOrganizationParamsSchema = z.object({
  orgId: z.uuid({ error: dataTypeMessages.organizationRequired }),
});
export const dataTypeIdParamsSchema = dataTypeOrganizationParamsSchema.extend({
  id: z.uuid({ error: dataTypeMessages.notFound }),
});

const column = (name: string, type: ColumnType, required: boolean, format?: string): DataTypeColumn => ({
  name,
  type,
  required,
  ...(format && { format }),
});

/** The standard types every organization starts with, one per canonical table (ARCHITECTURE §5 columns). */
export const STANDARD_DATA_TYPES = [
  {
    key: 'periods',
    name: 'Periods',
    description: 'Accounting periods (YYYY-MM) with their dates, fiscal year and whether they are closed',
    targetTable: '00_Period',
    periodBased: false,
    columns: [
      column('Period', 'text', true, 'YYYY-MM'),
      column('start_date', 'date', true, 'YYYY-MM-DD'),
      column('end_date', 'date', true, 'YYYY-MM-DD'),
      column('fiscal_year', 'integer', true),
      column('fiscal_period', 'integer', true),
      column('is_closed', 'boolean', false),
    ],
  },
  {
    key: 'chart_of_accounts',
    name: 'Chart of Accounts',
    description: 'Accounts with their type, subtype and parent account',
    targetTable: '01_Account',
    periodBased: false,
    columns: [
      column('account_code', 'text', true),
      column('account_name', 'text', true),
      column('account_type', 'text', true),
      column('account_subtype', 'text', false),
      column('parent_code', 'text', false),
      column('is_active', 'boolean', false),
    ],
  },
  {
    key: 'gl_detail',
    name: 'GL Detail',
    description: 'General ledger journal lines: one debit or credit per line',
    targetTable: '02_GL_Detail',
    periodBased: true,
    columns: [
      column('journal_id', 'text', true),
      column('line_no', 'integer', true),
      column('posting_date', 'date', true, 'YYYY-MM-DD'),
      column('period', 'text', true, 'YYYY-MM'),
      column('account_code', 'text', true),
      column('description', 'text', false),
      column('debit', 'numeric', false),
      column('credit', 'numeric', false),
      column('entity', 'text', false),
      column('department', 'text', false),
      column('counterparty', 'text', false),
      column('source', 'text', false),
      column('reference', 'text', false),
    ],
  },
  {
    key: 'budget',
    name: 'Budget',
    description: 'Budgeted amount per period, account and department',
    targetTable: '03_Budget',
    periodBased: true,
    columns: [
      column('period', 'text', true, 'YYYY-MM'),
      column('account_code', 'text', true),
      column('department', 'text', false),
      column('amount', 'numeric', true),
    ],
  },
  {
    key: 'trial_balance',
    name: 'Trial Balance',
    description: 'Opening balance, movements and closing balance per period and account',
    targetTable: '04_Trial_Balance',
    periodBased: true,
    columns: [
      column('period', 'text', true, 'YYYY-MM'),
      column('account_code', 'text', true),
      column('opening_balance', 'numeric', true),
      column('debit', 'numeric', true),
      column('credit', 'numeric', true),
      column('closing_balance', 'numeric', true),
    ],
  },
] as const satisfies readonly {
  key: string;
  name: string;
  description: string;
  targetTable: (typeof WAREHOUSE_TABLES)[number];
  periodBased: boolean;
  columns: DataTypeColumn[];
}[];

/**
 * GL lines may leave out their line number and period: the load numbers a journal's lines in file order and
 * takes the period from the posting date (the period whose dates hold it, else its calendar month).
 */
export const DERIVABLE_GL_COLUMNS = ['line_no', 'period'] as const;

/**
 * Trial balance rows may give their closing balance alone (a trial balance as accounting systems export it):
 * the load takes the opening balance from the previous period's closing and the rest as the movement.
 */
export const DERIVABLE_TRIAL_BALANCE_COLUMNS = ['opening_balance', 'debit', 'credit'] as const;

const DERIVABLE_COLUMNS: Readonly<Record<string, readonly string[] | undefined>> = {
  '02_GL_Detail': DERIVABLE_GL_COLUMNS,
  '04_Trial_Balance': DERIVABLE_TRIAL_BALANCE_COLUMNS,
};

/** The expected columns as a file of the type must have them: those the load can derive are optional. */
export function columnsAsUploaded<C extends ExpectedColumn>(type: { targetTable: string; columns: readonly C[] }): C[] {
  const derivable = DERIVABLE_COLUMNS[type.targetTable];
  if (!derivable) return [...type.columns];
  return type.columns.map((column) =>
    derivable.includes(column.name.toLowerCase()) ? { ...column, required: false } : column,
  );
}
