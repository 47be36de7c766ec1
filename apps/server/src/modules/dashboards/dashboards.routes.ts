import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import {
  dashboardInputSchema,
  dashboardMessages,
  dashboardReorderSchema,
  dashboardSchema,
} from '@finboard/shared/dashboards';
import { organizationIdParamsSchema } from '@finboard/shared/organizations';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { DashboardsService } from './dashboards.service.ts';

const dashboardParamsSchema = organizationIdParamsSchema.extend({
  dashboardId: z.uuid({ error: dashboardMessages.notFound }),
});

/** The dashboards of one organization, configured on its Organization Profile (spec §2 Add Dashboard). */
export async function dashboardsRoutes(
  app: FastifyInstance,
  opts: { dashboards: DashboardsService; organizations: OrganizationsService },
): Promise<void> {
  const { dashboards, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Every route here names its organization; the tenant guard has vetted the caller by now (404 after 403).
  app.addHook('preHandler', async (request) => {
    await organizations.assertExists(organizationIdOf(request));
  });

  routes.post(
    '/api/v1/organization/:id/dashboards',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['dashboards'],
        summary: "Add a dashboard at the end of the organization's list",
        params: organizationIdParamsSchema,
        body: dashboardInputSchema,
        response: { 201: apiSuccessSchema(z.object({ dashboard: dashboardSchema })) },
      },
    },
    async (request, reply) => {
      const dashboard = await dashboards.create(callerOf(request).user, organizationIdOf(request), request.body);
      return reply.status(201).send({ status: true as const, message: dashboardMessages.updated, data: { dashboard } });
    },
  );

  routes.put(
    '/api/v1/organization/:id/dashboards/order',
    {
      // Organization users save the drawer's drag-and-drop order too (spec §4).
      config: { tenantParam: 'id' },
      schema: {
        tags: ['dashboards'],
        summary: 'Save the order of the dashboards (a user sends the ones they see)',
        params: organizationIdParamsSchema,
        body: dashboardReorderSchema,
        response: { 200: apiSuccessSchema(z.object({ dashboards: z.array(dashboardSchema) })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dashboardMessages.updated,
      data: {
        dashboards: await dashboards.reorder(
          callerOf(request).user,
          organizationIdOf(request),
          request.body.dashboardIds,
        ),
      },
    }),
  );

  routes.put(
    '/api/v1/organization/:id/dashboards/:dashboardId',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['dashboards'],
        summary: 'Edit a dashboard of the organization',
        params: dashboardParamsSchema,
        body: dashboardInputSchema,
        response: { 200: apiSuccessSchema(z.object({ dashboard: dashboardSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dashboardMessages.updated,
      data: {
        dashboard: await dashboards.update(
          callerOf(request).user,
          organizationIdOf(request),
          request.params.dashboardId,
          request.body,
        ),
      },
    }),
  );

  routes.delete(
    '/api/v1/organization/:id/dashboards/:dashboardId',
    {
      config: { access: 'admin', tenantParam: 'id' },
      schema: {
        tags: ['dashboards'],
        summary: 'Remove a dashboard of the organization',
        params: dashboardParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await dashboards.remove(callerOf(request).user, organizationIdOf(request), request.params.dashboardId);
      return { status: true as const, message: dashboardMessages.updated };
    },
  );
}
