import type { FastifyBaseLogger } from 'fastify';
import { powerbiMessages, reportIdFromUrl, type PowerbiEmbed, type PowerbiEmbedQuery } from '@finboard/shared/powerbi';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { PowerbiError, type GenerateTokenRequest, type PowerbiClient } from '../../platform/powerbi/powerbi-client.ts';
import type { Principal } from '../../principal.ts';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';

export type PowerbiService = ReturnType<typeof createPowerbiService>;

/** Administrators learn what to set; organization users never see server configuration. */
const notConfigured = (viewer: Principal) =>
  new AppError(
    503,
    'POWERBI_NOT_CONFIGURED',
    viewer.role === 'admin' ? powerbiMessages.notConfigured : powerbiMessages.notEnabled,
  );

/**
 * Power BI embedding (issue 11 §2). Embed tokens are minted only for a report some dashboard entry shows
 * that the caller may open (an administrator: any organization's; a user: those of their organization
 * they may see), so nobody can have the platform's service principal open an arbitrary report.
 */
export function createPowerbiService(deps: {
  client: PowerbiClient | undefined;
  dashboards: DashboardsService;
  logger: FastifyBaseLogger;
}) {
  const { client, dashboards, logger } = deps;

  /** The caller's dashboard entries of the workspace that match; 404 when there is none. */
  async function openableEntries(
    viewer: Principal,
    workspaceId: string,
    matches: (entry: { url: string; datasetId: string }) => boolean,
  ) {
    const entries = (await dashboards.listOpenableInWorkspace(viewer, workspaceId)).filter(matches);
    if (entries.length === 0) throw notFound(powerbiMessages.dashboardNotFound);
    return entries;
  }

  return {
    async embedInfo(viewer: Principal, query: PowerbiEmbedQuery): Promise<PowerbiEmbed> {
      if (!client) throw notConfigured(viewer);
      const reportId = query.reportId || reportIdFromUrl(query.url);
      if (!reportId)
        throw badRequest('REPORT_ID_MISSING', powerbiMessages.reportIdMissing, [
          { msg: powerbiMessages.reportIdMissing, path: 'url' },
        ]);
      const [entry] = await openableEntries(
        viewer,
        query.workspaceId,
        (candidate) => reportIdFromUrl(candidate.url) === reportId,
      );
      try {
        const report = await client.getReport(query.workspaceId, reportId);
        // Paginated reports: no datasetId to rely on; the entry's semantic model, read-only, no editing (§1.5).
        const request: GenerateTokenRequest =
          report.reportType === 'PaginatedReport'
            ? {
                reports: [{ id: report.id, allowEdit: false }],
                datasets: entry!.datasetId ? [{ id: entry!.datasetId, xmlaPermissions: 'ReadOnly' }] : [],
              }
            : { reports: [{ id: report.id }], datasets: report.datasetId ? [{ id: report.datasetId }] : [] };
        const token = await client.generateToken(request);
        return {
          embedToken: token.token,
          embedUrl: report.embedUrl,
          reportId: report.id,
          expiration: token.expiration,
        };
      } catch (error) {
        // The service's reason goes to the log (never the secret: the client does not put it in errors).
        logger.warn(
          error instanceof PowerbiError
            ? { status: error.status, reason: error.reason, workspaceId: query.workspaceId, reportId }
            : { err: error, workspaceId: query.workspaceId, reportId },
          'Power BI embed info failed',
        );
        throw new AppError(502, 'POWERBI_EMBED_FAILED', powerbiMessages.embedFailed);
      }
    },

    /** The organization whose dashboard shows this dataset, for the caller (404 when none they may open). */
    async organizationOfDataset(viewer: Principal, workspaceId: string, datasetId: string): Promise<string> {
      const [entry] = await openableEntries(viewer, workspaceId, (candidate) => candidate.datasetId === datasetId);
      return entry!.organizationId;
    },
  };
}
