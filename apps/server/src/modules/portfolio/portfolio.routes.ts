import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portfolioMessages as m, portfolioQuerySchema, portfolioResponseSchema } from '@finboard/shared/portfolio';
import type { PortfolioService } from './portfolio.service.ts';

/** The portfolio: every organization at a glance, for administrators (across organizations: no tenant). */
export async function portfolioRoutes(app: FastifyInstance, opts: { portfolio: PortfolioService }): Promise<void> {
  const { portfolio } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/portfolio',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['portfolio'],
        summary: 'Portfolio: every organization with its latest figures, loads, syncs and flags; one page',
        querystring: portfolioQuerySchema,
        response: { 200: portfolioResponseSchema },
      },
    },
    async (request) => {
      const { organizations, pagination } = await portfolio.list(request.query);
      return { status: true as const, message: m.fetched, data: { organizations }, pagination };
    },
  );
}
