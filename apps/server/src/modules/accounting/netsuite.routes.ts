import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingMessages,
  netsuiteAccountQuerySchema,
  netsuiteAccountResponseSchema,
  netsuiteAccountsQuerySchema,
  netsuiteAccountsResponseSchema,
  netsuiteCreateBodySchema,
  netsuiteCreateResponseSchema,
  netsuiteSyncParamsSchema,
  syncStartedResponseSchema,
} from '@finboard/shared/accounting';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { namedOrganizationExists } from '../organizations/named-organization-exists.ts';
import type { AccountingService } from './accounting.service.ts';
import { connectionStatusRoute } from './connection-status.route.ts';
import type { NetsuiteService } from './netsuite.service.ts';

const tags = ['netsuite'];

/** NetSuite (issue 12, spec §7 system C). */
export async function netsuiteRoutes(
  app: FastifyInstance,
  opts: { netsuite: NetsuiteService; accounting: AccountingService; organizations: OrganizationsService },
): Promise<void> {
  const { netsuite, accounting, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preHandler', namedOrganizationExists(organizations));

  routes.post(
    '/api/v1/netsuite',
    {
      config: { tenantBody: 'organization_id' },
      schema: {
        tags,
        summary: "Adds the organization's NetSuite connection, proven by getting a token with the certificate",
        body: netsuiteCreateBodySchema,
        response: { 200: netsuiteCreateResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.connected('NetSuite'),
      data: { account: await netsuite.create(organizationIdOf(request), request.body) },
    }),
  );

  routes.get(
    '/api/v1/netsuite',
    {
      config: { tenantQuery: 'organization_id' },
      schema: {
        tags,
        summary: "The organization's NetSuite connection (at most one)",
        querystring: netsuiteAccountsQuerySchema,
        response: { 200: netsuiteAccountsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.fetchedAccounts,
      data: { accounts: await netsuite.list(organizationIdOf(request)) },
    }),
  );

  connectionStatusRoute(app, accounting, 'netsuite', 'certificate');

  routes.get(
    '/api/v1/netsuite/netsuiteAccount',
    {
      config: { tenantQuery: 'orgID' },
      schema: {
        tags,
        summary: 'One NetSuite connection with the state of its latest sync',
        querystring: netsuiteAccountQuerySchema,
        response: { 200: netsuiteAccountResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.fetchedAccounts,
      data: { account: await netsuite.account(organizationIdOf(request), request.query.id) },
    }),
  );

  // No organization named: another organization's connection answers as a missing one.
  routes.post(
    '/api/v1/netsuite/:id/sync',
    {
      schema: {
        tags,
        summary: 'Starts a sync of the connection (a durable job) and answers its run id',
        params: netsuiteSyncParamsSchema,
        response: { 200: syncStartedResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.syncStarted,
      data: { runId: await accounting.startSyncById(callerOf(request).user, 'netsuite', request.params.id) },
    }),
  );
}
