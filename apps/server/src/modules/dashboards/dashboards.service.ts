import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';

export type DashboardsService = ReturnType<typeof createDashboardsService>;

export function createDashboardsService(deps: { db: Database; audit: AuditService }) {
  void deps;
  return {};
}
