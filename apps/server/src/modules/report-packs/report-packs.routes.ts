import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import {
  reportPackMessages as m,
  packCommentaryBodySchema,
  packCommentaryResponseSchema,
  packCreateBodySchema,
  packDraftResponseSchema,
  packFileParamsSchema,
  packGenerateBodySchema,
  packGenerateResponseSchema,
  packOrganizationParamsSchema,
  packParamsSchema,
  packPeriodParamsSchema,
  packPreviewBodySchema,
  packPreviewResponseSchema,
  packResponseSchema,
  packRunParamsSchema,
  packRunResponseSchema,
  packRunsResponseSchema,
  packSignOffSchema,
  packsResponseSchema,
  packTemplateBodySchema,
  packTemplateParamsSchema,
  packTemplateResponseSchema,
  packTemplatesResponseSchema,
  packUpdateBodySchema,
} from '@finboard/shared/report-packs';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import { sendDownload } from '../../platform/http/download.ts';
import type { ReportPacksService } from './report-packs.service.ts';

// The organization's users and administrators: the tenant guard checks it.
const tenant = { tenantParam: 'organizationId' } as const;
const admin = { access: 'admin' } as const;
const tags = ['report-packs'];

/** Report packs (issue 27): templates, packs, preview, generation and runs, commentary and sign-off. */
export async function reportPacksRoutes(app: FastifyInstance, opts: { packs: ReportPacksService }): Promise<void> {
  const { packs } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = <T>(message: string, data: T) => ({ status: true as const, message, data });
  const actor = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user;

  // ---- templates
  routes.get(
    '/api/v1/report-pack-templates',
    {
      config: admin,
      schema: { tags, summary: 'Report pack templates', response: { 200: packTemplatesResponseSchema } },
    },
    async () => ok(m.templatesFetched, { templates: await packs.listTemplates() }),
  );
  routes.post(
    '/api/v1/report-pack-templates',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Adds a template',
        body: packTemplateBodySchema,
        response: { 201: packTemplateResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(m.templateCreated, { template: await packs.createTemplate(actor(request), request.body) })),
  );
  routes.get(
    '/api/v1/report-pack-templates/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A template',
        params: packTemplateParamsSchema,
        response: { 200: packTemplateResponseSchema },
      },
    },
    async (request) => ok(m.templateFetched, { template: await packs.getTemplate(request.params.id) }),
  );
  routes.put(
    '/api/v1/report-pack-templates/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Saves a template: every pack made from it follows, but the pages it overrides',
        params: packTemplateParamsSchema,
        body: packTemplateBodySchema,
        response: { 200: packTemplateResponseSchema },
      },
    },
    async (request) =>
      ok(m.templateUpdated, { template: await packs.updateTemplate(actor(request), request.params.id, request.body) }),
  );
  routes.delete(
    '/api/v1/report-pack-templates/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a template no pack uses',
        params: packTemplateParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await packs.deleteTemplate(actor(request), request.params.id);
      return { status: true as const, message: m.templateDeleted };
    },
  );

  // ---- packs
  routes.get(
    '/api/v1/report-packs/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The organization's packs",
        params: packOrganizationParamsSchema,
        response: { 200: packsResponseSchema },
      },
    },
    async (request) => ok(m.packsFetched, { packs: await packs.listPacks(organizationIdOf(request)) }),
  );
  routes.post(
    '/api/v1/report-packs/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Adds a pack, from a template or with its own pages',
        params: packOrganizationParamsSchema,
        body: packCreateBodySchema,
        response: { 201: packResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(m.packCreated, { pack: await packs.createPack(actor(request), organizationIdOf(request), request.body) }),
        ),
  );
  routes.get(
    '/api/v1/report-packs/:organizationId/:packId',
    {
      config: tenant,
      schema: { tags, summary: 'A pack', params: packParamsSchema, response: { 200: packResponseSchema } },
    },
    async (request) =>
      ok(m.packFetched, { pack: await packs.getPack(organizationIdOf(request), request.params.packId) }),
  );
  routes.put(
    '/api/v1/report-packs/:organizationId/:packId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Saves a pack: name, pages, formats, colour, schedule, recipients; or detaches it from its template',
        params: packParamsSchema,
        body: packUpdateBodySchema,
        response: { 200: packResponseSchema },
      },
    },
    async (request) =>
      ok(m.packUpdated, {
        pack: await packs.updatePack(actor(request), organizationIdOf(request), request.params.packId, request.body),
      }),
  );
  routes.delete(
    '/api/v1/report-packs/:organizationId/:packId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Deletes a pack, its runs and files',
        params: packParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await packs.deletePack(actor(request), organizationIdOf(request), request.params.packId);
      return { status: true as const, message: m.packDeleted };
    },
  );

  // ---- preview, generate, runs
  routes.post(
    '/api/v1/report-packs/:organizationId/:packId/preview',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'The pack assembled for a period (its pages, or the unsaved ones sent): what its PDF shows',
        params: packParamsSchema,
        body: packPreviewBodySchema,
        response: { 200: packPreviewResponseSchema },
      },
    },
    async (request) =>
      ok(m.previewed, {
        document: await packs.preview(
          actor(request),
          organizationIdOf(request),
          request.params.packId,
          request.body.period,
          request.body.pages,
        ),
      }),
  );
  routes.post(
    '/api/v1/report-packs/:organizationId/:packId/generate',
    {
      config: tenant,
      schema: {
        tags,
        summary: "Queues the pack's files for a period, and their mail to its recipients when `deliver`",
        params: packParamsSchema,
        body: packGenerateBodySchema,
        response: { 202: packGenerateResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        ok(m.generateQueued, {
          runId: await packs.generate(actor(request), organizationIdOf(request), request.params.packId, request.body),
        }),
      ),
  );
  routes.get(
    '/api/v1/report-packs/:organizationId/:packId/runs',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The pack's runs, newest first",
        params: packParamsSchema,
        response: { 200: packRunsResponseSchema },
      },
    },
    async (request) =>
      ok(m.runsFetched, { runs: await packs.listRuns(organizationIdOf(request), request.params.packId) }),
  );
  routes.get(
    '/api/v1/report-packs/:organizationId/:packId/runs/:runId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'A run: status, progress, files, deliveries',
        params: packRunParamsSchema,
        response: { 200: packRunResponseSchema },
      },
    },
    async (request) =>
      ok(m.runFetched, {
        run: await packs.getRun(organizationIdOf(request), request.params.packId, request.params.runId),
      }),
  );
  routes.get(
    '/api/v1/report-packs/:organizationId/:packId/runs/:runId/files/:format',
    {
      config: tenant,
      schema: { tags, summary: "A run's PDF or workbook", params: packFileParamsSchema, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const { packId, runId, format } = request.params;
      const file = await packs.runFile(organizationIdOf(request), packId, runId, format);
      return sendDownload(reply, { filename: file.filename, contentType: file.contentType, body: file.content });
    },
  );

  // ---- commentary and sign-off
  routes.get(
    '/api/v1/report-packs/:organizationId/:packId/commentary/:period',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The period's commentary and its figures",
        params: packPeriodParamsSchema,
        response: { 200: packCommentaryResponseSchema },
      },
    },
    async (request) =>
      ok(
        m.commentaryFetched,
        await packs.commentary(organizationIdOf(request), request.params.packId, request.params.period),
      ),
  );
  routes.put(
    '/api/v1/report-packs/:organizationId/:packId/commentary/:period',
    {
      config: tenant,
      schema: {
        tags,
        summary: "Saves the period's commentary ({{placeholders}} stand for figures)",
        params: packPeriodParamsSchema,
        body: packCommentaryBodySchema,
        response: { 200: packCommentaryResponseSchema },
      },
    },
    async (request) => {
      const { packId, period } = request.params;
      return ok(
        m.commentarySaved,
        await packs.saveCommentary(actor(request), organizationIdOf(request), packId, period, request.body.text),
      );
    },
  );
  routes.post(
    '/api/v1/report-packs/:organizationId/:packId/commentary/:period/draft',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'A first draft of the commentary from the figures alone (not saved)',
        params: packPeriodParamsSchema,
        response: { 200: packDraftResponseSchema },
      },
    },
    async (request) => {
      const { refused, ...draft } = await packs.draftCommentary(
        organizationIdOf(request),
        request.params.packId,
        request.params.period,
      );
      return ok(refused ? m.rephraseChangedNumbers : m.commentaryDrafted, draft);
    },
  );
  routes.post(
    '/api/v1/report-packs/:organizationId/:packId/tie-out/:period/sign-off',
    {
      config: tenant,
      schema: {
        tags,
        summary: "Signs off the period's tie-out as the caller, now",
        params: packPeriodParamsSchema,
        response: { 200: apiSuccessSchema(z.object({ signedOff: packSignOffSchema })) },
      },
    },
    async (request) =>
      ok(m.tieOutSignedOff, {
        signedOff: await packs.signOff(
          actor(request),
          organizationIdOf(request),
          request.params.packId,
          request.params.period,
        ),
      }),
  );
}
