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
});
export type PipelineRun = z.infer<typeof pipelineRunSchema>;

/** One run with its steps and, when it failed on the data, its problems. */
export const pipelineRunDetailSchema = pipelineRunSchema.extend({
  steps: z.array(pipelineRunStepSchema),
  problems: z.array(pipelineProblemSchema),
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
export const runPipelineQuerySchema = z.object({
  pipelineName: filterText,
  is_glDetail: booleanParam,
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
/** `runIds` is empty (and the message is 'No files found to process.') when nothing was pending. */
export const runPipelineResponseSchema = apiSuccessSchema(z.object({ runIds: z.array(z.uuid()) }));
