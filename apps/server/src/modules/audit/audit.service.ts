import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { Principal } from '../../principal.ts';

export interface AuditEntry {
  actor: Pick<Principal, 'id' | 'email'> | null;
  action: string;
  entityType: string;
  entityId: string;
  organizationId?: string | null;
  before?: unknown;
  after?: unknown;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Who changed what, when, before and after. Write it in the same transaction as the change. */
export function createAuditService({ db }: { db: Database }) {
  return {
    async record(entry: AuditEntry, tx: Executor = db): Promise<void> {
      await tx.insert(auditEvents).values({
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? null,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        organizationId: entry.organizationId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async listForEntity(entityType: string, entityId: string, limit = 100) {
      return db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
        .orderBy(desc(auditEvents.createdAt))
        .limit(limit);
    },

    /** The events of one entity of one organization (entity ids of warehouse rows repeat across organizations). */
    async listForOrganizationEntity(organizationId: string, entityType: string, entityId: string, limit = 200) {
      return db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.organizationId, organizationId),
            eq(auditEvents.entityType, entityType),
            eq(auditEvents.entityId, entityId),
          ),
        )
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit);
    },
  };
}
