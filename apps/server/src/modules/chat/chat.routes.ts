import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatAskBodySchema,
  chatAskResponseSchema,
  chatClearBodySchema,
  chatClearResponseSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatMessages,
  chatSuggestionsQuerySchema,
  chatSuggestionsResponseSchema,
} from '@finboard/shared/chat';
import { consolidationMessages } from '@finboard/shared/consolidation';
import { notFound } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { organizationIdOf } from '../../plugins/tenant-guard.ts';
import type { ConsolidationGroupsService } from '../consolidation/consolidation-groups.service.ts';
import type { ChatService } from './chat.service.ts';

const tags = ['chat'];
const inBody = { tenantBody: 'organizationId' } as const;
const inQuery = { tenantQuery: 'organizationId' } as const;

/** Chat DB (issue 13; spec §7 `POST /api/v1/chat/ask`). */
export async function chatRoutes(
  app: FastifyInstance,
  opts: { chat: ChatService; groups: Pick<ConsolidationGroupsService, 'parentOf'> },
): Promise<void> {
  const { chat, groups } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // An organization user may leave out organizationId: their own organization is meant; an administrator asking
  // a consolidation group, its parent. The tenant guard then checks whatever is named (an admin must name one; a
  // user naming another organization gets 403), and the service that the group is that organization's.
  app.addHook('preValidation', async (request) => {
    const { tenantBody, tenantQuery } = request.routeOptions.config;
    const input = (tenantBody ? request.body : tenantQuery ? request.query : undefined) as
      Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object' || 'organizationId' in input) return;
    const own = callerOf(request).user.organizationId;
    if (own) input.organizationId = own;
    else if (typeof input.groupId === 'string' && z.uuid().safeParse(input.groupId).success) {
      const parent = await groups.parentOf(input.groupId);
      if (!parent) throw notFound(consolidationMessages.notFound);
      input.organizationId = parent;
    }
  });

  routes.post(
    '/api/v1/chat/ask',
    {
      config: inBody,
      schema: {
        tags,
        summary:
          "A question about the organization's books, answered from its warehouse by one checked, read-only SELECT",
        body: chatAskBodySchema,
        response: { 200: chatAskResponseSchema },
      },
    },
    async (request) => {
      const data = await chat.ask(callerOf(request).user, organizationIdOf(request), request.body);
      return { status: true as const, message: chatMessages.answered, text: data.response, data };
    },
  );

  routes.get(
    '/api/v1/chat/history',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "The caller's conversation in this organization (the latest when none is named)",
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: chatMessages.historyFetched,
      data: await chat.history(
        callerOf(request).user,
        organizationIdOf(request),
        request.query.conversationId,
        request.query.groupId,
      ),
    }),
  );

  routes.post(
    '/api/v1/chat/clear',
    {
      config: inBody,
      schema: {
        tags,
        summary: "Clears the caller's conversation (or all of them) in this organization",
        body: chatClearBodySchema,
        response: { 200: chatClearResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: chatMessages.cleared,
      data: await chat.clear(
        callerOf(request).user,
        organizationIdOf(request),
        request.body.conversationId,
        request.body.groupId,
      ),
    }),
  );

  routes.get(
    '/api/v1/chat/suggestions',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "Starter questions drawn from the organization's own data",
        querystring: chatSuggestionsQuerySchema,
        response: { 200: chatSuggestionsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: chatMessages.historyFetched,
      data: {
        questions: await chat.suggestions(callerOf(request).user, organizationIdOf(request), request.query.groupId),
      },
    }),
  );
}
