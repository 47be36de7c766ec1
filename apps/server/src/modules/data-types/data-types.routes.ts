import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessageSchema, apiSuccessSchema } from '@finboard/shared/api';
import {
  dataTypeCreateRequestSchema,
  dataTypeIdParamsSchema,
  dataTypeListResponseSchema,
  dataTypeListQuerySchema,
  dataTypeMessages,
  dataTypeOrganizationParamsSchema,
  dataTypeSchema,
  dataTypeUpdateRequestSchema,
} from '@finboard/shared/data-types';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { DataTypesService } from './data-types.service.ts';

// Organization users on their own organization's types, admins on any: the tenant guard checks `orgId`.
const tenant = { tenantParam: 'orgId' } as const;
const tags = ['data-types'];

/** Data Type Master (issue 4): the catalog of data types an organization's uploads are tagged with. */
export async function dataTypesRoutes(
  app: FastifyInstance,
  opts: { dataTypes: DataTypesService; organizations: OrganizationsService },
): Promise<void> {
  const { dataTypes, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Every route here names its organization; the tenant guard has vetted the caller by now (404 after 403).
  app.addHook('preHandler', async (request) => {
    await organizations.assertExists(organizationIdOf(request));
  });

  routes.get(
    '/api/v1/data-types/:orgId',
    {
      config: tenant,
      schema: {
        tags,
        summary: "The organization's data types: filtered by name and target table, sorted, one page",
        params: dataTypeOrganizationParamsSchema,
        querystring: dataTypeListQuerySchema,
        response: { 200: dataTypeListResponseSchema },
      },
    },
    async (request) => {
      const { dataTypes: page, pagination } = await dataTypes.list(organizationIdOf(request), request.query);
      return { status: true as const, message: dataTypeMessages.fetched, data: { dataTypes: page }, pagination };
    },
  );

  routes.post(
    '/api/v1/data-types/:orgId',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Add Data Type',
        params: dataTypeOrganizationParamsSchema,
        body: dataTypeCreateRequestSchema,
        response: { 201: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request, reply) => {
      const dataType = await dataTypes.create(callerOf(request).user, organizationIdOf(request), request.body);
      return reply.status(201).send({ status: true as const, message: dataTypeMessages.created, data: { dataType } });
    },
  );

  routes.get(
    '/api/v1/data-types/:orgId/:id',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'One data type of the organization',
        params: dataTypeIdParamsSchema,
        response: { 200: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataTypeMessages.fetchedOne,
      data: { dataType: await dataTypes.get(organizationIdOf(request), request.params.id) },
    }),
  );

  routes.put(
    '/api/v1/data-types/:orgId/:id',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Edit Data Type (a standard type keeps its target table)',
        params: dataTypeIdParamsSchema,
        body: dataTypeUpdateRequestSchema,
        response: { 200: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataTypeMessages.updated,
      data: {
        dataType: await dataTypes.update(
          callerOf(request).user,
          organizationIdOf(request),
          request.params.id,
          request.body,
        ),
      },
    }),
  );

  routes.delete(
    '/api/v1/data-types/:orgId/:id',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Delete a data type (standard types cannot be deleted)',
        params: dataTypeIdParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await dataTypes.remove(callerOf(request).user, organizationIdOf(request), request.params.id);
      return { status: true as const, message: dataTypeMessages.deleted };
    },
  );
}
