import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataRefreshMessages, refreshDatasetResponseSchema } from '@finboard/shared/data-refresh';
import {
  powerbiEmbedQuerySchema,
  powerbiEmbedResponseSchema,
  powerbiMessages,
  powerbiRefreshBodySchema,
} from '@finboard/shared/powerbi';
import { callerOf } from '../../plugins/auth.ts';
import type { DataRefreshService } from '../data-refresh/data-refresh.service.ts';
import type { PowerbiService } from './powerbi.service.ts';

const tags = ['powerbi'];

/**
 * The embedding service (spec §7). Neither route names an organization: the dashboard entry the caller may
 * open that shows the report (or dataset) decides it, and none answers 404.
 */
export async function powerbiRoutes(
  app: FastifyInstance,
  opts: { powerbi: PowerbiService; dataRefresh: DataRefreshService },
): Promise<void> {
  const { powerbi, dataRefresh } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/powerbi/embed',
    {
      schema: {
        tags,
        summary: "An embed token and URL for a dashboard's Power BI report (GenerateToken V2)",
        querystring: powerbiEmbedQuerySchema,
        response: { 200: powerbiEmbedResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: powerbiMessages.embedFetched,
      data: await powerbi.embedInfo(callerOf(request).user, request.query),
    }),
  );

  routes.post(
    '/api/v1/powerbi/refresh-dataset',
    {
      schema: {
        tags,
        summary: "Refreshes a dashboard's Power BI dataset (as the Refresh Log's refresh-dataset)",
        body: powerbiRefreshBodySchema,
        response: { 200: refreshDatasetResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request).user;
      const { workspaceId, datasetId } = request.body;
      const organizationId = await powerbi.organizationOfDataset(caller, workspaceId, datasetId);
      return {
        status: true as const,
        message: dataRefreshMessages.started,
        data: await dataRefresh.refreshDataset(caller, organizationId, { workspaceId, datasetId }),
      };
    },
  );
}
