import type { FastifyRequest } from 'fastify';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from './organizations.service.ts';

/**
 * A preHandler for routes that name their organization in the body or query: an unknown one answers 404
 * (after the tenant guard's 403), before the handler looks for anything of it.
 */
export const namedOrganizationExists =
  (organizations: OrganizationsService) =>
  async (request: FastifyRequest): Promise<void> => {
    const { tenantBody, tenantQuery } = request.routeOptions.config;
    if (tenantBody || tenantQuery) await organizations.assertExists(organizationIdOf(request));
  };
