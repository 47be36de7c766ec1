import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNTING_SYSTEM_NAMES,
  accountingMessages,
  accountStatusBodySchema,
  accountStatusParamsSchema,
  accountStatusResponseSchema,
  type AccountingSystem,
} from '@finboard/shared/accounting';
import { callerOf } from '../../plugins/auth.ts';
import type { AccountingService } from './accounting.service.ts';

/**
 * `PUT /api/v1/{system}/status/{id}` (spec §7), the same for every system: disconnects, forgetting the
 * connection's secrets (`secrets` names them for the API document), or marks it connected. No organization
 * is named (the spec's path): another organization's connection answers as a missing one.
 */
export function connectionStatusRoute(
  app: FastifyInstance,
  accounting: AccountingService,
  system: AccountingSystem,
  secrets: string,
): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    `/api/v1/${system}/status/:id`,
    {
      schema: {
        tags: [system],
        summary: `Disconnects (forgetting the ${secrets}) or marks connected a ${ACCOUNTING_SYSTEM_NAMES[system]} connection`,
        params: accountStatusParamsSchema,
        body: accountStatusBodySchema,
        response: { 200: accountStatusResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: accountingMessages.statusUpdated,
      data: {
        account: await accounting.setStatus(
          callerOf(request).user,
          system,
          request.params.id,
          request.body.accountStatus,
        ),
      },
    }),
  );
}
