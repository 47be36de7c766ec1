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
  dataTypeSchema,
  dataTypeUpdateRequestSchema,
} from '@finboard/shared/data-types';
import { badRequest } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { assertOrganizationAccess } from '../../plugins/tenant-guard.ts';
import type { Principal } from '../auth/principal.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { DataTypesService } from './data-types.service.ts';

/** Data Type Master (issue 4): any signed-in person, on their own organization's types; admins on any. */
export async function dataTypesRoutes(
  app: FastifyInstance,
  opts: { dataTypes: DataTypesService; organizations: OrganizationsService },
): Promise<void> {
  const { dataTypes, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The organization a list or a new type is about: the one named (admins: any; users: only their own,
   * else 403 from the tenant guard's rule), or the caller's own. An admin must name one.
   */
  async function organizationFor(principal: Principal, requested: string | undefined): Promise<string> {
    const organizationId = requested ?? principal.organizationId;
    if (!organizationId) {
      throw badRequest('ORGANIZATION_REQUIRED', dataTypeMessages.organizationRequired, [
        { msg: dataTypeMessages.organizationRequired, path: 'organizationId' },
      ]);
    }
    assertOrganizationAccess(principal, organizationId);
    await organizations.assertExists(organizationId);
    return organizationId;
  }

  routes.get(
    '/api/v1/data-types',
    {
      schema: {
        tags: ['data-types'],
        summary: "An organization's data types: filtered by name and target table, sorted, one page",
        description: 'Admins name the organization with `organizationId`; organization users get their own.',
        querystring: dataTypeListQuerySchema,
        response: { 200: dataTypeListResponseSchema },
      },
    },
    async (request) => {
      const { organizationId, ...query } = request.query;
      const organization = await organizationFor(callerOf(request).user, organizationId);
      const { dataTypes: page, pagination } = await dataTypes.list(organization, query);
      return { status: true as const, message: dataTypeMessages.fetched, data: { dataTypes: page }, pagination };
    },
  );

  routes.post(
    '/api/v1/data-types',
    {
      schema: {
        tags: ['data-types'],
        summary: 'Add Data Type',
        description: 'Admins name the organization with `organizationId`; organization users add to their own.',
        body: dataTypeCreateRequestSchema,
        response: { 201: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request, reply) => {
      const { organizationId, ...fields } = request.body;
      const principal = callerOf(request).user;
      const dataType = await dataTypes.create(principal, await organizationFor(principal, organizationId), fields);
      return reply.status(201).send({ status: true as const, message: dataTypeMessages.created, data: { dataType } });
    },
  );

  routes.get(
    '/api/v1/data-types/:id',
    {
      schema: {
        tags: ['data-types'],
        summary: 'One data type (another organization’s answers 404)',
        params: dataTypeIdParamsSchema,
        response: { 200: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataTypeMessages.fetchedOne,
      data: { dataType: await dataTypes.get(callerOf(request).user, request.params.id) },
    }),
  );

  routes.put(
    '/api/v1/data-types/:id',
    {
      schema: {
        tags: ['data-types'],
        summary: 'Edit Data Type (a standard type keeps its target table)',
        params: dataTypeIdParamsSchema,
        body: dataTypeUpdateRequestSchema,
        response: { 200: apiSuccessSchema(z.object({ dataType: dataTypeSchema })) },
      },
    },
    async (request) => ({
      status: true as const,
      message: dataTypeMessages.updated,
      data: { dataType: await dataTypes.update(callerOf(request).user, request.params.id, request.body) },
    }),
  );

  routes.delete(
    '/api/v1/data-types/:id',
    {
      schema: {
        tags: ['data-types'],
        summary: 'Delete a data type (standard types cannot be deleted)',
        params: dataTypeIdParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await dataTypes.remove(callerOf(request).user, request.params.id);
      return { status: true as const, message: dataTypeMessages.deleted };
    },
  );
}
