import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { DASHBOARD_TYPES } from './dashboards.ts';
import { text } from './validation.ts';

/** Power BI embedding (issue 11 §2; spec §4 embed info fetch, §7 embedding service, §8 embed messages). */
export const powerbiMessages = {
  embedFailed: 'Failed to fetch Power BI embed info',
  embedFetched: 'Power BI embed info fetched successfully',
  reportIdMissing: 'Could not extract report ID from URL',
  /** For administrators only: organization users never see server configuration (notEnabled). */
  notConfigured:
    'Power BI is not configured on this server: set POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET',
  notEnabled: 'Power BI is not enabled on this Finboard yet — ask your administrator',
  /** The dashboard entry the caller may see with this workspace and report: none (or not theirs). */
  dashboardNotFound: 'No dashboard you can open shows this Power BI report',
} as const;

const powerbiEmbedQueryMessages = {
  workspaceRequired: 'Workspace ID required',
  datasetRequired: 'Dataset ID required',
} as const;

/** `data` of `GET /api/v1/powerbi/embed`: what powerbi-client-react needs, and when the token expires. */
export const powerbiEmbedSchema = z.object({
  embedToken: z.string(),
  embedUrl: z.string(),
  reportId: z.string(),
  /** ISO time the embed token expires; the page renews it shortly before (setAccessToken, no reload). */
  expiration: z.string(),
});
export type PowerbiEmbed = z.infer<typeof powerbiEmbedSchema>;
export const powerbiEmbedResponseSchema = apiSuccessSchema(powerbiEmbedSchema);

const powerbiIdText = (message: string) => text({ error: message }).trim().min(1, message).max(100, message);

/** The query of `GET /api/v1/powerbi/embed` (spec §7): the report from `reportId`, else from `url`. */
export const powerbiEmbedQuerySchema = z.object({
  workspaceId: powerbiIdText(powerbiEmbedQueryMessages.workspaceRequired),
  reportId: text().trim().max(100).optional(),
  /** Sent by the spec's client; the embed token is the app's own ("app owns data"), so it is not used. */
  userEmail: text().trim().max(320).optional(),
  type: z.enum(DASHBOARD_TYPES).optional(),
  url: text().trim().max(2000).optional(),
});
export type PowerbiEmbedQuery = z.infer<typeof powerbiEmbedQuerySchema>;

/** `POST /api/v1/powerbi/refresh-dataset` (spec §7): the dashboard's dataset, refreshed as Refresh Log entry. */
export const powerbiRefreshBodySchema = z.object({
  workspaceId: powerbiIdText(powerbiEmbedQueryMessages.workspaceRequired),
  datasetId: powerbiIdText(powerbiEmbedQueryMessages.datasetRequired),
});

const REPORT_ID = /^[0-9A-Za-z-]{1,100}$/;

/**
 * The report id of a Power BI URL: its `reportId` query parameter (embed URLs:
 * `https://app.powerbi.com/reportEmbed?reportId=…&groupId=…`, `rdlEmbed?…`), else the segment after
 * `/reports/` or `/rdlreports/` (the service's own links). Undefined when there is none.
 */
export function reportIdFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const fromQuery = [...parsed.searchParams].find(([key]) => key.toLowerCase() === 'reportid')?.[1];
  if (fromQuery && REPORT_ID.test(fromQuery)) return fromQuery;
  const segments = parsed.pathname.split('/');
  const index = segments.findIndex((segment) => /^(reports|rdlreports)$/i.test(segment));
  const fromPath = index >= 0 ? segments[index + 1] : undefined;
  return fromPath && REPORT_ID.test(fromPath) ? fromPath : undefined;
}
