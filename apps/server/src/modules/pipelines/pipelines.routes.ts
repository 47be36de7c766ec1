import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availablePipelinesResponseSchema,
  pipelineMessages,
  pipelineOrganizationParamsSchema,
  pipelineRunListQuerySchema,
  pipelineRunListResponseSchema,
  pipelineRunParamsSchema,
  pipelineRunResponseSchema,
  runPipelineQuerySchema,
  runPipelineResponseSchema,
  undoRunResponseSchema,
  replacePreviewQuerySchema,
  replacePreviewResponseSchema,
} from '@finboard/shared/pipelines';
import type { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { PipelinesService } from './pipelines.service.ts';

// Organization users on their own organization's pipelines, admins on any: the tenant guard checks it.
const tenant = { tenantParam: 'organizationId' } as const;
const tags = ['pipelines'];

/** Pipelines (issue 10 §2): the available pipelines, Run Pipeline, the run history and one run. */
export async function pipelinesRoutes(
  app: FastifyInstance,
  opts: { pipelines: PipelinesService; organizations: OrganizationsService },
): Promise<void> {
  const { pipelines, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Routes that name their organization answer 404 for an unknown one (after the guard's 403).
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.tenantParam) await organizations.assertExists(organizationIdOf(request));
  });

  routes.get(
    '/api/v1/pipeline/list-available-pipelines/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The organization's pipelines (one per data type) with the files waiting for each",
        params: pipelineOrganizationParamsSchema,
        response: { 200: availablePipelinesResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: pipelineMessages.fetchedAvailable,
      data: { pipelines: await pipelines.listAvailablePipelines(organizationIdOf(request)) },
    }),
  );

  routes.get(
    '/api/v1/pipeline/list-pipelines/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'The run history, newest first: Filter Pipelines by name, status and date range, one page',
        params: pipelineOrganizationParamsSchema,
        querystring: pipelineRunListQuerySchema,
        response: { 200: pipelineRunListResponseSchema },
      },
    },
    async (request) => {
      const { runs, pagination } = await pipelines.listRuns(organizationIdOf(request), request.query);
      return { status: true as const, message: pipelineMessages.fetchedRuns, data: { pipelines: runs }, pagination };
    },
  );

  // No organization in the path (the spec's): a user opens the runs of their own organization, an admin
  // any run; another organization's run answers exactly as a missing one.
  routes.get(
    '/api/v1/pipeline/runs/:runId',
    {
      schema: {
        tags,
        summary: 'One run with its steps, progress and problems',
        params: pipelineRunParamsSchema,
        response: { 200: pipelineRunResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: pipelineMessages.fetchedRun,
      data: { run: await pipelines.getRunFor(callerOf(request).user, request.params.runId) },
    }),
  );

  routes.get(
    '/api/v1/pipeline/replace-preview/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'What replacing periods of a data type would remove, by file, sync, Studio and demo (before it runs)',
        params: pipelineOrganizationParamsSchema,
        querystring: replacePreviewQuerySchema,
        response: { 200: replacePreviewResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: pipelineMessages.previewed,
      data: await pipelines.previewReplace(organizationIdOf(request), request.query.dataTypeId, request.query.periods),
    }),
  );

  // Undo this load: the warehouse exactly as before the run, or 409 naming the later work in the way.
  routes.post(
    '/api/v1/pipeline/runs/:runId/undo',
    {
      schema: {
        tags,
        summary: 'Undo this load: rows it added removed, rows it removed or replaced restored, aggregates refreshed',
        params: pipelineRunParamsSchema,
        response: { 200: undoRunResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: pipelineMessages.undone,
      data: { run: await pipelines.undoRun(callerOf(request).user, request.params.runId) },
    }),
  );

  const runPipeline = async (request: FastifyRequest<{ Querystring: z.output<typeof runPipelineQuerySchema> }>) => {
    const { pipelineName, is_glDetail: isGlDetail, mode, overwriteEdits } = request.query;
    const { runIds } = await pipelines.queueRuns(
      organizationIdOf(request),
      { pipelineName, isGlDetail, mode, overwriteEdits },
      callerOf(request).user.id,
    );
    return {
      status: true as const,
      message: runIds.length === 0 ? pipelineMessages.noFiles : pipelineMessages.queued,
      data: { runIds },
    };
  };
  const runSchema = (summary: string) => ({
    config: tenant,
    schema: {
      tags,
      summary,
      params: pipelineOrganizationParamsSchema,
      querystring: runPipelineQuerySchema,
      response: { 200: runPipelineResponseSchema },
    },
  });
  // The spec's GET, and POST for clients that will not change state with a GET.
  routes.get(
    '/api/v1/pipeline/run-pipeline/:organizationId',
    runSchema('Run Pipeline: queues one pipeline (pipelineName), the GL Detail ones, or all with files waiting'),
    runPipeline,
  );
  routes.post(
    '/api/v1/pipeline/run-pipeline/:organizationId',
    runSchema('Run Pipeline (POST): as the GET of the same path'),
    runPipeline,
  );
}
