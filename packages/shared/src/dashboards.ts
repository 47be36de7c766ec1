import { z } from 'zod';
import { REPORT_TEMPLATE_LABELS, REPORT_TEMPLATES, type ReportTemplate } from './reports.ts';
import { text } from './validation.ts';

/** Power BI entries (report, paginatedReport) are embedded; `builtin` ones are statements Finboard draws itself. */
export const DASHBOARD_TYPES = ['report', 'paginatedReport', 'builtin'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];
export const DASHBOARD_TYPE_LABELS: Record<DashboardType, string> = {
  report: 'Report',
  paginatedReport: 'Paginated Report',
  builtin: 'Built-in statement',
};
export const isPowerbiType = (type: DashboardType) => type !== 'builtin';

/** The built-in entries every organization starts with, named as the statements are (issue 11 §1). */
export const BUILTIN_DASHBOARDS: { dashboard: string; template: ReportTemplate }[] = REPORT_TEMPLATES.map(
  (template) => ({ dashboard: REPORT_TEMPLATE_LABELS[template], template }),
);

export const dashboardMessages = {
  nameRequired: 'Dashboard name required',
  urlRequired: 'URL required',
  workspaceRequired: 'Workspace ID required',
  datasetRequired: 'Dataset ID required',
  typeRequired: 'Type required',
  templateRequired: 'Statement required',
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

/** Each field of the Add Dashboard form, by itself (the form checks them one by one). */
export const dashboardFieldSchemas = {
  dashboard: requiredText(dashboardMessages.nameRequired, 120),
  url: requiredText(dashboardMessages.urlRequired, 2000).pipe(
    z.url({ protocol: /^https$/, error: dashboardMessages.urlInvalid }),
  ),
  workspaceId: requiredText(dashboardMessages.workspaceRequired, 100),
  datasetId: requiredText(dashboardMessages.datasetRequired, 100),
  type: z.enum(DASHBOARD_TYPES, { error: dashboardMessages.typeRequired }),
  template: z.enum(REPORT_TEMPLATES, { error: dashboardMessages.templateRequired }),
};

const powerbiFieldsSchema = z.object({
  url: dashboardFieldSchemas.url,
  workspaceId: dashboardFieldSchemas.workspaceId,
  datasetId: dashboardFieldSchemas.datasetId,
});
const builtinFieldsSchema = z.object({ template: dashboardFieldSchemas.template });

/**
 * One dashboard as the Add Dashboard form and the API take it (spec §3 dashboard entry). A Power BI entry
 * needs url, workspaceId and datasetId; a built-in one only its template. The output always has every
 * column (empty texts, or a null template, for what the type does not use), so one row shape stores both.
 */
export const dashboardInputSchema = z
  .object({
    dashboard: dashboardFieldSchemas.dashboard,
    type: dashboardFieldSchemas.type,
    // Checked as text here whatever the type, so nothing unstorable passes unseen; required per type below.
    url: text({ error: dashboardMessages.urlRequired }).optional(),
    workspaceId: text({ error: dashboardMessages.workspaceRequired }).optional(),
    datasetId: text({ error: dashboardMessages.datasetRequired }).optional(),
    template: dashboardFieldSchemas.template.nullish(),
  })
  .transform((input, ctx) => {
    const parsed = (input.type === 'builtin' ? builtinFieldsSchema : powerbiFieldsSchema).safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const fields = { url: '', workspaceId: '', datasetId: '', template: null as ReportTemplate | null, ...parsed.data };
    return { dashboard: input.dashboard, type: input.type, ...fields };
  });
export type DashboardInput = {
  dashboard: string;
  type: DashboardType;
  url?: string;
  workspaceId?: string;
  datasetId?: string;
  template?: ReportTemplate;
};

export const dashboardSchema = z.object({
  id: z.uuid(),
  /** The dashboard's name; `name` repeats it for clients of the spec's older payloads. */
  dashboard: z.string(),
  name: z.string(),
  url: z.string(),
  workspaceId: z.string(),
  datasetId: z.string(),
  type: z.enum(DASHBOARD_TYPES),
  /** The statement a `builtin` entry shows; null for Power BI entries. */
  template: z.enum(REPORT_TEMPLATES).nullable(),
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
      template: record.template,
    };
  });
}
