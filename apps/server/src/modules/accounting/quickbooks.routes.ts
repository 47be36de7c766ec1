import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingMessages,
  quickbooksAccountsQuerySchema,
  quickbooksAccountsResponseSchema,
  quickbooksCallbackQuerySchema,
  quickbooksConnectBodySchema,
  quickbooksConnectResponseSchema,
  quickbooksSyncBodySchema,
  syncStartedResponseSchema,
} from '@finboard/shared/accounting';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { namedOrganizationExists } from '../organizations/named-organization-exists.ts';
import type { AccountingService } from './accounting.service.ts';
import { connectionStatusRoute } from './connection-status.route.ts';
import type { QuickbooksService } from './quickbooks.service.ts';

const tags = ['quickbooks'];

/** QuickBooks Online (issue 12, spec §7 system A). */
export async function quickbooksRoutes(
  app: FastifyInstance,
  opts: { quickbooks: QuickbooksService; accounting: AccountingService; organizations: OrganizationsService },
): Promise<void> {
  const { quickbooks, accounting, organizations } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('preHandler', namedOrganizationExists(organizations));

  routes.post(
    '/api/v1/quickbooks/connect',
    {
      config: { tenantBody: 'organization_id' },
      schema: {
        tags,
        summary:
          "Intuit's authorization URL for the organization (authorization code flow; its state works once, for 10 minutes)",
        body: quickbooksConnectBodySchema,
        response: { 200: quickbooksConnectResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.continueToQuickbooks,
      data: await quickbooks.connect(
        organizationIdOf(request),
        callerOf(request).user,
        request.body.replace_company ?? false,
      ),
    }),
  );

  // Intuit sends the browser here: no bearer token, the state (single-use) names the organization.
  routes.get(
    '/api/v1/quickbooks/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'OAuth redirect: stores the tokens and sends the browser back to /apps',
        querystring: quickbooksCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      return reply.redirect(await quickbooks.callback(request.query), 302);
    },
  );

  routes.get(
    '/api/v1/quickbooks/accounts',
    {
      config: { tenantQuery: 'organization_id' },
      schema: {
        tags,
        summary: "The organization's QuickBooks connection (at most one), and whether QuickBooks is configured",
        querystring: quickbooksAccountsQuerySchema,
        response: { 200: quickbooksAccountsResponseSchema },
      },
    },
    async (request) => {
      const accounts = await accounting.listConnections(
        organizationIdOf(request),
        'quickbooks',
        accountingMessages.fetchAccountsFailed,
      );
      return {
        status: true as const,
        message: accountingMessages.fetchedAccounts,
        data: {
          accounts: accounts.map(({ externalId, ...account }) => ({ ...account, realmId: externalId })),
          configured: quickbooks.configured(),
        },
      };
    },
  );

  connectionStatusRoute(app, accounting, 'quickbooks', 'tokens');

  routes.post(
    '/api/v1/quickbooks',
    {
      config: { tenantBody: 'organization_id' },
      schema: {
        tags,
        summary: 'Starts a sync of the connection (a durable job) and answers its run id',
        body: quickbooksSyncBodySchema,
        response: { 200: syncStartedResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.syncStarted,
      data: {
        runId: await accounting.startSync(
          organizationIdOf(request),
          'quickbooks',
          request.body.id,
          callerOf(request).user.id,
        ),
      },
    }),
  );
}
