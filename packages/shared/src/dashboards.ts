import { z } from 'zod';
import { text } from './validation.ts';

export const DASHBOARD_TYPES = ['report', 'paginatedReport'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];
export const DASHBOARD_TYPE_LABELS: Record<DashboardType, string> = {
  report: 'Report',
  paginatedReport: 'Paginated Report',
};

export const dashboardMessages = {
  nameRequired: 'Dashboard name required',
  urlRequired: 'URL required',
  workspaceRequired: 'Workspace ID required',
  datasetRequired: 'Dataset ID required',
  typeRequired: 'Type required',
  duplicateName: 'Duplicate dashboard names are not allowed',
  allRequired: 'All fields are required',
  urlInvalid: 'URL must be an https:// address',
  updated: 'Dashboards updated successfully',
  updateFailed: 'Failed to update dashboards',
  loadFailed: 'Failed to load dashboards. Please try again.',
  noneAvailable: 'No dashboards available for your account.',
  notFound: 'Dashboard not found',
  invalidList: 'Dashboards must be a list of dashboard entries',
  reorderInvalid: 'The new order must list dashboards of this organization, each once',
  unnamed: 'Unnamed Dashboard',
} as const;

const requiredText = (message: string, max = 500) => text({ error: message }).trim().min(1, message).max(max);

/** One dashboard as the Add Dashboard form and the API take it (spec §3 dashboard entry). */
export const dashboardInputSchema = z.object({
  dashboard: requiredText(dashboardMessages.nameRequired, 120),
  url: requiredText(dashboardMessages.urlRequired, 2000).pipe(
    z.url({ protocol: /^https$/, error: dashboardMessages.urlInvalid }),
  ),
  workspaceId: requiredText(dashboardMessages.workspaceRequired, 100),
  datasetId: requiredText(dashboardMessages.datasetRequired, 100),
  type: z.enum(DASHBOARD_TYPES, { error: dashboardMessages.typeRequired }),
});
export type DashboardInput = z.input<typeof dashboardInputSchema>;

export const dashboardSchema = z.object({
  id: z.uuid(),
  /** The dashboard's name; `name` repeats it for clients of the spec's older payloads. */
  dashboard: z.string(),
  name: z.string(),
  url: z.string(),
  workspaceId: z.string(),
  datasetId: z.string(),
  type: z.enum(DASHBOARD_TYPES),
  position: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A whole list must not repeat a name (case-insensitive, as people read names). */
export const dashboardListSchema = z
  .array(dashboardInputSchema)
  .max(200)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      const key = entry.dashboard.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: dashboardMessages.duplicateName, path: [index, 'dashboard'] });
      seen.add(key);
    });
  });

export const dashboardReorderSchema = z.object({ dashboardIds: z.array(z.uuid()).max(200) });

/**
 * Dashboards may arrive as an array or as an escaped JSON string (spec §3). The string is cleaned and
 * parsed; each entry's name falls back to dashboard_name, then name, then 'Unnamed Dashboard'.
 * Returns undefined when the input cannot be read as a list at all.
 */
export function parseLegacyDashboards(input: unknown): Record<string, unknown>[] | undefined {
  let value = input;
  for (let depth = 0; typeof value === 'string' && depth < 3; depth++) {
    const text = value.trim();
    if (text === '') return [];
    try {
      value = JSON.parse(text);
    } catch {
      // An escaped string ("[{\"dashboard\":…}]" with its backslashes kept) is unescaped once and retried.
      const unescaped = text.replace(/^"|"$/g, '').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      if (unescaped === text) return undefined;
      value = unescaped;
    }
  }
  if (!Array.isArray(value)) return undefined;
  return value.map((entry) => {
    const record = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const name = [record.dashboard, record.dashboard_name, record.name].find(
      (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
    );
    return {
      dashboard: name ?? dashboardMessages.unnamed,
      url: record.url,
      workspaceId: record.workspaceId ?? record.workspace_id,
      datasetId: record.datasetId ?? record.dataset_id,
      type: record.type ?? 'report',
    };
  });
}
