import type { Database, Executor } from '../../db/client.ts';
import { authRepository } from './auth.repository.ts';

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Ending sessions, for the modules that must (deactivation, admin password reset). */
export function createSessionsService({ db }: { db: Database }) {
  return {
    async revokeUserSessions(userIds: string[], tx: Executor = db): Promise<void> {
      const repo = authRepository(tx);
      for (const userId of userIds) await repo.revokeUserSessions(userId);
    },
  };
}
