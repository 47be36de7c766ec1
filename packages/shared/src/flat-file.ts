import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { RESERVED_TABLE_NAMES } from './journals.ts';
import {
  displayTableName,
  WAREHOUSE_AGGREGATES,
  WAREHOUSE_LINEAGE,
  WAREHOUSE_TABLES,
  WAREHOUSE_VIEWS,
} from './warehouse.ts';

/** A column type in the words of the row width refusal: whole numbers and decimals are both numbers to a person. */
const COLUMN_TYPE_WORDS: Record<FlatFileColumnType, string> = {
  text: 'text',
  integer: 'numeric',
  numeric: 'numeric',
  date: 'date',
  boolean: 'true/false',
};

/**
 * Import Flat File (issue 10 §1, `POST /api/v1/pipeline/saveCSV`): a CSV becomes a new table of the
 * organization's warehouse, its columns named and typed from the file. The first three texts are the
 * spec's (§8); the others are ours.
 */
export const flatFileMessages = {
  saved: 'CSV saved successfully!',
  failed: 'Failed to save CSV.',
  invalidTableName: 'Please enter a valid table name',
  fileRequired: 'Please select a file before uploading.',
  replaceInvalid: 'replace must be true or false',
  oneOrganization: 'An import names one organization: the form sends orgID more than once',
  tableExists: (tableName: string, rows: number) =>
    `Table ${tableName} already exists with ${rows.toLocaleString('en-US')} rows. Confirm to replace it.`,
  replaceConfirm: (tableName: string, rows: number) =>
    `Replace table ${tableName}? Its ${rows.toLocaleString('en-US')} rows will be replaced.`,
  tooManyColumns: (count: number) =>
    `Invalid file format: the file has ${count} columns; a table holds at most ${FLAT_FILE_MAX_COLUMNS}`,
  rowWidth: (line: number, found: number, expected: number) =>
    `Invalid file format: line ${line} has ${found} values; the header has ${expected}`,
  badQuotes: (line: number) => `Invalid file format: line ${line} has a quoted value that is not closed properly`,
  rowTooWide: (columns: number, fit: number, type: FlatFileColumnType) =>
    `The file has ${columns.toLocaleString('en-US')} columns; at most ${fit.toLocaleString('en-US')} ${COLUMN_TYPE_WORDS[type]} columns fit in one table row`,
} as const;

/**
 * PostgreSQL's limit is 1,600 columns; one is the table's `row_id`. A row must also fit in one 8 kB page,
 * which a file of numbers reaches first, at about 1,000 columns (flatFileMessages.rowTooWide).
 */
export const FLAT_FILE_MAX_COLUMNS = 1599;

/** The types a column can be given, from all of its values (docs/user-guide.md, "Import Flat File"). */
export const FLAT_FILE_COLUMN_TYPES = ['text', 'integer', 'numeric', 'date', 'boolean'] as const;
export type FlatFileColumnType = (typeof FLAT_FILE_COLUMN_TYPES)[number];

const TABLE_NAME = /^[A-Za-z0-9_]{1,63}$/;
/**
 * PostgreSQL names its own catalogs and schemas pg_…: a table of that name would be hidden behind the
 * catalog wherever a statement named it without its schema.
 */
const RESERVED_PREFIX = /^pg_/i;

/**
 * Names no import may take, compared case-insensitively: the canonical tables (with and without their
 * prefix: '02_GL_Detail', 'GL_Detail'), the derived and lineage tables, the canonical views, and the Studio's API segments.
 */
const TAKEN_NAMES = new Set(
  [
    ...WAREHOUSE_TABLES,
    ...WAREHOUSE_TABLES.map(displayTableName),
    ...WAREHOUSE_AGGREGATES,
    ...WAREHOUSE_AGGREGATES.map(displayTableName),
    ...WAREHOUSE_LINEAGE,
    ...WAREHOUSE_LINEAGE.map(displayTableName),
    ...WAREHOUSE_VIEWS,
    ...RESERVED_TABLE_NAMES,
  ].map((name) => name.toLowerCase()),
);

/**
 * Letters, digits and underscores, 1–63 characters, not a name the warehouse already uses for its model, and
 * not starting with pg_ (PostgreSQL's).
 */
export const isValidFlatFileTableName = (name: string): boolean =>
  TABLE_NAME.test(name) && !RESERVED_PREFIX.test(name) && !TAKEN_NAMES.has(name.toLowerCase());

export const flatFileTableNameSchema = z
  .string({ error: flatFileMessages.invalidTableName })
  .refine(isValidFlatFileTableName, { error: flatFileMessages.invalidTableName });

export const flatFileColumnSchema = z.object({ name: z.string(), type: z.enum(FLAT_FILE_COLUMN_TYPES) });
export type FlatFileColumn = z.infer<typeof flatFileColumnSchema>;

export const flatFileImportSchema = z.object({
  tableName: z.string(),
  columns: z.array(flatFileColumnSchema),
  rows: z.number().int().nonnegative(),
});
export type FlatFileImport = z.infer<typeof flatFileImportSchema>;
export const flatFileImportResponseSchema = apiSuccessSchema(flatFileImportSchema);

/** The refusal's `data` (409) when the table exists and `replace` was not confirmed. */
export const flatFileTableExistsSchema = z.object({ tableName: z.string(), rows: z.number().int().nonnegative() });
export type FlatFileTableExists = z.infer<typeof flatFileTableExistsSchema>;

/** The web client's wait for the answer (spec §7: 100 seconds). */
export const FLAT_FILE_TIMEOUT_MS = 100_000;
