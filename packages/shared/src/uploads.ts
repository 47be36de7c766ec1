import { z } from 'zod';
import { filterText, pagedResponseSchema, pageQuerySchema, SORT_ORDERS } from './pagination.ts';
import { text } from './validation.ts';

/**
 * Uploads (issue 10 §1): what a CSV must be before it is accepted, and the words used when it is not.
 * 'Invalid file format' is the spec's (§8); the reasons after it, and every other text here, are ours.
 */

/** The most problems a refused file reports (the downloadable report); further ones are only counted. */
export const MAX_CSV_PROBLEMS = 1000;
/** A single record longer than this is refused: it is almost always a quote that was never closed. */
export const MAX_CSV_RECORD_CHARACTERS = 1024 * 1024;
/** How many problems the refusal message itself names (the report has them all). */
export const CSV_PROBLEMS_IN_MESSAGE = 3;

const formatOf = (reason: string) => `Invalid file format: ${reason}`;

export const uploadMessages = {
  invalidFileFormat: 'Invalid file format',
  binaryFile: formatOf('the file holds binary data (NUL bytes), not CSV text'),
  notUtf8: formatOf('the file is not UTF-8 text (save it as "CSV UTF-8")'),
  emptyFile: formatOf('the file is empty'),
  noRows: formatOf('the file has a header but no rows'),
  recordTooLong: (line: number) =>
    formatOf(`the record starting on line ${line} is longer than 1 MB (is a quote left open?)`),
  periodRequired: 'Please choose the period (YYYY-MM) of the file',
  periodInvalid: 'The period must be a month written YYYY-MM',

  /** The header, after mapping, against the data type's expected columns: every mismatch in one message. */
  headerMismatch: (
    dataTypeName: string,
    { missing, unknown, duplicate }: { missing: string[]; unknown: string[]; duplicate: string[] },
  ) =>
    [
      `The file's columns do not match ${dataTypeName}`,
      missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
      unknown.length > 0 ? `not expected: ${unknown.join(', ')}` : '',
      duplicate.length > 0 ? `more than once: ${duplicate.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),

  // The upload's `columnMapping` field.
  mappingInvalid: 'The column mapping must be a JSON object of file column → expected column (or null to skip it)',
  mappingTooLarge: 'The column mapping may name at most 500 columns',
  mappingSourceNotInFile: (column: string) => `The column mapping names "${column}", which is not a column of the file`,
  mappingTargetUnknown: (column: string, dataTypeName: string) =>
    `The column mapping maps onto "${column}", which is not an expected column of ${dataTypeName}`,
  mappingTargetTwice: (column: string) => `The column mapping maps more than one file column onto ${column}`,
  mappingRequiredMissing: (columns: string[]) =>
    `The column mapping leaves required columns unmapped: ${columns.join(', ')}`,

  // One problem of a value or a row (the report's `problem` column).
  valueRequired: 'a value is required',
  notInteger: 'is not a whole number',
  integerOutOfRange: 'is out of range for a whole number',
  notNumber: 'is not a number',
  tooManyDecimals: 'has more than 2 decimals',
  numberTooLarge: 'is too large (at most 16 digits before the decimal point)',
  notDate: (format: string) => `is not a date written ${format}`,
  notBoolean: 'is not yes or no (true, false, yes, no, y, n, 1 or 0)',
  notPeriod: 'is not a period written YYYY-MM',
  wrongPeriod: (period: string) => `is not the chosen period ${period}`,
  unsupportedCharacters: 'contains control characters or invalid symbols',
  rowWidth: (found: number, expected: number) => `has ${found} values; the header has ${expected}`,
  unclosedQuote: 'has a quoted value that is never closed',
  malformedQuote: 'has a quote in the wrong place (a quoted value must be followed by the delimiter)',

  /** The 400's message: the first problems, then how many more the report holds. */
  fileRefused: (firstProblems: string[], more: number) =>
    `The file was not accepted: ${firstProblems.join('; ')}${more > 0 ? ` (and ${more.toLocaleString('en-US')} more)` : ''}`,
} as const;

/** An accounting month, as chosen on the upload page for a period-based data type. */
export const uploadPeriodSchema = text({ error: uploadMessages.periodRequired })
  .trim()
  .min(1, uploadMessages.periodRequired)
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, uploadMessages.periodInvalid);

/** One problem of a refused file: the physical line (the header is line 1), the expected column and the value. */
export const csvProblemSchema = z.object({
  line: z.number().int().positive(),
  /** The expected column (after mapping); null for a problem of the whole row. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  problem: z.string(),
  /** For a file read with a layout: the layout rule that read the value (issue 23 §3). */
  rule: z.string().nullable().optional(),
});
export type CsvProblem = z.infer<typeof csvProblemSchema>;

/** A refused file's `data` in the 400 answer: its first 1,000 problems for the report, and how many in all. */
export const csvRefusalSchema = z.object({
  problems: z.array(csvProblemSchema),
  problemCount: z.number().int().nonnegative(),
  rowsRead: z.number().int().nonnegative(),
});
export type CsvRefusal = z.infer<typeof csvRefusalSchema>;

/** Long values are cut in messages (the report keeps them whole); JSON quoting shows invisible characters. */
const quoted = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** `line 7, column debit: "12,3x" is not a number`. */
export function describeCsvProblem({ line, column, value, problem, rule }: CsvProblem): string {
  const where = column === null ? `line ${line}` : `line ${line}, column ${column}`;
  const what = value === null || value === '' ? problem : `${quoted(value)} ${problem}`;
  return rule ? `${where}: ${what} (layout rule: ${rule})` : `${where}: ${what}`;
}

/** The refusal's message, naming the first problems; `total` counts those past the report's cap too. */
export const csvRefusalMessage = (problems: readonly CsvProblem[], total: number): string => {
  const named = problems.slice(0, CSV_PROBLEMS_IN_MESSAGE).map(describeCsvProblem);
  return uploadMessages.fileRefused(named, total - named.length);
};

// --- The upload API (issue 10 §1) -------------------------------------------------------------------------

/** The spec's texts (§5, §8) for uploads. */
export const uploadApiMessages = {
  uploaded: 'File uploaded successfully!',
  uploadFailed: 'Upload failed.',
  fileUploadFailed: 'File upload failed.',
  listFailed: 'Failed to retrieve file list.',
  selectFile: 'Please select a file before uploading.',
  selectOrganization: 'Please select an organization first',
  dataTypeRequired: 'Please select a data type',
  dataTypeNotFound: 'Data type not found',
  encryptionRequired: 'Every file must be preceded by its encryption field',
  tooManyFiles: 'At most 20 files can be uploaded at once',
  fileNameInvalid: 'The file name must be 1–255 characters without control characters',
  oneOrganization: 'An upload names one organization: the form sends organizationId more than once',
} as const;

/** A file's life: waiting, being loaded, loaded, refused by its run, or loaded and then undone (its rows removed). */
export const UPLOADED_FILE_STATUSES = ['uploaded', 'processing', 'processed', 'rejected', 'undone'] as const;
export type UploadedFileStatus = (typeof UPLOADED_FILE_STATUSES)[number];
export const MAX_FILES_PER_UPLOAD = 20;

/** A file as the upload answers it. */
export const uploadedFileSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  status: z.enum(UPLOADED_FILE_STATUSES),
});

/** `POST /api/v1/pipeline/file-upload`'s answer: the spec's message object, and the files stored. */
export const fileUploadResponseSchema = z.object({
  status: z.literal(true),
  message: z.object({ message: z.string(), fileUrls: z.array(z.string()) }),
  data: z.object({ files: z.array(uploadedFileSummarySchema) }),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/** A file in `GET /api/v1/pipeline/list-files/{organizationId}`. */
export const uploadedFileSchema = uploadedFileSummarySchema.extend({
  dataTypeId: z.uuid(),
  dataTypeName: z.string(),
  period: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.iso.datetime(),
  rows: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  /**
   * The container and folder holding the file once its organization has one (`acme-files/incoming`, then
   * `…/processed` or `…/rejected` when its pipeline has run); null in the platform's own storage.
   */
  location: z.string().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const UPLOADED_FILE_SORT_FIELDS = ['uploadedAt', 'name', 'size', 'status', 'rows'] as const;

export const uploadedFileListQuerySchema = pageQuerySchema.extend({
  name: filterText,
  status: z
    .enum(UPLOADED_FILE_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  dataTypeId: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sortBy: z.enum(UPLOADED_FILE_SORT_FIELDS).default('uploadedAt'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
});
export type UploadedFileListQuery = z.input<typeof uploadedFileListQuerySchema>;

export const uploadedFileListResponseSchema = pagedResponseSchema(z.object({ files: z.array(uploadedFileSchema) }));

export const uploadOrganizationParamsSchema = z.object({
  organizationId: z.uuid({ error: uploadApiMessages.selectOrganization }),
});
