import type { FastifyInstance } from 'fastify';
import type { DashboardsService } from './dashboards.service.ts';

export async function dashboardsRoutes(app: FastifyInstance, opts: { dashboards: DashboardsService }): Promise<void> {
  void app;
  void opts;
}
