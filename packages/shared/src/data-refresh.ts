import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { calendarDateSchema, text } from './validation.ts';

/**
 * Dataset refresh and the Dataset Refresh Log (issue 11 §3; spec §3 refresh log, §4, §7 "Data refresh",
 * §8 refresh messages). Every refresh is a durable job with a log: queued, running, then success or failed.
 */
export const dataRefreshMessages = {
  // Spec §8, exactly.
  refreshAllFailed: 'Failed to refresh all datasets',
  refreshFailed: 'Failed to refresh dataset',
  fetchLogsFailed: 'Failed to fetch refresh logs',
  triggerFailed: 'Failed to trigger dataset refresh',
  started: 'Dataset refresh started successfully',
  allStarted: 'All datasets refresh started successfully',
  noDashboards: 'No dashboards available for refresh',
  organizationRequired: 'Please select an organization or ensure you are properly logged in',
  // The spec names this warning without its text.
  idsMissing: 'Refresh unavailable: this dashboard has no workspace ID or dataset ID',
  // Ours.
  fetchedLogs: 'Refresh logs fetched successfully',
  fetchedStatus: 'Refresh status fetched successfully',
  logNotFound: 'Refresh log not found',
  dashboardNotFound: 'No dashboard of this organization has this workspace ID and dataset ID',
  workspaceRequired: 'Workspace ID required',
  datasetRequired: 'Dataset ID required',
  stuckUpdated: 'Stuck refresh logs updated',
  /** The process running the refresh stopped before Power BI answered, and nothing can resume it. */
  interrupted: 'The server stopped during the refresh. Refresh it again.',
  /** A refresh still unfinished after its time limit. */
  timedOut: (minutes: number) => `The refresh did not finish within ${minutes} minutes`,
  /** The built-in statements' aggregates could not be refreshed (details in the server log). */
  aggregatesFailed: 'Refreshing the built-in dashboards failed',
} as const;

export const REFRESH_STATUSES = ['queued', 'running', 'success', 'failed'] as const;
export type RefreshStatus = (typeof REFRESH_STATUSES)[number];
/** Statuses a log never leaves. */
export const FINISHED_REFRESH_STATUSES: readonly RefreshStatus[] = ['success', 'failed'];

/** How often the page asks again while a refresh is unfinished. */
export const REFRESH_POLL_MS = 3000;

const organizationId = z.uuid({ error: dataRefreshMessages.organizationRequired });
const powerbiId = (message: string) => text({ error: message }).trim().min(1, message).max(100, message);

/** One log as the spec names its fields (§3 refresh log). */
export const refreshLogSchema = z.object({
  id: z.uuid(),
  report_name: z.string(),
  /** When the refresh finished (ISO), else when it was asked for. */
  last_refresh_date: z.string(),
  /** Seconds the refresh took (null while unfinished). */
  duration: z.number().nullable(),
  status: z.enum(REFRESH_STATUSES),
  /** Null for a built-in dashboard (it refreshes the organization's aggregates, not a Power BI dataset). */
  workspace_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  error_message: z.string().nullable(),
  organization_name: z.string(),
  /** What was refreshed: `builtin` aggregates or a `powerbi` dataset. */
  kind: z.enum(['builtin', 'powerbi']),
  requested_at: z.string(),
});
export type RefreshLog = z.infer<typeof refreshLogSchema>;

export const refreshLogsQuerySchema = z.object({
  organizationId,
  /** The day (UTC) the refreshes were asked for; all days when absent. */
  date: calendarDateSchema.optional(),
});
export const refreshLogsResponseSchema = apiSuccessSchema(z.array(refreshLogSchema));

export const refreshAllBodySchema = z.object({ organizationId });

/** One dashboard of Refresh All: its log, or why it was skipped (no log then). */
export const refreshedDatasetSchema = z.object({
  logId: z.uuid().nullable(),
  dashboardName: z.string(),
  duration: z.number().nullable(),
  status: z.enum([...REFRESH_STATUSES, 'skipped']),
  workspaceId: z.string().nullable(),
  datasetId: z.string().nullable(),
  error: z.string().nullable(),
});
export type RefreshedDataset = z.infer<typeof refreshedDatasetSchema>;
export const refreshAllResponseSchema = apiSuccessSchema(
  z.object({ refreshedDatasets: z.array(refreshedDatasetSchema), organizationName: z.string() }),
);

export const refreshDatasetBodySchema = z.object({
  organizationId,
  workspaceId: powerbiId(dataRefreshMessages.workspaceRequired),
  datasetId: powerbiId(dataRefreshMessages.datasetRequired),
  /** The spec sends it; the log takes the dashboard's own name. */
  reportName: text().max(200).optional(),
});
export const refreshDatasetResponseSchema = apiSuccessSchema(
  z.object({
    logId: z.uuid(),
    reportName: z.string(),
    duration: z.number().nullable(),
    /** The spec's `success`: false once the refresh has failed (it is queued when this answers). */
    success: z.boolean(),
    status: z.enum(REFRESH_STATUSES),
    error: z.string().nullable(),
  }),
);

export const refreshStatusParamsSchema = z.object({ id: z.uuid({ error: dataRefreshMessages.logNotFound }) });
export const refreshStatusResponseSchema = apiSuccessSchema(refreshLogSchema);

export const updateStuckLogsBodySchema = z.object({
  organizationId,
  workspaceId: powerbiId(dataRefreshMessages.workspaceRequired),
  datasetId: powerbiId(dataRefreshMessages.datasetRequired),
});
export const autoUpdateStuckLogsQuerySchema = z.object({ organizationId });
export const stuckLogsResponseSchema = apiSuccessSchema(z.object({ updated: z.number().int() }));

/** The log name of a refresh of the built-in dashboards (they share one set of aggregates). */
export const BUILTIN_REFRESH_NAME = 'Built-in dashboards';
