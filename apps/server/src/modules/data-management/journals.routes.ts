import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import { orgIdParamsSchema } from '@finboard/shared/data-management';
import {
  journalCreateBodySchema,
  journalDataSchema,
  journalMessages as m,
  journalParamsSchema,
  journalQuerySchema,
  journalReplaceBodySchema,
  reconciliationDataSchema,
} from '@finboard/shared/journals';
import { callerOf } from '../../plugins/auth.ts';
import type { JournalsService } from './journals.service.ts';

const tenant = { tenantParam: 'orgId' } as const;
const tags = ['data-management'];

/**
 * Journals of 02_GL_Detail and the trial balance check (issue 9). `journals` and `reconciliation` are
 * static segments, so the router prefers these routes to the Studio's `/crud/:orgId/:table…` ones, and
 * the Studio refuses them as table names.
 */
export async function journalsRoutes(app: FastifyInstance, opts: { journals: JournalsService }): Promise<void> {
  const { journals } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/crud/:orgId/journals/:journalId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'All lines of a journal of 02_GL_Detail, with its debit and credit totals',
        params: journalParamsSchema,
        querystring: journalQuerySchema,
        response: { 200: apiSuccessSchema(journalDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.journalFetched,
      data: {
        journal: await journals.get(request.params.orgId, {
          source: request.query.source,
          journalId: request.params.journalId,
        }),
      },
    }),
  );

  routes.post(
    '/api/v1/crud/:orgId/journals',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Create a journal (two lines or more, balanced to the cent) in one transaction',
        params: orgIdParamsSchema,
        body: journalCreateBodySchema,
        response: { 201: apiSuccessSchema(journalDataSchema) },
      },
    },
    async (request, reply) => {
      const { journal_id: journalId, source, lines } = request.body;
      const journal = await journals.create(callerOf(request).user, request.params.orgId, { source, journalId }, lines);
      return reply.status(201).send({ status: true as const, message: m.journalCreated, data: { journal } });
    },
  );

  routes.put(
    '/api/v1/crud/:orgId/journals/:journalId',
    {
      config: tenant,
      schema: {
        tags,
        summary: "Replace a journal's lines (matched by line number) in one transaction, balanced to the cent",
        params: journalParamsSchema,
        body: journalReplaceBodySchema,
        response: { 200: apiSuccessSchema(journalDataSchema) },
      },
    },
    async (request) => {
      const { orgId, journalId } = request.params;
      const { source, lines } = request.body;
      const journal = await journals.replace(callerOf(request).user, orgId, { source, journalId }, lines);
      return { status: true as const, message: m.journalSaved, data: { journal } };
    },
  );

  routes.delete(
    '/api/v1/crud/:orgId/journals/:journalId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Delete a journal: all its lines, in one transaction',
        params: journalParamsSchema,
        querystring: journalQuerySchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      const { orgId, journalId } = request.params;
      await journals.remove(callerOf(request).user, orgId, { source: request.query.source, journalId });
      return { status: true as const, message: m.journalDeleted };
    },
  );

  routes.get(
    '/api/v1/crud/:orgId/reconciliation',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Trial balance check: accounts whose 04_Trial_Balance closing balance differs from the ledger',
        description:
          'For every period with trial balance rows. Balances are debit − credit; difference = trialBalance − ledger. ' +
          'Empty when the trial balance agrees with 02_GL_Detail.',
        params: orgIdParamsSchema,
        response: { 200: apiSuccessSchema(reconciliationDataSchema) },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.reconciliationFetched,
      data: { differences: await journals.reconciliation(request.params.orgId) },
    }),
  );
}
