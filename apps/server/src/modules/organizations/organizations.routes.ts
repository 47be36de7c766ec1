import type { FastifyInstance } from 'fastify';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';
import type { OrganizationsService } from './organizations.service.ts';

export async function organizationsRoutes(
  app: FastifyInstance,
  opts: { organizations: OrganizationsService; dashboards: DashboardsService },
): Promise<void> {
  void app;
  void opts;
}
