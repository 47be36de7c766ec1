import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  saveStatementLayoutSchema,
  statementLayoutMessages as m,
  statementLayoutParamsSchema,
  statementLayoutResponseSchema,
} from '@finboard/shared/statement-layouts';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { StatementLayoutsService } from './statement-layouts.service.ts';

/**
 * Organization users on their own organization's layout, admins on any (the tenant guard checks it): the same
 * rule as editing the chart of accounts in the Studio, which is what a move does.
 */
const tenant = { tenantParam: 'organizationId' } as const;
const tags = ['statement-layouts'];

/** The statement layout (issue 25 §1): which accounts go to which line of the statements, in which order. */
export async function statementLayoutsRoutes(
  app: FastifyInstance,
  opts: { statementLayouts: StatementLayoutsService },
): Promise<void> {
  const { statementLayouts } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/statement-layouts/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          "The organization's statement layout: every line of every type (empty ones too) with its accounts in " +
          'order; version 0 is the default, from the accounts’ subtypes',
        params: statementLayoutParamsSchema,
        response: { 200: statementLayoutResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.fetched,
      data: await statementLayouts.layout(organizationIdOf(request)),
    }),
  );

  routes.put(
    '/api/v1/statement-layouts/:organizationId',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          'Save the layout read at `version` (409 when it changed since): every account of the chart exactly once, ' +
          'on a line of its type; an account put on another line gets that subtype in 01_Account',
        params: statementLayoutParamsSchema,
        body: saveStatementLayoutSchema,
        response: { 200: statementLayoutResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.saved,
      data: await statementLayouts.save(callerOf(request).user, organizationIdOf(request), request.body),
    }),
  );
}
