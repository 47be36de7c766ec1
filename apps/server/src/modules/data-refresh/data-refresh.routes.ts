import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  autoUpdateStuckLogsQuerySchema,
  dataRefreshMessages,
  refreshAllBodySchema,
  refreshAllResponseSchema,
  refreshDatasetBodySchema,
  refreshDatasetResponseSchema,
  refreshLogsQuerySchema,
  refreshLogsResponseSchema,
  refreshStatusParamsSchema,
  refreshStatusResponseSchema,
  stuckLogsResponseSchema,
  updateStuckLogsBodySchema,
} from '@finboard/shared/data-refresh';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { namedOrganizationExists } from '../organizations/named-organization-exists.ts';
import type { DataRefreshService } from './data-refresh.service.ts';

const tags = ['data-refresh'];
// The spec sends the organization in the body or the query; the tenant guard checks it there.
const inBody = { tenantBody: 'organizationId' } as const;
const inQuery = { tenantQuery: 'organizationId' } as const;

/** Dataset refresh and the Dataset Refresh Log (issue 11 §3, spec §7 "Data refresh"). */
export async function dataRefreshRoutes(
  app: FastifyInstance,
  opts: { dataRefresh: DataRefreshService; organizations: OrganizationsService },
): Promise<void> {
  const { dataRefresh, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preHandler', namedOrganizationExists(organizations));

  routes.post(
    '/api/v1/data-refresh/refresh-all',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Refresh All: every dashboard's dataset of the organization, as durable jobs with a log each",
        body: refreshAllBodySchema,
        response: { 200: refreshAllResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.allStarted,
      data: await dataRefresh.refreshAll(callerOf(request).user, organizationIdOf(request)),
    }),
  );

  routes.post(
    '/api/v1/data-refresh/refresh-dataset',
    {
      config: inBody,
      schema: {
        tags,
        summary: "One dashboard's Power BI dataset, refreshed as a durable job with its log",
        body: refreshDatasetBodySchema,
        response: { 200: refreshDatasetResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.started,
      data: await dataRefresh.refreshDataset(callerOf(request).user, organizationIdOf(request), request.body),
    }),
  );

  routes.get(
    '/api/v1/data-refresh/logs',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "The organization's refresh logs, newest first (of one day when `date` is given)",
        querystring: refreshLogsQuerySchema,
        response: { 200: refreshLogsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.fetchedLogs,
      data: await dataRefresh.listLogs(organizationIdOf(request), request.query.date),
    }),
  );

  // No organization named (the spec's path): another organization's log answers exactly as a missing one.
  routes.get(
    '/api/v1/data-refresh/status/:id',
    {
      schema: {
        tags,
        summary: 'One refresh log: its status, duration and last refresh date',
        params: refreshStatusParamsSchema,
        response: { 200: refreshStatusResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.fetchedStatus,
      data: await dataRefresh.getLogFor(callerOf(request).user, request.params.id),
    }),
  );

  routes.post(
    '/api/v1/data-refresh/update-stuck-logs',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Fails a dataset's refresh logs left unfinished past the time limit (jobs resolve their own)",
        body: updateStuckLogsBodySchema,
        response: { 200: stuckLogsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.stuckUpdated,
      data: {
        updated: await dataRefresh.updateStuckLogs(organizationIdOf(request), {
          workspaceId: request.body.workspaceId,
          datasetId: request.body.datasetId,
        }),
      },
    }),
  );

  routes.get(
    '/api/v1/data-refresh/auto-update-stuck-logs',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "Fails the organization's refresh logs left unfinished past the time limit",
        querystring: autoUpdateStuckLogsQuerySchema,
        response: { 200: stuckLogsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataRefreshMessages.stuckUpdated,
      data: { updated: await dataRefresh.autoUpdateStuckLogs(organizationIdOf(request)) },
    }),
  );
}
