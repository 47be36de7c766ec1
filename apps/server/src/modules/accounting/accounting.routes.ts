import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingMessages,
  syncRunParamsSchema,
  syncRunResponseSchema,
  syncRunsQuerySchema,
  syncRunsResponseSchema,
} from '@finboard/shared/accounting';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { AccountingService } from './accounting.service.ts';

/** The sync runs of every accounting system (issue 12). */
export async function accountingRoutes(
  app: FastifyInstance,
  opts: { accounting: AccountingService; organizations: OrganizationsService },
): Promise<void> {
  const { accounting, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Undo this sync. No organization in the path: a user undoes their organization's syncs, an admin any;
  // another organization's run answers as a missing one.
  routes.post(
    '/api/v1/accounting/sync-runs/:runId/undo',
    {
      schema: {
        tags: ['accounting'],
        summary: 'Undo this sync: the lines and accounts it wrote removed, what it removed or changed put back',
        params: syncRunParamsSchema,
        response: { 200: syncRunResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.syncUndone,
      data: { run: await accounting.undoSync(callerOf(request).user, request.params.runId) },
    }),
  );

  routes.get(
    '/api/v1/accounting/sync-runs',
    {
      config: { tenantQuery: 'organization_id' },
      schema: {
        tags: ['accounting'],
        summary: "The organization's accounting sync runs, newest first",
        querystring: syncRunsQuerySchema,
        response: { 200: syncRunsResponseSchema },
      },
    },
    async (request) => {
      const organizationId = organizationIdOf(request);
      await organizations.assertExists(organizationId);
      return {
        status: true as const,
        message: accountingMessages.fetchedRuns,
        data: { runs: await accounting.listRuns(organizationId) },
      };
    },
  );
}
