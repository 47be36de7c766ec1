import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingMessages,
  intacctAccountsQuerySchema,
  intacctAccountsResponseSchema,
  intacctCreateBodySchema,
  intacctCreateResponseSchema,
  intacctSyncQuerySchema,
  syncStartedResponseSchema,
} from '@finboard/shared/accounting';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { namedOrganizationExists } from '../organizations/named-organization-exists.ts';
import type { AccountingService } from './accounting.service.ts';
import { connectionStatusRoute } from './connection-status.route.ts';
import type { IntacctService } from './intacct.service.ts';

const tags = ['intacct'];

/** Sage Intacct (issue 12, spec §7 system B). */
export async function intacctRoutes(
  app: FastifyInstance,
  opts: { intacct: IntacctService; accounting: AccountingService; organizations: OrganizationsService },
): Promise<void> {
  const { intacct, accounting, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preHandler', namedOrganizationExists(organizations));

  routes.post(
    '/api/v1/intacct',
    {
      config: { tenantBody: 'organization_id' },
      schema: {
        tags,
        summary: 'Adds the organization’s Sage Intacct connection once getAPISession accepts its credentials',
        body: intacctCreateBodySchema,
        response: { 200: intacctCreateResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.accountAdded,
      data: { account: await intacct.create(organizationIdOf(request), request.body) },
    }),
  );

  routes.get(
    '/api/v1/intacct',
    {
      config: { tenantQuery: 'organization_id' },
      schema: {
        tags,
        summary: "The organization's Sage Intacct connection (at most one)",
        querystring: intacctAccountsQuerySchema,
        response: { 200: intacctAccountsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.fetchedAccounts,
      data: { accounts: await intacct.list(organizationIdOf(request)) },
    }),
  );

  connectionStatusRoute(app, accounting, 'intacct', 'credentials');

  // The spec's GET starts a sync; no organization named, as the status route.
  routes.get(
    '/api/v1/intacct/data',
    {
      schema: {
        tags,
        summary: 'Starts a sync of the connection (a durable job) and answers its run id',
        querystring: intacctSyncQuerySchema,
        response: { 200: syncStartedResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.syncStarted,
      data: { runId: await accounting.startSyncById(callerOf(request).user, 'intacct', request.query.id) },
    }),
  );
}
