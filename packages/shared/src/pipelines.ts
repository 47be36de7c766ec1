import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { messages } from './messages.ts';
import { filterText, pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { calendarDateSchema } from './validation.ts';
import { WAREHOUSE_TABLES } from './warehouse.ts';

/**
 * Pipelines (issue 10 §2): one per data type of an organization, loading that type's uploaded files into
 * its warehouse table. A run is a durable job: queued, running, then succeeded or failed, with its steps
 * (stage, validate, load, refresh) and, when it failed on the data, a report of up to 1,000 problems.
 */
export const pipelineMessages = {
  // Spec §8, exactly.
  allRan: 'All pipelines ran successfully!',
  someFailed: 'Failed to run some pipelines.',
  noFiles: 'No files found to process.',
  runFailed: 'An error occurred while running the pipeline',
  fetchAvailableFailed: 'An error occurred while fetching available pipelines',
  // Ours.
  queued: 'Pipeline run queued',
  fetchedAvailable: 'Available pipelines fetched successfully',
  fetchedRuns: 'Pipeline runs fetched successfully',
  fetchedRun: 'Pipeline run fetched successfully',
  fetchRunsFailed: 'Failed to fetch pipeline runs',
  pipelineNotFound: 'Pipeline not found',
  runNotFound: 'Pipeline run not found',
  organizationRequired: messages.selectOrganization,
  /** A run whose process died (or was stopped): its transaction never committed. */
  interrupted: 'The server stopped during the run; nothing was loaded. Run it again.',
  /** More problems than the report keeps. */
  tooManyProblems: (shown: number) => `Only the first ${shown} problems are listed`,
  /** A GL file's lines are the uploaded books: manual lines come from the Studio, synced ones from connectors. */
  glSourceNotUpload: (value: string) => `Source "${value}" cannot be uploaded: a GL file's lines are source upload`,
  duplicateKey: (key: string) => `${key} appears more than once in the files`,
  journalInOtherPeriod: (journalId: string, period: string) =>
    `Journal ${journalId} already has uploaded lines in period ${period}, which these files do not replace`,
  negativeAmount: (column: string) => `${column} cannot be negative`,
  accountTypeInvalid: (value: string) =>
    `Account type "${value}" is not one of asset, liability, equity, revenue, expense`,
  periodInvalid: (value: string) => `Period "${value}" is not a month written YYYY-MM`,
  /** The data type lacks a column the load needs (its natural key, or the period of a period-based type). */
  keyColumnMissing: (column: string) => `The data type has no column ${column}, which its pipeline needs`,
  rowWidth: (found: number, expected: number) => `The row has ${found} values; ${expected} expected`,
  /**
   * A load adds rows: a journal (or another table's key) the ledger already holds is refused, naming where it
   * came from ('qbo_export_v3.csv', 'the Studio', …) and when.
   */
  journalInLedger: (journalId: string, origin: string, date: string) =>
    `Journal ${journalId} is already in the ledger (loaded from ${origin} on ${date}). Upload this file as a replacement of that file, or give the journal another number.`,
  keyInLedger: (key: string, origin: string, date: string) =>
    `${key} is already in the ledger with other values (loaded from ${origin} on ${date}). Upload this file as a replacement of that file.`,
  /** A replace would remove or overwrite rows edited in the Studio after they were loaded. */
  editsInTheWay: (count: number, isGl: boolean, where: string, named: readonly string[]) =>
    `${count.toLocaleString('en-US')} ${isGl ? (count === 1 ? 'line' : 'lines') : count === 1 ? 'row' : 'rows'} of ${where} ${
      count === 1 ? 'was' : 'were'
    } edited in the Studio after loading: ${named.join('; ')}${count > named.length ? '; …' : ''}. Run again with "Overwrite Studio edits" to replace ${count === 1 ? 'it' : 'them'}.`,
  /** A file uploaded for one period whose line's posting date falls in another (its period derived from the date). */
  postingDateOutsidePeriod: (date: string, period: string, derived: string) =>
    `Posting date ${date} is in period ${derived}, not the chosen period ${period}`,
  lineNumbersMixed: (journalId: string) =>
    `Journal ${journalId} has lines with and without a line number: number all of its lines, or none (they are then numbered in file order)`,
  replacedFileNotFound: 'The file to replace was not found among the loaded files of this data type',
  replacePeriodsNeedsPeriods: 'Only a data type with periods can replace periods',
  previewed: 'What replacing the periods would remove',
  periodsInvalid: 'Periods must be months written YYYY-MM, separated by commas',
  // Undo.
  undone: 'The load was undone',
  undoAlreadyDone: 'This load was already undone',
  undoNothing: 'This run loaded nothing to undo',
  undoConflict: (named: readonly string[]) =>
    `The load cannot be undone: later work changed what it wrote (${named.join('; ')}). Undo that work first.`,
  /** The database refused a row (a constraint the checks above do not cover); its own words follow. */
  rowRefused: (reason: string) => `A row was refused: ${reason}`,
} as const;

export const PIPELINE_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type PipelineRunStatus = (typeof PIPELINE_RUN_STATUSES)[number];

export const PIPELINE_STEPS = ['stage', 'validate', 'load', 'refresh'] as const;
export type PipelineStepName = (typeof PIPELINE_STEPS)[number];
export const PIPELINE_STEP_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/** At most this many problems are kept with a failed run. */
export const MAX_RUN_PROBLEMS = 1000;

export const availablePipelineSchema = z.object({
  /** The data type's name. */
  name: z.string(),
  dataTypeId: z.uuid(),
  targetTable: z.enum(WAREHOUSE_TABLES),
  isGlDetail: z.boolean(),
  /** Uploaded files of this type not yet processed. */
  pendingFiles: z.number().int().min(0),
});
export type AvailablePipeline = z.infer<typeof availablePipelineSchema>;

export const pipelineRunStepSchema = z.object({
  stage: z.enum(PIPELINE_STEPS),
  status: z.enum(PIPELINE_STEP_STATUSES),
  startedAt: z.iso.datetime().optional(),
  finishedAt: z.iso.datetime().optional(),
  /** Rows done so far, of `total` when known. */
  done: z.number().int().min(0).optional(),
  total: z.number().int().min(0).optional(),
});
export type PipelineRunStep = z.infer<typeof pipelineRunStepSchema>;

/** One problem of a refused load: where (file, line of the file, column, value) and what. */
export const pipelineProblemSchema = z.object({
  file: z.string().optional(),
  line: z.number().int().optional(),
  column: z.string().optional(),
  value: z.string().optional(),
  problem: z.string(),
  /** Studio edits stand in the way: the files wait for a run that overwrites them (overwriteEdits). */
  editsInTheWay: z.boolean().optional(),
});
export type PipelineProblem = z.infer<typeof pipelineProblemSchema>;

/** A run in the history (`list-pipelines`). */
export const pipelineRunSchema = z.object({
  id: z.uuid(),
  pipelineName: z.string(),
  status: z.enum(PIPELINE_RUN_STATUSES),
  queuedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  durationMs: z.number().int().nullable(),
  filesProcessed: z.number().int(),
  rowsRead: z.number().int(),
  rowsLoaded: z.number().int(),
  rowsRejected: z.number().int(),
  runBy: z.string().nullable(),
  error: z.string().nullable(),
  /** What the run did to the warehouse: rows added, removed (replaced periods or files), overwritten in place. */
  mode: z.enum(['add', 'replace-periods']),
  rowsAdded: z.number().int(),
  rowsRemoved: z.number().int(),
  rowsReplaced: z.number().int(),
  /** Rows edited in the Studio after loading that the run removed or overwrote (asked for with overwriteEdits). */
  editsOverwritten: z.number().int(),
  undoneAt: z.iso.datetime().nullable(),
  undoneBy: z.string().nullable(),
});
export type PipelineRun = z.infer<typeof pipelineRunSchema>;

/** One run with its steps and, when it failed on the data, its problems. */
export const pipelineRunDetailSchema = pipelineRunSchema.extend({
  steps: z.array(pipelineRunStepSchema),
  problems: z.array(pipelineProblemSchema),
  /** The Studio edits the run overwrote, as people read them ('journal NC-1, line 2'). */
  overwritten: z.array(z.string()),
});
export type PipelineRunDetail = z.infer<typeof pipelineRunDetailSchema>;

export const pipelineOrganizationParamsSchema = z.object({
  organizationId: z.uuid({ error: pipelineMessages.organizationRequired }),
});
export const pipelineRunParamsSchema = z.object({ runId: z.uuid({ error: pipelineMessages.runNotFound }) });

const booleanParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** Run Pipeline: one pipeline by name, the GL Detail ones (`is_glDetail=true`), or every one with pending files. */
export const LOAD_MODES = ['add', 'replace-periods'] as const;
export type LoadMode = (typeof LOAD_MODES)[number];

/**
 * Run Pipeline: one pipeline by name, the GL Detail ones (`is_glDetail=true`), or every one with pending files.
 * `mode=replace-periods` replaces the whole periods the files cover (default: add, and replace only the files
 * an upload named); `overwriteEdits=true` lets the run remove or overwrite rows edited in the Studio.
 */
export const runPipelineQuerySchema = z.object({
  pipelineName: filterText,
  is_glDetail: booleanParam,
  mode: z.enum(LOAD_MODES).optional(),
  overwriteEdits: booleanParam,
});
export type RunPipelineQuery = z.input<typeof runPipelineQuerySchema>;

/** Filter Pipelines: name (contains), status, and a date range on when the run was queued. */
export const pipelineRunListQuerySchema = pageQuerySchema.omit({ sortOrder: true }).extend({
  name: filterText,
  status: z
    .enum(PIPELINE_RUN_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});
export type PipelineRunListQuery = z.input<typeof pipelineRunListQuerySchema>;
export type PipelineRunFilters = z.output<typeof pipelineRunListQuerySchema>;

export const availablePipelinesResponseSchema = apiSuccessSchema(
  z.object({ pipelines: z.array(availablePipelineSchema) }),
);
export const pipelineRunListResponseSchema = pagedResponseSchema(z.object({ pipelines: z.array(pipelineRunSchema) }));
export const pipelineRunResponseSchema = apiSuccessSchema(z.object({ run: pipelineRunDetailSchema }));
/** What replacing periods would remove, asked before anything runs: the data type and the periods. */
export const replacePreviewQuerySchema = z.object({
  dataTypeId: z.uuid({ error: pipelineMessages.pipelineNotFound }),
  periods: z
    .string()
    .transform((value) =>
      [
        ...new Set(
          value
            .split(',')
            .map((period) => period.trim())
            .filter(Boolean),
        ),
      ].sort(),
    )
    .pipe(
      z
        .array(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, pipelineMessages.periodsInvalid))
        .min(1, pipelineMessages.periodsInvalid)
        .max(120),
    ),
});
export type ReplacePreviewQuery = z.input<typeof replacePreviewQuerySchema>;
/** Rows of one origin (a file, a sync, the Studio, the demo books) the replace would remove. */
export const replacedOriginSchema = z.object({
  origin: z.string(),
  rows: z.number().int(),
  /** Of those, rows edited in the Studio after loading. */
  edited: z.number().int(),
});
export type ReplacedOrigin = z.infer<typeof replacedOriginSchema>;
export const replacePreviewResponseSchema = apiSuccessSchema(
  z.object({
    periods: z.array(z.string()),
    removes: z.array(replacedOriginSchema),
    rows: z.number().int(),
    edited: z.number().int(),
  }),
);
export type ReplacePreview = z.infer<typeof replacePreviewResponseSchema>['data'];

export const undoRunResponseSchema = apiSuccessSchema(z.object({ run: pipelineRunDetailSchema }));
/** `runIds` is empty (and the message is 'No files found to process.') when nothing was pending. */
export const runPipelineResponseSchema = apiSuccessSchema(z.object({ runIds: z.array(z.uuid()) }));
