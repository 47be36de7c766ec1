import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  glLinesParamsSchema,
  glLinesQuerySchema,
  glLinesResponseSchema,
  kpisParamsSchema,
  kpisQuerySchema,
  kpisResponseSchema,
  reportMessages,
  reportParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
} from '@finboard/shared/reports';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { ReportsService } from './reports.service.ts';

// Organization users on their own organization's reports, admins on any: the tenant guard checks it.
const tenant = { tenantParam: 'organizationId' } as const;
const tags = ['reports'];

/** The built-in statements (issue 11 §1), the GL lines behind any of their figures, and the KPI library. */
export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }): Promise<void> {
  const { reports } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A static segment: the router prefers it to `:template`, so 'gl-lines' is never taken for a template.
  routes.get(
    '/api/v1/reports/:organizationId/gl-lines',
    {
      config: tenant,
      schema: {
        tags,
        summary: 'Drill-down: the GL lines behind a figure, one page, with the debit and credit of all of them',
        params: glLinesParamsSchema,
        querystring: glLinesQuerySchema,
        response: { 200: glLinesResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: reportMessages.linesFetched,
      data: await reports.glLines(organizationIdOf(request), request.query),
    }),
  );

  // Static too: 'kpis' is never taken for a template.
  routes.get(
    '/api/v1/reports/:organizationId/kpis',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          'The KPI library (docs/kpis.md): margins, liquidity, working-capital days, leverage, burn and runway for ' +
          'a period range (default: the fiscal year to date), beside the previous period and the prior year',
        params: kpisParamsSchema,
        querystring: kpisQuerySchema,
        response: { 200: kpisResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: reportMessages.kpisFetched,
      data: await reports.kpis(organizationIdOf(request), request.query),
    }),
  );

  routes.get(
    '/api/v1/reports/:organizationId/:template',
    {
      config: tenant,
      schema: {
        tags,
        summary:
          'A built-in statement (financial-overview, profit-and-loss, balance-sheet, cash-flow, budget-vs-actual, ' +
          'expense-analysis) for a period range (default: the fiscal year to date), entity and department',
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: reportMessages.fetched,
      data: await reports.report(organizationIdOf(request), request.params.template, request.query),
    }),
  );
}
