import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SessionsService } from '../auth/sessions.service.ts';

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

export function createOrganizationsService(deps: {
  db: Database;
  audit: AuditService;
  storage: FileStorage;
  sessions: SessionsService;
}) {
  void deps;
  return {};
}
