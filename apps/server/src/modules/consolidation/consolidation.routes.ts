import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessageSchema } from '@finboard/shared/api';
import {
  consolidatedReportParamsSchema,
  consolidatedReportResponseSchema,
  consolidationGroupInputSchema,
  consolidationGroupParamsSchema,
  consolidationGroupResponseSchema,
  consolidationGroupsResponseSchema,
  consolidationMessages as m,
  parentGroupsParamsSchema,
  parentGroupsResponseSchema,
} from '@finboard/shared/consolidation';
import { reportQuerySchema } from '@finboard/shared/reports';
import { callerOf } from '../../plugins/auth.ts';
import type { ConsolidatedReportsService } from './consolidated-reports.service.ts';
import type { ConsolidationGroupsService } from './consolidation-groups.service.ts';

const admin = { access: 'admin' } as const;
const tags = ['consolidation'];

/**
 * Consolidation groups: administrators keep them; a group's statements are read by administrators and by the
 * users of its parent organization (anyone else: 404, as if it did not exist).
 */
export async function consolidationRoutes(
  app: FastifyInstance,
  opts: { groups: ConsolidationGroupsService; reports: ConsolidatedReportsService },
): Promise<void> {
  const { groups, reports } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/consolidation-groups',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every consolidation group with its members and rules',
        response: { 200: consolidationGroupsResponseSchema },
      },
    },
    async () => ({ status: true as const, message: m.listed, data: { groups: await groups.list() } }),
  );

  routes.post(
    '/api/v1/consolidation-groups',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creates a consolidation group',
        body: consolidationGroupInputSchema,
        response: { 200: consolidationGroupResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.created,
      data: { group: await groups.create(request.body, callerOf(request).user) },
    }),
  );

  routes.get(
    '/api/v1/consolidation-groups/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A consolidation group',
        params: consolidationGroupParamsSchema,
        response: { 200: consolidationGroupResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.fetched,
      data: { group: await groups.get(request.params.id) },
    }),
  );

  routes.put(
    '/api/v1/consolidation-groups/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replaces a consolidation group: name, currency, parent, members and rules',
        params: consolidationGroupParamsSchema,
        body: consolidationGroupInputSchema,
        response: { 200: consolidationGroupResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.updated,
      data: { group: await groups.update(request.params.id, request.body, callerOf(request).user) },
    }),
  );

  routes.delete(
    '/api/v1/consolidation-groups/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a consolidation group',
        params: consolidationGroupParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await groups.delete(request.params.id, callerOf(request).user);
      return { status: true as const, message: m.deleted };
    },
  );

  // Static segment: never taken for a group's id. The organization's users and administrators (the tenant guard).
  routes.get(
    '/api/v1/consolidation-groups/of-organization/:organizationId',
    {
      config: { tenantParam: 'organizationId' },
      schema: {
        tags,
        summary: 'The groups an organization is the parent of (its users read their statements)',
        params: parentGroupsParamsSchema,
        response: { 200: parentGroupsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.listed,
      data: { groups: await groups.ofParent(request.params.organizationId) },
    }),
  );

  routes.get(
    '/api/v1/consolidation-groups/:id/reports/:template',
    {
      schema: {
        tags,
        summary:
          'A consolidated statement (profit-and-loss, balance-sheet, cash-flow, financial-overview) in the reporting ' +
          'currency, with the consolidation worksheet and the unmatched intercompany differences',
        params: consolidatedReportParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: consolidatedReportResponseSchema },
      },
    },
    async (request) => {
      const group = await groups.readableBy(request.params.id, callerOf(request).user);
      return {
        status: true as const,
        message: m.reportFetched,
        data: await reports.report(group, request.params.template, request.query),
      };
    },
  );
}
